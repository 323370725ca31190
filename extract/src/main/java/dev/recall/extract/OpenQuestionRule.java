package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Open questions: what was left undone or undecided ("open point", "I don't know yet", "TODO", "stays open until
 * finance decides"), and a question the assistant asked that the session ended on. Neighbouring messages about
 * the same open point become one entry, titled by its question when there is one.
 */
final class OpenQuestionRule implements Rule {
    private static final Pattern CUE = Pattern.compile("(?i)\\bopen (?:point|question|issue)s?\\b|\\b(?:stays|remains"
            + "|left|still) (?:open|undecided|unresolved)\\b|\\bflagged as open\\b|\\bundecided\\b|\\bunresolved\\b"
            + "|\\b(?:not|yet to be|to be) decided\\b|\\btbd\\b|\\btodo\\b|\\bfixme\\b|\\bdon't know(?: yet)?\\b"
            + "|\\bdo not know\\b|\\bnot sure (?:yet|whether|if|how|what|which)\\b|\\bnot sure about(?: \\w+)? yet\\b|\\bunclear (?:whether|if)\\b|\\bunsure\\b|\\bwondering"
            + " (?:whether|if|how|why)\\b|\\bkeep (?:it|this|that) in mind\\b|\\bnot now\\b|\\bfor later\\b"
            + "|\\bfollow[- ]up\\b|\\b(?:haven't|have not|didn't|did not) (?:decided|get to|got to|figure)\\b"
            + "|\\bneed(?:s)? to (?:decide|figure out|find out|ask)\\b|\\bforgetting to decide\\b|\\bjust flag it\\b"
            + "|\\buntil [\\w ]{2,30} decides?\\b|\\bi'll ask\\b|\\bleft to do\\b|\\bout of scope for now\\b"
            + "|\\bstill to (?:do|commit|decide|fix|test|write|review)\\b|\\bnot done yet\\b|\\bremaining work\\b"
            + "|\\bleave (?:that|it|this) open\\b|\\bpark(?:ed)? (?:it|that|this)\\b|\\bparked as open\\b");
    private static final String[] GATE = {"open", "undecided", "unresolved", "decide", "tbd", "todo", "fixme", "know",
        "sure", "unclear", "wondering", "in mind", "not now", "later", "follow", "haven't", "have not", "didn't", "did not",
        "need to", "needs to", "flag it", "until", "i'll ask", "left to do", "out of scope", "still to", "not done",
        "remaining work", "park"};
    private static final Pattern NOT_OPEN = Pattern.compile("(?i)\\bi don't know (?:why|how) (?:it|this|that)"
            + " (?:works|worked)\\b|\\bno todo\\b");
    private static final Pattern THREAD_LABEL = Pattern.compile("(?i)(?:still to \\w+|not done yet|remaining work"
            + "|left to do|next steps?|outstanding|remaining|open items?|todo|what's left)\\s*:");
    /**
     * What is left, said as the session winds down ("Next steps: ...", "We still need to settle the encoding",
     * "I haven't looked at it beyond reproducing it"): mid-session the same words are a plan or a status.
     */
    private static final Pattern CLOSING_CUE = Pattern.compile("(?i)\\bnext steps?\\s*:|\\b(?:we|you|i) still need to\\b"
            + "|\\bstill (?:has|have|needs?) to be (?:done|decided|written|fixed|tested|settled)\\b|\\bhaven't (?:looked at"
            + "|touched|tested|handled|implemented|done|checked|started)\\b|\\bnot (?:implemented|handled|supported|wired up"
            + "|tested|started) yet\\b|\\bwhat's left\\b|^(?:outstanding|remaining|open items?)\\s*:");
    private static final String[] CLOSING_GATE = {"next step", "still need", "still ha", "haven't", "yet", "what's left",
        "outstanding", "remaining", "open item"};
    private static final int CLOSING_MESSAGES = 3;
    private static final Pattern ASKS_USER = Pattern.compile(
            "(?i)^(?:should i|do you want|would you like|shall i|which (?:one )?do you|want me to)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        List<List<Sentence>> groups = new ArrayList<>();
        List<Sentence> current = null;
        int lastOrdinal = Integer.MIN_VALUE;
        List<Integer> prose = t.proseOrdinals();
        int closingFrom = prose.size() > CLOSING_MESSAGES ? prose.get(prose.size() - CLOSING_MESSAGES) : Integer.MIN_VALUE;
        for (int ordinal : prose) {
            List<Sentence> hits = new ArrayList<>();
            for (Sentence s : t.sentencesOf(ordinal)) {
                boolean closing = ordinal >= closingFrom && Texts.mentions(s.text(), CLOSING_GATE)
                        && CLOSING_CUE.matcher(Phrasing.stripOpeners(s.text())).find();
                if (!claims.taken(s) && (closing || Texts.mentions(s.text(), GATE) && CUE.matcher(s.text()).find())
                        && !NOT_OPEN.matcher(s.text()).find()) {
                    hits.add(s);
                }
            }
            if (hits.isEmpty()) {
                continue;
            }
            // The questions of a message that leaves something open are what it leaves open.
            List<Sentence> withQuestions = new ArrayList<>();
            for (Sentence s : t.sentencesOf(ordinal)) {
                if (hits.contains(s) || s.isQuestion() && !claims.taken(s)) {
                    withQuestions.add(s);
                }
            }
            hits = withQuestions;
            // A question asked just before the cue is usually the open point itself.
            Sentence question = lastQuestion(t, ordinal, claims);
            if (current != null && ordinal - lastOrdinal <= 2) {
                current.addAll(hits);
            } else {
                current = new ArrayList<>();
                if (question != null && hits.stream().noneMatch(Sentence::isQuestion)) {
                    current.add(question);
                }
                current.addAll(hits);
                groups.add(current);
            }
            lastOrdinal = ordinal;
        }
        for (List<Sentence> g : groups) {
            out.add(candidate(t, g, claims, 0.5));
        }
        Sentence tail = unansweredTail(t, claims);
        if (tail != null) {
            out.add(candidate(t, List.of(tail), claims, 0.4));
        }
        return out;
    }

    private static Candidate candidate(Transcript t, List<Sentence> group, Claims claims, double confidence) {
        // A labelled thread ("Still to do: ...") names itself; otherwise the question it answers.
        Sentence head = group.stream().filter(x -> THREAD_LABEL.matcher(Phrasing.stripOpeners(x.text())).lookingAt())
                .findFirst().orElse(group.stream().filter(Sentence::isQuestion).findFirst().orElse(group.getFirst()));
        StringBuilder body = new StringBuilder();
        List<Candidate.Span> spans = new ArrayList<>();
        for (Sentence s : group) {
            claims.claim(s);
            body.append(body.isEmpty() ? "" : " ").append(s.text());
            if (spans.stream().noneMatch(x -> x.start() == s.ordinal())) {
                spans.add(Phrasing.span(s));
            }
        }
        // "Still to commit: the migration and the cache" loses its point without its label.
        String title = THREAD_LABEL.matcher(Phrasing.stripOpeners(head.text())).lookingAt()
                ? Texts.asTitle(Phrasing.stripOpeners(head.text()), Phrasing.TITLE_MAX)
                : Phrasing.title(Phrasing.split(head.text()).rest());
        String trigger = Phrasing.topicTrigger("when revisiting", t, head);
        return new Candidate(EntryType.OPEN_QUESTION, Phrasing.scope(t.session(), body.toString()), title,
                body.toString(), trigger, confidence, spans);
    }

    /** The last question of the other party's message just before this one, if it was a question. */
    private static Sentence lastQuestion(Transcript t, int ordinal, Claims claims) {
        Integer prev = t.previousProse(ordinal);
        if (prev == null || ordinal - prev > 3 || t.role(prev).equals(t.role(ordinal))) {
            return null;
        }
        List<Sentence> ss = t.sentencesOf(prev);
        for (int i = ss.size() - 1; i >= 0; i--) {
            if (ss.get(i).isQuestion() && !claims.taken(ss.get(i))) {
                return ss.get(i);
            }
        }
        return null;
    }

    /** The assistant's closing question to the user that nobody answered: the session ended on it. */
    private static Sentence unansweredTail(Transcript t, Claims claims) {
        List<Integer> prose = t.proseOrdinals();
        if (prose.isEmpty()) {
            return null;
        }
        int last = prose.getLast();
        if (!"assistant".equals(t.role(last))) {
            return null;
        }
        List<Sentence> ss = t.sentencesOf(last);
        Sentence s = ss.isEmpty() ? null : ss.getLast();
        if (s == null || !s.isQuestion() || claims.taken(s)) {
            return null;
        }
        return ASKS_USER.matcher(Phrasing.stripLead(s.text())).find() || s.text().split("\\s+").length >= 6 ? s : null;
    }
}
