package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A multi-turn procedure: the user asks for something a few commands can do ("Fresh clone on my new laptop, `pnpm dev`
 * fails. Get me running?", "Build it and run the tests"), the first tries fail, the user may correct the course ("We
 * moved to uv in September"), and a last command that does what was asked succeeds, which the assistant then reports.
 * The procedure is the commands that worked, in order, with the false starts left out: failed runs (but the steps a
 * retried goal was chained behind, "cp .env.example .env && pnpm dev"), runs the user corrected right after, undoing
 * steps ("git checkout uv.lock") and looks (ls, cat). Only when no file was edited on the way: a fix in the code is
 * the debugging method's, not a procedure one repeats. Runs last, on runs no earlier procedure stands on.
 */
final class WorkedSequenceRule implements Rule.Contextual {
    /** The last run must come within this many messages of the request. */
    private static final int SPAN = 14;
    /** Error lines a transcript's output shows even when no exit code says so ("@app:dev: Error: ...", "CMake Error at"). */
    private static final Pattern ERROR_LINE = Pattern.compile("(?m)(?:^|[\\s:])(?:[A-Z]\\w*)?(?:Errors?|ERRORS?)(?::|\\s+at\\b)"
            + "|(?m)^\\s*[45]\\d\\d (?:Bad Request|Unauthorized|Forbidden|Not Found|Conflict|Internal Server Error)\\b"
            + "|(?m)^\\s*(?:error|fatal)(?:\\[\\w+\\])?:|(?i)\\bcould not (?:open|find|resolve|connect)\\b");
    /** Every {@link #ERROR_LINE} contains one of these (lower-cased). */
    private static final String[] ERROR_GATE = {"error", "could not", "bad request", "unauthorized", "forbidden",
        "not found", "conflict"};
    private static final Pattern SUCCESS = Pattern.compile("(?i)\\b(?:success\\w*|passed|listening|started|healthy"
            + "|ready|up to date|in sync|0 failed|running on|built|installed|applied|written|published|succeeded|deployed"
            + "|completed|200 OK)\\b|✓|✔|100% tests passed");
    /** The user's words right after a run that turn it down: it was a false start. */
    private static final Pattern CORRECTION = Pattern.compile("(?i)^(?:no\\b|nope\\b|don't\\b|do not\\b|never\\b|stop\\b"
            + "|wait\\b|that's wrong\\b|not like that\\b)|\\b(?:don't|do not|never|instead|shouldn't|we moved to"
            + "|there's no|there is no)\\b");
    private static final Set<String> UNDO = Set.of("git checkout", "git restore", "git stash", "git reset");
    /** What the assistant says after the last run when it is not done ("still fails", "but"). */
    private static final Pattern NOT_DONE = Pattern.compile("(?i)\\b(?:still|fails?|failed|failing|error|but|however"
            + "|instead|wrong|not)\\b");
    private static final Pattern REQUEST = Pattern.compile("(?i)^(?:(?:ok(?:ay)?|now|then|so|and|also|please)[,.!]?\\s+)*"
            + "((?:set up|setup|get|build|run|install|deploy|start|bootstrap|configure|compile|bring up|spin up|do|publish"
            + "|release|cut|roll back|upload|ship|rotate|restore|resume|relock|regenerate|evaluate|reproduce)\\b[^?]{3,90}?)"
            + "(?: so .*)?[.!?]?$");
    private static final Pattern IN_PLACE = Pattern.compile("^sed\\s+(?:-\\w+\\s+)*-i\\b|^(?:cp|mv|mkdir|ln|touch|chmod)\\b");
    private static final Pattern OPERATION = Pattern.compile("(?i)(?:^|[,;:]\\s+|\\band\\s+)(?:(?:ok|good|now|then|please"
            + "|so|just)[,.]?\\s+)*((?:roll ?back|redeploy|deploy|put \\S+ on"
            + "|release|publish|republish|rotate|restore|resume|repack|reload|cut ?over|promote)\\b[^.,;?]{0,50}?)"
            + "(?: so\\b.*| and\\b.*|[.,;?]|$)");
    private static final Pattern LOWER_START = Pattern.compile("(?<=[.?!])\\s+(?=[a-z])");
    private static final Pattern STEM = Pattern.compile("(?:ing|es|s|e)$");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        List<ToolRun> runs = t.runs();
        if (runs.stream().filter(ToolRun::shell).count() < 2) {
            return out; // one command is no sequence
        }
        Set<Integer> used = new java.util.HashSet<>();
        for (int ordinal : t.userProse()) {
            if (used.contains(ordinal)) {
                continue;
            }
            Candidate c = episode(t, runs, ordinal, earlier, used);
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    private Candidate episode(Transcript t, List<ToolRun> runs, int request, List<Candidate> earlier, Set<Integer> used) {
        boolean failedOnce = false;
        String operation = operation(t, request);
        List<ToolRun> inEpisode = new ArrayList<>();
        for (ToolRun r : runs) {
            if (r.ordinal() <= request) {
                continue;
            }
            if (r.ordinal() - request > SPAN || r.kind() == ToolRun.Kind.EDIT) {
                return null;
            }
            if (r.kind() != ToolRun.Kind.SHELL) {
                continue;
            }
            inEpisode.add(r);
            if (failed(t, r)) {
                failedOnce = true;
                continue;
            }
            if (!failedOnce && operation == null || r.routine() || !asked(t, request, r) || !succeeded(t, r)) {
                continue;
            }
            Integer next = t.nextProse(r.ordinal());
            if (next == null || !"assistant".equals(t.role(next)) || nextRunBefore(runs, r, next)) {
                continue;
            }
            String report = String.join(" ", t.sentencesOf(next).stream().map(Sentence::text).toList());
            // The report's first sentence says whether it is done; a caveat after it ("One limitation: ...") is not a failure.
            if (t.sentencesOf(next).isEmpty() || NOT_DONE.matcher(t.sentencesOf(next).getFirst().text()).find()) {
                return null;
            }
            return candidate(t, request, inEpisode, r, report, earlier, used, failedOnce ? null : operation);
        }
        return null;
    }

    private Candidate candidate(Transcript t, int request, List<ToolRun> inEpisode, ToolRun last, String report,
            List<Candidate> earlier, Set<Integer> used, String operation) {
        int first = inEpisode.stream().filter(r -> !failed(t, r)).mapToInt(ToolRun::ordinal).min().orElse(last.ordinal());
        if (Candidate.anyOn(earlier, EntryType.PROCEDURE, first, last.ordinal())) {
            return null;
        }
        List<String> goal = lastKeys(last);
        Set<String> steps = new LinkedHashSet<>();
        List<Candidate.Span> spans = new ArrayList<>();
        for (ToolRun r : inEpisode) {
            // "fly deploy --image $(fly releases --json | jq ...)": a substitution is part of its step.
            List<String> segments = r.command().contains("$(") ? List.of(r.command()) : Commands.segments(r.command());
            if (failed(t, r)) {
                // A retried goal chained behind its fix keeps the fix: "cp .env.example .env && pnpm dev".
                if (!goal.isEmpty() && Commands.keys(segments.getLast()).equals(goal)) {
                    for (String s : segments.subList(0, segments.size() - 1)) {
                        keep(steps, s, false);
                    }
                }
                continue;
            }
            if (r != last && (r.routine() || corrected(t, r))) {
                continue;
            }
            int before = steps.size();
            for (int k = 0; k < segments.size(); k++) {
                // The last run's own last step is the goal, even when it is a plain curl.
                boolean goalStep = r == last && k == segments.size() - 1;
                keep(steps, segments.get(k), goalStep);
            }
            if (steps.size() > before && spans.size() < 4) {
                spans.add(Candidate.Span.of(r.ordinal(), null));
            }
        }
        if (steps.size() < 2 || operation != null && inEpisode.stream().filter(r -> !r.routine()).count() < 2) {
            return null;
        }
        for (int o = request; o <= last.ordinal(); o++) {
            used.add(o);
        }
        spans.addFirst(Candidate.Span.of(request, null));
        String asked = operation != null ? operation : requested(t, request);
        String goalText = "`" + Commands.segments(last.command()).getLast() + "`";
        String title = (asked != null ? Texts.capitalize(asked) : "Get " + goalText + " working") + ": "
                + String.join(" → ", steps.stream().map(s -> "`" + s + "`").toList());
        StringBuilder body = new StringBuilder("Steps that worked:");
        int i = 1;
        for (String s : steps) {
            body.append('\n').append(i++).append(". `").append(s).append('`');
        }
        body.append("\nOutcome: ").append(Texts.bound(report, 240));
        return new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), body.toString()),
                Texts.bound(title, Phrasing.TITLE_MAX), body.toString(),
                asked != null ? "when you need to " + Texts.bound(Texts.lowerFirst(asked), 100)
                        : "when " + goalText + " fails on a fresh setup", 0.5, spans);
    }

    private static void keep(Set<String> steps, String segment, boolean goal) {
        String s = segment.strip();
        List<String> keys = Commands.keys(s);
        // A routine program that writes ("sed -i") is a step; one that only shows something is a look.
        boolean writes = IN_PLACE.matcher(s).find();
        if (keys.isEmpty() || !goal && !writes && keys.stream().allMatch(Commands::isRoutine) || UNDO.contains(keys.getFirst())
                || UNDO.stream().anyMatch(u -> s.startsWith(u + " "))) {
            return;
        }
        steps.add(s);
    }

    private static List<String> lastKeys(ToolRun r) {
        List<String> segments = Commands.segments(r.command());
        return segments.isEmpty() ? List.of() : Commands.keys(segments.getLast());
    }

    private static boolean failed(Transcript t, ToolRun r) {
        if (r.failed()) {
            return true;
        }
        dev.recall.store.Message m = t.message(r.ordinal());
        return m != null && m.text() != null && Texts.mentions(m.text(), ERROR_GATE) && ERROR_LINE.matcher(m.text()).find();
    }

    private static boolean succeeded(Transcript t, ToolRun r) {
        dev.recall.store.Message m = t.message(r.ordinal());
        return m != null && m.text() != null && SUCCESS.matcher(m.text()).find();
    }

    /** The user's next words after the run turn it down, before any other run. */
    private static boolean corrected(Transcript t, ToolRun r) {
        Integer next = t.nextProse(r.ordinal());
        if (next == null || !"user".equals(t.role(next))) {
            return false;
        }
        for (ToolRun other : t.runs()) {
            if (other.ordinal() > r.ordinal() && other.ordinal() < next) {
                return false;
            }
        }
        return t.sentencesOf(next).stream().anyMatch(s -> CORRECTION.matcher(s.text()).find());
    }

    /** Another real run before the report; a routine check after the last step ("curl -s -o /dev/null ...") is not. */
    private static boolean nextRunBefore(List<ToolRun> runs, ToolRun r, int ordinal) {
        return runs.stream().anyMatch(x -> x.ordinal() > r.ordinal() && x.ordinal() < ordinal && x.shell()
                && !x.routine());
    }

    /**
     * An operation asked for that commands carry out with nothing failing first ("Roll back first", "put it on
     * staging"): the sequence that did it is the procedure too.
     */
    private static String operation(Transcript t, int request) {
        for (Sentence s : t.sentencesOf(request)) {
            for (String part : LOWER_START.split(s.text().strip())) {
                var m = OPERATION.matcher(part);
                if (m.find()) {
                    return m.group(1).strip().replaceFirst("(?i)\\s+(?:first|now|please|then)$", "");
                }
            }
        }
        return null;
    }

    /** The request names what the last run does: a word of it (stemmed) is in the command line. */
    private static boolean asked(Transcript t, int request, ToolRun r) {
        String command = r.command().toLowerCase(Locale.ROOT);
        for (Sentence s : t.sentencesOf(request)) {
            for (String w : s.text().toLowerCase(Locale.ROOT).split("[^a-z0-9-]+")) {
                String stem = STEM.matcher(w).replaceFirst("");
                if (stem.length() >= 4 && !stem.matches("just|again|pleas|that|this|with|from|then|them|into|what"
                        + "|when|have|fail|work|runn|make|sure") && command.contains(stem)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** "Set up the env and run the tests": the user's request, when it is one. */
    private static String requested(Transcript t, int request) {
        for (Sentence s : t.sentencesOf(request)) {
            // "0.4.2 on hackage still has the old bound, do the revision": the request is the last clause.
            for (String part : LOWER_START.split(s.text().strip())) {
                String[] clauses = part.split(",\\s+");
                for (int i = clauses.length - 1; i >= 0; i--) {
                    var m = REQUEST.matcher(clauses[i]);
                    if (m.matches() && !m.group(1).matches("(?i)\\S+ (?:me|us|it)\\b.*")) {
                        return m.group(1).strip();
                    }
                }
            }
        }
        return null;
    }
}
