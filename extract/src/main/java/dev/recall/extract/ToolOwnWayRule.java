package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A procedure the user corrected into its proper form: the agent starts the job its own way (a hand edit of a
 * config, a hand-run `pip-compile`), the user turns it down and names how it is done here ("don't hand-write it, v2
 * has `golangci-lint migrate`", "no, don't pip-compile by hand, the locks come from the bazel targets: bazel run
 * //:requirements_3_12.update"), and the very next command runs what the user named and passes, which the assistant
 * then reports. The procedure is that command's steps (undoing the first attempt left out), with the way turned
 * down named in the title, since that is the mistake a later session would repeat. Not when the named command
 * failed, nor when the user's words name no command the run carries out (a rule said in passing, a refusal).
 */
final class ToolOwnWayRule implements Rule.Contextual {
    /** The user's turn-down: "no, ...", "don't ...", "not like that", "we don't do it by hand". */
    private static final Pattern TURNED_DOWN = Pattern.compile("(?i)^(?:no\\b|nope\\b|don't\\b|do not\\b|not like that\\b"
            + "|we don't\\b|never\\b)|\\bby hand\\b|\\bhand-(?:write|written|edit)");
    /** A report that says the job is not done; "comments are not carried over" is a caveat, not a failure. */
    private static final Pattern NOT_DONE = Pattern.compile("(?i)\\b(?:still|fails?|failed|failing|errors?|however"
            + "|wrong|didn't work|doesn't work|can't|couldn't)\\b|\\?");
    /** A program name one would not say in passing: "@eslint/migrate-config", "golangci-lint". */
    private static final Pattern DISTINCT = Pattern.compile("[-/@._:]");
    private static final Set<String> UNDO = Set.of("git checkout", "git restore", "git stash", "git reset", "rm");
    private static final Pattern REQUEST = Pattern.compile("(?i)^(?:(?:ok(?:ay)?|now|next|so|please)[,:.]?\\s+)*((?:add"
            + "|fix|update|upgrade|bump|move|migrate|regenerate|relock|push|ship|release|publish|build|set up|install"
            + "|deploy|cut|make)\\b[^?]{3,80}?)[.!]?$");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        List<ToolRun> runs = t.runs();
        for (int i = 1; i < runs.size(); i++) {
            Candidate c = episode(t, runs, i, earlier);
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    private Candidate episode(Transcript t, List<ToolRun> runs, int index, List<Candidate> earlier) {
        ToolRun done = runs.get(index);
        ToolRun attempt = runs.get(index - 1);
        if (!done.shell() || done.routine() || done.failed() || attempt.kind() == ToolRun.Kind.OTHER) {
            return null;
        }
        // The user's words stand between the attempt and the run, and nothing else does.
        Integer said = t.nextProse(attempt.ordinal());
        if (said == null || said > done.ordinal() || !"user".equals(t.role(said))
                || !said.equals(t.previousProse(done.ordinal()))) {
            return null;
        }
        List<Sentence> words = t.sentencesOf(said);
        Sentence turn = words.stream().filter(s -> TURNED_DOWN.matcher(s.text().strip()).find()).findFirst()
                .orElse(null);
        String all = String.join(" ", words.stream().map(Sentence::text).toList()).toLowerCase(Locale.ROOT);
        if (turn == null) {
            return null;
        }
        // The run carries out what the user named: one of its programs, with its subcommand, is in their words.
        List<String> steps = new ArrayList<>();
        boolean named = false;
        for (String segment : Commands.segments(done.command())) {
            String s = segment.strip();
            List<String> keys = Commands.keys(s);
            if (keys.isEmpty() || keys.stream().allMatch(Commands::isRoutine) || UNDO.contains(keys.getFirst())
                    || UNDO.stream().anyMatch(u -> s.startsWith(u + " ")) || s.startsWith("echo ")) {
                continue;
            }
            steps.add(s);
            List<String> head = Commands.tokens(s).stream().limit(2).toList();
            if (keys.stream().anyMatch(k -> (k.contains(" ") || k.length() >= 8 && DISTINCT.matcher(k).find())
                    && all.contains(k.toLowerCase(Locale.ROOT)))
                    || head.stream().anyMatch(x -> x.length() >= 8 && DISTINCT.matcher(x).find()
                            && all.contains(x.toLowerCase(Locale.ROOT)))
                    || s.length() >= 12 && all.contains(s.toLowerCase(Locale.ROOT))) {
                named = true;
            }
        }
        if (!named || steps.isEmpty() || Candidate.anyOn(earlier, EntryType.PROCEDURE, said, done.ordinal())) {
            return null;
        }
        Integer report = t.nextProse(done.ordinal());
        if (report == null || !"assistant".equals(t.role(report)) || t.sentencesOf(report).isEmpty()
                || NOT_DONE.matcher(t.sentencesOf(report).getFirst().text()).find()) {
            return null;
        }
        for (ToolRun r : runs) {
            if (r.ordinal() > done.ordinal() && r.ordinal() < report && r.shell() && r.failed()) {
                return null;
            }
        }
        String wrong = attempt.kind() == ToolRun.Kind.EDIT
                ? "not a hand edit of `" + shortPath(attempt.files().isEmpty() ? "the file" : attempt.files().getFirst()) + "`"
                : "not `" + DebuggingRule.mainKey(attempt) + "`";
        Set<String> shown = new LinkedHashSet<>(steps);
        String goal = request(t, attempt.ordinal());
        String title = (goal == null ? "" : Texts.capitalize(goal) + ": ")
                + String.join(" → ", shown.stream().map(s -> "`" + s + "`").toList()) + ", " + wrong;
        StringBuilder body = new StringBuilder("Steps that worked:");
        int n = 1;
        for (String s : shown) {
            body.append('\n').append(n++).append(". `").append(s).append('`');
        }
        body.append("\nNot this way: ").append(Texts.bound(turn.text(), 240));
        body.append("\nOutcome: ").append(Texts.bound(t.sentencesOf(report).getFirst().text(), 240));
        List<Candidate.Span> spans = List.of(Phrasing.span(turn), Candidate.Span.of(done.ordinal(), null),
                Candidate.Span.of(report, null));
        String trigger = goal != null ? "when you need to " + Texts.lowerFirst(goal)
                : "when running `" + DebuggingRule.mainKey(done) + "`";
        return new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), body.toString()),
                Texts.bound(title, Phrasing.TITLE_MAX), body.toString(), trigger, 0.5, spans);
    }

    /** The user's request before the attempt ("add httpx to the python deps"), when it is one. */
    private static String request(Transcript t, int before) {
        for (int o = before - 1; o >= 0; o--) {
            if (!"user".equals(t.role(o))) {
                continue;
            }
            for (Sentence s : t.sentencesOf(o)) {
                for (String clause : s.text().strip().split("[,;]\\s+|(?<=[.!])\\s+")) {
                    var m = REQUEST.matcher(clause.strip());
                    if (m.matches()) {
                        return m.group(1).strip();
                    }
                }
            }
            return null;
        }
        return null;
    }

    private static String shortPath(String path) {
        String[] parts = path.split("/");
        return parts.length <= 2 ? path : parts[parts.length - 2] + "/" + parts[parts.length - 1];
    }
}
