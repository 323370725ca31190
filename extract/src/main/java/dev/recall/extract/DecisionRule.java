package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Decisions: a decision cue ("we decided", "go with", "rather than", "the rule going forward") together with its
 * reason. The reason may sit in the same sentence, the next ones, or in the other party's message just before
 * (an assistant's argument that the user then accepts). A cue without any reason is not proposed.
 */
final class DecisionRule implements Rule {
    private static final Pattern CUE = Pattern.compile("(?i)\\b(?:we|i) (?:have |had )?(?:decided|chose|opted"
            + "|settled)\\b|\\bdecided to\\b|\\bdecision(?: is| then| now| for [\\w ./-]{1,30})?:|\\bthat's the rule\\b|\\b(?:let's|lets|we'll|we will|we're going to"
            + "|we are going to) (?:go with|use|keep|stick with|switch to|move to|standardi[sz]e on)\\b"
            + "|\\bgo(?:ing)? with\\b|\\bpin(?:ned|ning)? (?:it|them|the|this|that|to)\\b|\\bthe rule(?: going forward| from now on| is)?:|\\bthe rule"
            + " going forward\\b|\\binstead of\\b|\\brather than\\b|\\bstandardi[sz]e on\\b|\\bsource of truth\\b"
            + "|\\bfor now,? (?:we|treat|keep|use|leave)\\b|\\bwe keep\\b|\\bwe (?:always|only) use\\b");
    static final Pattern REASON = Pattern.compile("(?i)\\b(?:because|since|so that|due to|given that|otherwise"
            + "|to avoid|to prevent|to keep|the reason|which means|that way|precisely|on purpose|i'd rather"
            + "|so (?:we|nobody|people|the|it|that|callers|every|no|they|a|an|one|each|any|only)|then (?:the|we|it|nobody|every)"
            + "|has no|have no|doesn't|does not|can't|cannot|won't|would (?:be|have)|covers|safer|simpler"
            + "|faster|cheaper)\\b");
    /** Cues that state a decision outright: it stands without a stated reason (one is added when nearby). */
    private static final Pattern DECLARED = Pattern.compile("(?i)\\b(?:we|i) (?:have |had )?decided\\b|\\bdecision"
            + "(?: is| then| now| for [\\w ./-]{1,30})?:|\\bthat's the rule\\b|\\bthe rule(?: going forward| from now on"
            + "| is)?:");
    private static final Pattern CONTRAST = Pattern.compile("(?i)\\b(?:instead of|rather than)\\b");
    /** An assistant's "rather than" is a decision only when someone decides: "we", "let's", "I'll use". */
    private static final Pattern DECIDING = Pattern.compile("(?i)\\b(?:we'll|we will|we're going to|let's|i'll|i will"
            + "|going with|switch(?:ed|ing)? to|decided|chose|we use|we keep|we want|go with)\\b");
    private static final Pattern NOT_DECISION = Pattern.compile("(?i)\\b(?:asked|asks|wondering|wonder|why)\\b");
    private static final Pattern PROPOSAL = Pattern.compile("(?i)^(?:proposal|plan|suggestion|recommendation)\\s*:"
            + "|\\b(?:i propose|i suggest|i'd suggest|i recommend|my recommendation)\\b");
    private static final Pattern ACCEPT = Pattern.compile("(?i)^(?:ok(?:ay)?,? |yes,? |good,? )?(?:do it|go ahead|sounds good"
            + "|agreed|let's do (?:it|that)|ship it|go for it|please do|makes sense)\\b");
    /** A reply that takes a proposal on: the explicit accepts above, "do X and Y", "X is fine for now". */
    private static final Pattern TAKES_ON = Pattern.compile("(?i)^(?:ok(?:ay)?,? |yes,? |good,? )?(?:do \\S+"
            + "|let's (?:go with|use|keep|do)\\b)|\\b(?:is|are) fine(?: for now)?[.!]?$");
    /** An assistant sentence that puts a course of action forward, for a reply that accepts it explicitly. */
    private static final Pattern SUGGESTS = Pattern.compile("(?i)\\bshould\\b|\\bbetter to\\b|\\bi'd (?:go|use|keep|make"
            + "|rather|suggest)\\b|\\bthe (?:cleanest|simplest|safest|right) (?:fix|option|way|approach)\\b");
    private static final Pattern YES = Pattern.compile("(?i)^(?:yes|yep|yeah|sure|ok|okay|right|agreed|exactly)\\b");
    private static final Pattern ASSISTANT_ROUTINE = Pattern.compile("(?i)^(?:i'll|i will|let me|i'm going to"
            + "|now|next|running|checking|reading|looking)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.proseOrdinals()) {
            List<Sentence> ss = t.sentencesOf(ordinal);
            for (int i = 0; i < ss.size(); i++) {
                Sentence s = ss.get(i);
                if (claims.taken(s) || !isCue(s)) {
                    continue;
                }
                if (s.isQuestion() && !answeredYes(t, ordinal)) {
                    continue;
                }
                List<Sentence> reasons = reasons(t, ss, i, claims);
                if (reasons.isEmpty() && !(s.fromUser() && DECLARED.matcher(s.text()).find())) {
                    continue;
                }
                claims.claim(s);
                List<Candidate.Span> spans = new ArrayList<>();
                StringBuilder body = new StringBuilder(s.text());
                List<Sentence> anchored = new ArrayList<>(List.of(s));
                // The sentences that follow a decision usually argue it: they belong to the entry.
                for (int j = i + 1; j < Math.min(ss.size(), i + 3); j++) {
                    Sentence f = ss.get(j);
                    if (!claims.taken(f) && !f.isQuestion() && !reasons.contains(f)) {
                        body.append(' ').append(f.text());
                        claims.claim(f);
                    }
                }
                for (Sentence r : reasons) {
                    if (r != s) {
                        body.append(r.ordinal() == s.ordinal() ? " " : "\nReason: ").append(r.text());
                        anchored.add(r);
                        claims.claim(r);
                    }
                }
                anchored.sort(java.util.Comparator.comparingInt(Sentence::ordinal));
                for (Sentence a : anchored) {
                    if (spans.stream().noneMatch(x -> x.start() == a.ordinal())) {
                        spans.add(Phrasing.span(a));
                    }
                }
                Phrasing.Split split = Phrasing.split(s.text());
                String trigger = split.condition() != null ? split.condition()
                        : Phrasing.topicTrigger("when deciding about", t, s);
                double confidence = (s.fromUser() ? 0.65 : 0.5) + (reasons.contains(s) ? 0.05 : 0);
                out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                        Phrasing.title(split.rest()), body.toString(), trigger, confidence, spans));
            }
        }
        accepted(t, claims, out);
        return out;
    }

    private static boolean isCue(Sentence s) {
        if (!Texts.mentions(s.text(), "we", "decid", "decision", "go with", "going with", "pin", "rule", "instead of",
                "rather than", "standardi", "source of truth", "for now", "let", "chose", "opted", "settled")
                || !CUE.matcher(s.text()).find() || NOT_DECISION.matcher(s.text()).find()) {
            return false;
        }
        if (!s.fromUser() && ASSISTANT_ROUTINE.matcher(s.text()).find()) {
            return false;
        }
        // Only "instead of"/"rather than" matched: a description unless someone decides in it.
        String withoutContrast = CONTRAST.matcher(s.text()).replaceAll(" ");
        return CUE.matcher(withoutContrast).find() || DECIDING.matcher(s.text()).find();
    }

    /** An assistant's proposal that the user accepts ("Proposal: ..." then "Do it."). */
    private static void accepted(Transcript t, Claims claims, List<Candidate> out) {
        for (int ordinal : t.proseOrdinals()) {
            List<Sentence> reply = t.sentencesOf(ordinal);
            if (!"user".equals(t.role(ordinal)) || reply.isEmpty() || claims.taken(reply.getFirst())) {
                continue;
            }
            String first = reply.getFirst().text();
            boolean explicit = ACCEPT.matcher(first).find();
            if (!explicit && !TAKES_ON.matcher(first).find()) {
                continue;
            }
            Integer prev = t.previousProse(ordinal);
            if (prev == null || ordinal - prev > 3 || !"assistant".equals(t.role(prev))) {
                continue;
            }
            List<Sentence> proposal = t.sentencesOf(prev);
            Sentence head = proposal.stream().filter(p -> !claims.taken(p) && PROPOSAL.matcher(p.text()).find())
                    .findFirst().orElse(null);
            if (head == null && explicit && ACCEPT.matcher(first).lookingAt()) {
                head = proposal.stream().filter(p -> !claims.taken(p) && !p.isQuestion()
                        && SUGGESTS.matcher(p.text()).find()).findFirst().orElse(null);
            }
            if (head == null) {
                continue;
            }
            List<Sentence> reasons = new ArrayList<>();
            Sentence proposed = head;
            for (Sentence p : proposal) {
                if (p != proposed && !claims.taken(p) && !p.isQuestion() && REASON.matcher(p.text()).find()) {
                    reasons.add(p);
                }
            }
            if (reasons.isEmpty() && !REASON.matcher(head.text()).find() && !explicit) {
                continue;
            }
            claims.claim(head);
            claims.claim(reply.getFirst());
            StringBuilder body = new StringBuilder(head.text());
            reasons.forEach(r -> {
                body.append(' ').append(r.text());
                claims.claim(r);
            });
            body.append("\nAccepted: ").append(reply.getFirst().text());
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                    Phrasing.title(head.text()), body.toString(),
                    Phrasing.topicTrigger("when deciding about", t, head), 0.6,
                    List.of(Phrasing.span(head), Phrasing.span(reply.getFirst()))));
        }
    }

    /** A question-shaped proposal ("rather than X, can we Y?") counts once the other side says yes. */
    private static boolean answeredYes(Transcript t, int ordinal) {
        Integer next = t.nextProse(ordinal);
        if (next == null || next - ordinal > 3 || t.role(next).equals(t.role(ordinal))) {
            return false;
        }
        List<Sentence> reply = t.sentencesOf(next);
        return !reply.isEmpty() && YES.matcher(reply.getFirst().text()).find();
    }

    /** Reason sentences: this one, the next two of the message, or the other party's message just before. */
    private static List<Sentence> reasons(Transcript t, List<Sentence> ss, int i, Claims claims) {
        List<Sentence> out = new ArrayList<>();
        for (int j = i; j < Math.min(ss.size(), i + 3); j++) {
            if (REASON.matcher(ss.get(j).text()).find() && (j == i || !claims.taken(ss.get(j)))) {
                out.add(ss.get(j));
            }
        }
        if (!out.isEmpty()) {
            return out;
        }
        Integer prev = t.previousProse(ss.get(i).ordinal());
        if (prev != null && ss.get(i).ordinal() - prev <= 3 && !t.role(prev).equals(ss.get(i).role())) {
            for (Sentence p : t.sentencesOf(prev)) {
                if (!claims.taken(p) && !p.isQuestion() && REASON.matcher(p.text()).find()) {
                    out.add(p);
                    if (out.size() == 2) {
                        break;
                    }
                }
            }
        }
        return out;
    }
}
