package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Investigation by measurement: the agent runs a command that measures something (counts a page's queries, a
 * request's statements, a job's time), states the figure the output shows, changes a file, runs the same command
 * again and states the new figure ("1,873 queries for one page" ... "Down to 6 queries"). What a later session
 * reuses is the measuring command, so the entry is a debugging method titled by it, with both figures in the body.
 * Keyed on that order of events and on the figures being read off each output, not on wording. Not for a test,
 * build or lint run rerun after a fix (a pass count is not a measurement), not for a failed run, and not where a
 * debugging method already stands on the first run. At most one a session; runs last and only adds.
 */
final class MeasuredFixRule implements Rule.Contextual {
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.-])\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?(?![\\w-])"
            + "|(?<![\\w.,-])\\d+(?:\\.\\d+)?(?![\\w,-])");
    private static final Pattern CHECKS = Pattern.compile("(?i)\\b(?:test|tests|pytest|jest|vitest|mocha|rspec|spec"
            + "|phpunit|ctest|build|lint|check|clippy|vet|tsc|compile|fmt|format|mypy|ruff|eslint|verify|install|ci)\\b");
    private static final int WINDOW = 12;

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<ToolRun> runs = t.runs();
        for (int i = 0; i < runs.size(); i++) {
            ToolRun first = runs.get(i);
            if (!first.succeeded() || first.routine() || CHECKS.matcher(String.join(" ", first.keys())).find()) {
                continue;
            }
            Integer a = t.nextProse(first.ordinal());
            if (a == null || a - first.ordinal() > 2 || !"assistant".equals(t.role(a))
                    || Candidate.anyOn(earlier, EntryType.DEBUGGING_METHOD, first.ordinal(), a)) {
                continue;
            }
            Sentence before = figure(t, claims, a, first.ordinal(), null);
            if (before == null) {
                continue;
            }
            ToolRun edit = null;
            for (int j = i + 1; j < runs.size() && runs.get(j).ordinal() - first.ordinal() <= WINDOW; j++) {
                ToolRun r = runs.get(j);
                if (r.kind() == ToolRun.Kind.EDIT && r.ordinal() > a) {
                    edit = edit == null ? r : edit;
                    continue;
                }
                if (edit == null || !r.succeeded() || !same(first, r)) {
                    continue;
                }
                Integer b = t.nextProse(r.ordinal());
                if (b == null || b - r.ordinal() > 2 || !"assistant".equals(t.role(b))) {
                    break;
                }
                Sentence after = figure(t, claims, b, r.ordinal(), numbers(before.text()));
                if (after == null) {
                    break;
                }
                claims.claim(before);
                claims.claim(after);
                String cmd = Texts.bound(first.command().replaceAll("\\s+", " "), 60);
                String body = "Measured with: `" + Texts.bound(first.command(), 200) + "`\nBefore: " + before.text()
                        + "\nChanged: " + String.join(", ", edit.files()) + "\nAfter: " + after.text();
                return List.of(new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body),
                        Texts.asTitle("Measure it with `" + cmd + "` before and after a fix", Phrasing.TITLE_MAX), body,
                        "when measuring " + Texts.bound(Texts.lowerFirst(before.text().replaceAll("[.!?]+$", "")), 110),
                        0.45, List.of(Candidate.Span.of(first.ordinal(), null), Phrasing.span(before),
                                Candidate.Span.of(edit.ordinal(), null), Candidate.Span.of(r.ordinal(), null),
                                Phrasing.span(after))));
            }
        }
        return List.of();
    }

    /**
     * The same measurement again: a command that says it repeats one, or the same program keys with mostly the same
     * words (two of three shared: an output flag added is the same measurement, another subcommand of the tool is not).
     */
    private static boolean same(ToolRun first, ToolRun again) {
        if (again.command().contains("same as above")) {
            return true;
        }
        if (first.keys().isEmpty() || !first.keys().equals(again.keys())) {
            return false;
        }
        Set<String> a = new HashSet<>(List.of(first.command().split("\\s+")));
        Set<String> b = new HashSet<>(List.of(again.command().split("\\s+")));
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        Set<String> any = new HashSet<>(a);
        any.addAll(b);
        return both.size() * 3 >= any.size() * 2;
    }

    /**
     * The first free sentence of the message that states a figure the tool output shows (commas of thousands
     * ignored), and, when {@code unlike} is given, a figure different from those.
     */
    private static Sentence figure(Transcript t, Claims claims, int msg, int tool, Set<String> unlike) {
        String output = null;
        for (Sentence s : t.sentencesOf(msg)) {
            if (s.isQuestion()) {
                continue;
            }
            Set<String> said = numbers(s.text());
            if (said.isEmpty() || (unlike != null && unlike.containsAll(said))) {
                continue;
            }
            output = output == null ? t.message(tool).text().replace(",", "") : output;
            for (String n : said) {
                if ((unlike == null || !unlike.contains(n)) && shows(output, n)) {
                    List<Sentence> free = claims.free(List.of(s), 1, x -> true);
                    if (!free.isEmpty()) {
                        return s;
                    }
                }
            }
        }
        return null;
    }

    /** The output holds the figure as a number of its own (not inside a longer number or word). */
    private static boolean shows(String output, String n) {
        for (int at = output.indexOf(n); at >= 0; at = output.indexOf(n, at + 1)) {
            int end = at + n.length();
            boolean left = at == 0 || !Character.isLetterOrDigit(output.charAt(at - 1)) && output.charAt(at - 1) != '.';
            boolean right = end == output.length() || !Character.isLetterOrDigit(output.charAt(end))
                    && !(output.charAt(end) == '.' && end + 1 < output.length() && Character.isDigit(output.charAt(end + 1)));
            if (left && right) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> numbers(String text) {
        Set<String> out = new HashSet<>();
        Matcher m = NUMBER.matcher(text);
        while (m.find()) {
            String n = m.group().replace(",", "");
            if (!n.equals("0") && !n.equals("1")) {
                out.add(n);
            }
        }
        return out;
    }
}
