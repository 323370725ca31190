package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Open threads the user puts off: what the other side raised (a gap it found, a question) answered with a
 * postponement ("Not this release. Next one.", "Park it, I'll talk to finance.", "Leave the PDF thing, we'll look at
 * streaming later"), or the user's own "we also need to pick a translation library at some point". Something put off
 * is still to be done, so it is an open question titled by what was put off. Runs after the other rules, on user
 * sentences none of them used.
 */
final class DeferralRule implements Rule {
    /** A postponement: a later time, "not now"-like refusals of the moment, parking, someone else's future work. */
    private static final Pattern DEFER = Pattern.compile("(?i)\\blater\\b|\\bnot (?:today|now|yet|this (?:time|release"
            + "|sprint|week|pr|round|quarter))\\b|\\bnext (?:one|release|sprint|week|quarter|round|pr)\\b"
            + "|\\bat some point\\b|\\bsome ?day\\b|\\banother (?:day|time|pr)\\b|\\b(?:a )?(?:separate|follow-up|later)"
            + " (?:pr|change|ticket|issue)\\b|\\bpark (?:it|that|this)\\b|\\bsomeone (?:needs|has|will need) to\\b"
            + "|\\bafter [\\w ]{1,30}(?:reviewed|reviews|is done|lands|landed|is merged|signs? off)\\b|\\bleave (?:it|that|this"
            + "|the [\\w -]{1,30}?)(?: thing)?(?: for now| alone| for later)?,? (?:we'll|i'll|until)\\b");
    /** A request or plan for the moment that mentions later ("Run it later", "I'll commit later"): not a thread. */
    private static final Pattern NOT_DEFERRAL = Pattern.compile("(?i)\\b(?:see you|talk to you|thanks|i'll be back"
            + "|catch you)\\b|^(?:run|commit|push|merge|check|try) ");
    /** The gap the other side raised: something not done, missing, unknown or at risk. */
    private static final Pattern RAISED = Pattern.compile("(?i)\\b(?:haven't|have not|didn't|did not|isn't|aren't|no|not"
            + "|nothing|missing|whether|could still|still|only|needs?|would need|without|unhandled|todo)\\b");
    /** What the user's own sentence leads with before the work it puts off. */
    private static final Pattern LEAD = Pattern.compile("(?i)^(?:(?:and|also|but|ok(?:ay)?|right|fine)[,.]?\\s+)*(?:we"
            + " (?:also )?(?:need|have|want) to|we should (?:also )?|someone (?:needs|has|will need) to|i (?:still )?"
            + "(?:need|want) to)\\s+");
    /** "build a replay tool for it": the work is named elsewhere, in what the other side raised. */
    private static final Pattern ANAPHORA = Pattern.compile("(?i)\\b(?:it|that|this|them|those|these)\\b");
    /** A confirmation ("The macOS binary is Intel only, right?") asks nothing open; the answer's proposal is the thread. */
    private static final Pattern CONFIRMATION = Pattern.compile("(?i),? (?:right|correct|isn't it|aren't they|no)\\?$");
    /** What the other side proposed and the user put off: "Adding a macos-14 job would build arm64 natively". */
    private static final Pattern PROPOSED = Pattern.compile("(?i)\\b(?:would|could|should|needs?|we can|i can|i could)\\b");
    private static final Pattern ASKED_IN_PASSING = Pattern.compile("(?i)(?:^|:\\s*)(?:whether|if)\\b");
    private static final int MAX = 2;

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.userProse()) {
            if (out.size() == MAX) {
                continue;
            }
            Sentence put = claims.firstFree(t.sentencesOf(ordinal), s -> DEFER.matcher(s.text()).find()
                    && !NOT_DEFERRAL.matcher(Phrasing.stripLead(s.text())).find());
            if (put == null) {
                continue;
            }
            Candidate c = ownThread(t, put);
            if (c == null) {
                c = raisedThread(t, ordinal, put, claims);
            }
            if (c != null) {
                claims.claim(put);
                out.add(c);
            }
        }
        return out;
    }

    /** "We also need to pick a translation library at some point, next-intl or lingui.": the user names the work. */
    private static Candidate ownThread(Transcript t, Sentence put) {
        Matcher lead = LEAD.matcher(put.text().strip());
        if (!lead.lookingAt()) {
            return null;
        }
        String work = put.text().strip().substring(lead.end());
        work = DEFER.matcher(work).replaceAll("").replaceAll("\\s+,", ",").replaceAll("\\s{2,}", " ")
                .replaceAll("[,\\s]+([.!]?)$", "$1").strip();
        if (work.split("\\s+").length < 3 || ANAPHORA.matcher(work).find()) {
            return null;
        }
        return new Candidate(EntryType.OPEN_QUESTION, Phrasing.scope(t.session(), put.text()),
                Texts.asTitle(Texts.capitalize(work), Phrasing.TITLE_MAX), put.text(),
                Phrasing.topicTrigger("when revisiting", t, put), 0.5, List.of(Phrasing.span(put)));
    }

    /**
     * "Not this release. Next one." after the assistant found there is no arm64 macOS build: what is put off is what
     * the user asked just before the assistant's message, else the gap the assistant raised.
     */
    private static Candidate raisedThread(Transcript t, int ordinal, Sentence put, Claims claims) {
        Integer prev = t.previousProse(ordinal);
        if (prev == null || ordinal - prev > 3 || !"assistant".equals(t.role(prev))) {
            return null;
        }
        Sentence head = null;
        Integer asked = t.previousProse(prev);
        if (asked != null && prev - asked <= 3 && "user".equals(t.role(asked))) {
            List<Sentence> qs = t.sentencesOf(asked).stream().filter(q -> q.isQuestion() && !claims.taken(q)
                    && q.text().split("\\s+").length >= 4 && !CONFIRMATION.matcher(q.text()).find()).toList();
            head = qs.isEmpty() ? null : qs.getLast();
        }
        // "One thing I didn't check: whether anything consumes the DLQ" is a question the user's reply answers.
        List<Sentence> gaps = t.sentencesOf(prev).stream().filter(s -> !claims.taken(s)
                && s.text().split("\\s+").length >= 6 && RAISED.matcher(s.text()).find()
                && !ASKED_IN_PASSING.matcher(s.text()).find()).toList();
        List<Sentence> proposals = t.sentencesOf(prev).stream().filter(s -> !claims.taken(s) && !s.isQuestion()
                && s.text().split("\\s+").length >= 5 && PROPOSED.matcher(s.text()).find()).toList();
        Sentence gap = !proposals.isEmpty() ? proposals.getLast() : gaps.isEmpty() ? null : gaps.getLast();
        if (head == null) {
            head = gap;
        }
        if (head == null) {
            return null;
        }
        claims.claim(head);
        StringBuilder body = new StringBuilder(head.text());
        List<Candidate.Span> spans = new ArrayList<>(List.of(Phrasing.span(head)));
        if (gap != null && gap != head) {
            body.append(' ').append(gap.text());
            claims.claim(gap);
            if (gap.ordinal() != head.ordinal()) {
                spans.add(Phrasing.span(gap));
            }
        }
        body.append("\nPut off: ").append(put.text());
        spans.add(Phrasing.span(put));
        String title = head.isQuestion() ? Phrasing.stripLead(head.text())
                : Phrasing.split(Phrasing.stripLead(head.text())).rest();
        return new Candidate(EntryType.OPEN_QUESTION, Phrasing.scope(t.session(), body.toString()),
                Texts.asTitle(Texts.capitalize(Phrasing.stripOpeners(title)), Phrasing.TITLE_MAX), body.toString(),
                Phrasing.topicTrigger("when revisiting", t, head), 0.45, spans);
    }
}
