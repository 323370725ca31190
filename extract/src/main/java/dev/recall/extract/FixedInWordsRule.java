package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A failure fixed in words: a command fails, the assistant's next message says what was wrong and what it changed
 * ("The test validated after conversion: ... Moved the call in `PostTransaction`.", "Using `nonexistent='shift_forward'`
 * for those ..."), and the same command then passes, with no edit shown between (the agent changed the file without a
 * tool message the session kept). {@link DebuggingRule} needs an edit, another step or a cause worded as one ("because",
 * "doesn't") between the two runs; here the change is only told. The error and how it went away is what a later session
 * meets again. Only when nothing but that assistant prose stands between the two runs (no other run, no edit, no user
 * message), the message says it changed something (not "re-running, looks flaky"), and no earlier debugging method
 * stands on those messages. Runs last; it reads the sentences whether or not an earlier fact took them, and claims
 * only those still free.
 */
final class FixedInWordsRule implements Rule.Contextual {
    private static final int MAX_GAP = 4;
    /** A sentence that tells a change the agent made: "Moved the call ...", "Using X for those", "I switched ...". */
    private static final Pattern CHANGED = Pattern.compile("(?i)^(?:(?:so |now )?i(?:'ve| have)? )?(?:moved|using|changed"
            + "|switched|added|replaced|fixed|renamed|removed|wrapped|guarded|pinned|reordered|swapped|passing|made)\\b"
            + "|^fix(?:ed)?:");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        List<ToolRun> runs = t.runs();
        for (int a = 0; a + 1 < runs.size(); a++) {
            ToolRun failure = runs.get(a);
            ToolRun after = runs.get(a + 1);
            // A run's tally is not the error (DebuggingRule.runSummary), here as in the debugging rule.
            if (!failure.shell() || !failure.failed() || failure.routine() || !after.succeeded()
                    || !after.sameTask(failure) || after.ordinal() - failure.ordinal() > MAX_GAP
                    || DebuggingRule.runSummary(failure.errorLine())) {
                continue;
            }
            List<Sentence> told = new ArrayList<>();
            boolean onlyAssistant = true;
            for (int o = failure.ordinal() + 1; o < after.ordinal(); o++) {
                String role = t.role(o);
                if (!"assistant".equals(role) || t.message(o).toolName() != null) {
                    onlyAssistant = false;
                    break;
                }
                told.addAll(t.sentencesOf(o));
            }
            if (!onlyAssistant || told.isEmpty() || told.stream().noneMatch(s -> CHANGED.matcher(s.text()).find())
                    || Candidate.anyOn(earlier, EntryType.DEBUGGING_METHOD, failure.ordinal(), after.ordinal())
                    || Candidate.anyOn(out, EntryType.DEBUGGING_METHOD, failure.ordinal(), after.ordinal())) {
                continue;
            }
            String key = DebuggingRule.mainKey(failure);
            String error = DebuggingRule.shortError(failure.errorLine());
            StringBuilder body = new StringBuilder();
            body.append('`').append(failure.command()).append("` failed: ").append(failure.errorLine());
            body.append("\nCause and change: ");
            told.stream().limit(4).forEach(s -> body.append(s.text()).append(' '));
            body.setLength(body.length() - 1);
            body.append("\nThen `").append(after.command()).append("` passed.");
            told.stream().filter(s -> !claims.taken(s)).forEach(claims::claim);
            List<Candidate.Span> spans = new ArrayList<>();
            spans.add(Candidate.Span.of(failure.ordinal(), errorQuote(t, failure)));
            spans.add(Phrasing.span(told.getFirst()));
            spans.add(Candidate.Span.of(after.ordinal(), null));
            out.add(new Candidate(EntryType.DEBUGGING_METHOD, Phrasing.scope(t.session(), body.toString()),
                    Texts.bound("`" + key + "` fails: " + error, Phrasing.TITLE_MAX), Texts.boundBody(body.toString(),
                            1200), "when `" + key + "` fails with " + Texts.bound(error, 120), 0.5, spans));
        }
        return out;
    }

    /** The error line as the message has it, to quote as the snippet. */
    private static String errorQuote(Transcript t, ToolRun run) {
        if (run.errorLine() == null) {
            return null;
        }
        for (String line : t.message(run.ordinal()).text().split("\n")) {
            String s = line.strip();
            if (!s.isEmpty() && (s.equals(run.errorLine())
                    || run.errorLine().startsWith(s.substring(0, Math.min(40, s.length()))))) {
                return s;
            }
        }
        return null;
    }
}
