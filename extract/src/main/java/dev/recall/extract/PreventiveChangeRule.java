package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A change the user orders so that a failure cannot happen again, and that an edit then carries out: "Put
 * prevent_destroy on that instance too, so this can never sneak through in a big plan", "`make proto` is a leftover,
 * remove the target so nobody else trips on it", "0 meaning unlimited has bitten us twice now. Make 0 invalid: ...",
 * "the keystore thing will bite again at the next rebuild. put a check in the ansible role that fails the play ...".
 * How the project is set up from then on, with its reason: a decision. Not for an order without such a reason, nor one
 * that no edit follows (a request still open), nor today's step ("rerun it so we know").
 */
final class PreventiveChangeRule implements Rule {
    /** Why the change is made: so it can't recur, or because it has gone wrong before. */
    private static final Pattern RECUR = Pattern.compile("(?i)\\bso (?:that )?(?:this|it|that|nobody|no one|we|they"
            + "|people|the next|nothing|a|an|the)\\b[^.;]{0,60}?\\b(?:never|can't|cannot|won't|no longer|again|trips?)\\b"
            + "|\\bso (?:nobody|no one)\\b|\\b(?:has |have )?(?:bitten|bit|burned) us\\b|\\bwill bite\\b|\\bbites? (?:us )?again\\b"
            + "|\\bhappens? again\\b|\\bnever again\\b");
    /** Work for today rather than how things are set up. */
    private static final Pattern TASK = Pattern.compile("(?i)^(?:just |please )?(?:run|rerun|re-run|retry|check|look|try"
            + "|restart|reboot|wait|test|show|tell|give|open|read|commit|push|merge|deploy|revert|undo|stop|start|kill|ping"
            + "|ask|debug|investigate|answer|reply|print|paste|find|figure)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.freshProse("user", claims)) {
            String raw = t.message(ordinal).text().strip();
            if (!RECUR.matcher(raw).find() || !ChoiceClauses.editFollows(t, ordinal, 3)) {
                continue;
            }
            List<String> clauses = ChoiceClauses.of(raw);
            String order = null;
            String why = null;
            for (String c : clauses) {
                boolean recur = RECUR.matcher(c).find();
                // "`make proto` is a leftover, remove the target so ...": the order may follow a clause of its own.
                String[] parts = c.split(",\\s+", 2);
                boolean ordered = PreferenceRule.instruction(c) || parts.length == 2 && PreferenceRule.instruction(parts[1])
                        && !TASK.matcher(parts[1]).find();
                if (order == null && !c.endsWith("?") && ordered && !TASK.matcher(c).find()
                        && !ChoiceClauses.MOMENT.matcher(c).find() && ChoiceClauses.words(c) >= 4) {
                    order = c;
                    if (recur) {
                        why = c;
                    }
                } else if (recur && why == null && !c.endsWith("?")) {
                    why = c;
                }
            }
            if (order == null || why == null) {
                continue;
            }
            t.sentencesOf(ordinal).forEach(claims::claim);
            String title = Texts.capitalize(order);
            StringBuilder body = new StringBuilder(raw);
            List<Candidate.Span> spans = new ArrayList<>(List.of(new Candidate.Span(ordinal, ordinal, null)));
            Integer next = t.nextProse(ordinal);
            if (next != null && next - ordinal <= 4 && "assistant".equals(t.role(next))) {
                body.append("\nDone: ").append(t.sentencesOf(next).getFirst().text());
                spans.add(new Candidate.Span(next, next, null));
            }
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), raw), Texts.asTitle(title,
                    Phrasing.TITLE_MAX), Texts.boundBody(body.toString(), 800), Phrasing.topicTrigger("when deciding about",
                    t, t.sentencesOf(ordinal).getFirst()), 0.6, spans));
        }
        return out;
    }
}
