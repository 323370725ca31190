package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A fact about the user's setup, told in answer to the agent's question about it: "Is Docker Desktop running, or do
 * you use something else on this machine?" / "Colima. Docker Desktop isn't allowed on the company laptops anymore."
 * The agent asked because it could not see the answer, and the next session on that machine cannot see it either.
 * The mirror of the fact rule's answers (the user asks how things are, the agent answers). Only a question about how
 * things are, not one about what to do ("should I", "want me to", "what should it be"); only a statement in the
 * reply, not an instruction, a plan, a moment or a sentence that leans on the one before; nothing when the reply says
 * it does not know. At most one a session.
 */
final class ToldSetupRule implements Rule {
    /** "Is ...", "Are you on ...", "Does the app ...", "Which ...", "What ... do you use": how things are. */
    private static final Pattern ASKS_HOW_THINGS_ARE = Pattern.compile("(?i)^(?:is|are|does|do you|do we|which"
            + "|what|where)\\b");
    private static final Pattern ASKS_WHAT_TO_DO = Pattern.compile("(?i)\\b(?:should|shall|want me|do you want"
            + "|would you like|prefer|ok to|okay to|can i|may i|go ahead|i'll|let me)\\b");
    private static final Pattern DOES_NOT_KNOW = Pattern.compile("(?i)\\b(?:don't know|do not know|not sure|no idea"
            + "|unclear|need to ask|have to ask)\\b");
    /** An instruction or a rule of conduct, not a statement of how things are. */
    private static final Pattern CONDUCT = Pattern.compile("(?i)\\b(?:don't|do not|never|always|must|please"
            + "|make sure)\\b|^(?:use|run|set|add|keep|avoid|check|ask|call|put|leave|restore|copy|try|go|just)\\b");
    /** The speaker's own plan, or a sentence that needs the one before. */
    private static final Pattern NOT_KNOWLEDGE = Pattern.compile("(?i)^(?:i|i'm|i've|i'll|i'd|we'll|let|my|it|it's"
            + "|they|there|there's|here|so|yes|no|yeah|nope|ok|okay)\\b|^(?:this|that|these|those)\\s+(?:is|are|was"
            + "|were|has|have|means|will|would|should|can|does|did)\\b|\\b(?:i'll|we'll|yet|for now)\\b"
            + "|\\b(?:is|are) (?:installed|working|running|up|fine|ok|done)\\b");

    /** "isn't allowed", "has no Docker": a state said in the negative, which the fact rule's verbs miss. */
    private static final Pattern NEGATED = Pattern.compile("(?i)\\b(?:isn't|aren't|is not|are not|has no|have no)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        for (Sentence q : t.sentences()) {
            int a = q.ordinal();
            if (!"assistant".equals(q.role()) || !"user".equals(t.role(a + 1))
                    || !t.sentencesOf(a).getLast().equals(q)) {
                continue;
            }
            String question = Phrasing.stripLead(q.text());
            if (!q.isQuestion() || !ASKS_HOW_THINGS_ARE.matcher(question).find()
                    || ASKS_WHAT_TO_DO.matcher(question).find()) {
                continue;
            }
            List<Sentence> reply = t.sentencesOf(a + 1);
            if (reply.isEmpty() || DOES_NOT_KNOW.matcher(t.message(a + 1).text()).find()) {
                continue;
            }
            for (Sentence s : reply.subList(0, Math.min(3, reply.size()))) {
                int words = s.text().split("\\s+").length;
                if (claims.taken(s) || s.isQuestion() || words < 5 || words > 40
                        || NOT_KNOWLEDGE.matcher(s.text()).find() || CONDUCT.matcher(s.text()).find()
                        || FactRule.TRANSIENT.matcher(s.text()).find()
                        || !FactRule.facty(s.text()) && !NEGATED.matcher(s.text()).find()) {
                    continue;
                }
                claims.claim(s);
                // The reply up to the statement: a one-word answer before it ("Colima.") is what the user uses.
                String told = t.message(a + 1).text().substring(0, s.start() + s.text().length()).strip();
                String body = told + "\n(Asked: " + q.text() + ")";
                return List.of(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), s.text()),
                        Texts.asTitle(Texts.capitalize(s.text()), Phrasing.TITLE_MAX), body,
                        Phrasing.topicTrigger("when working with", t, s), 0.5,
                        List.of(new Candidate.Span(a, a + 1, s.text()))));
            }
        }
        return List.of();
    }
}
