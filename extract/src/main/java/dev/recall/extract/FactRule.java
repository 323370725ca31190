package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Facts: the session's most salient statements, ranked by TextRank over TF-IDF sentence vectors and weighted by
 * each sentence's own TF-IDF mass (specific beats generic). Only declarative sentences about the work compete:
 * no questions, no announcements of what the agent is about to do, no pleasantries.
 */
final class FactRule implements Rule {
    private static final Pattern ROUTINE = Pattern.compile("(?i)^(?:i'll|i will|i'm|i am|let me|let's|now|next"
            + "|ok|okay|sure|sorry|understood|noted|good|great|thanks|thank you|done|checking|looking|reading"
            + "|running|starting|reverting|reproduced|fine|yes|no|all green|passing|builds|can you|could you"
            + "|please|hmm|wait|proposal|summary|plan|i|i'd|i've|my|we'll|we'd|run|add|fix|make|deploy|create|write"
            + "|update|change|remove|delete|implement|use|put|try|check|look|go|do|don't|ship|wrap|revert|rebase"
            + "|pin|support|leave|keep|can|could|would|should|will|did|does|is there|are there|always|never"
            + "|written|added|removed|committed|updated|created|fixed|renamed|moved|switched|reverted|merged)\\b");
    private static final Pattern PLAN = Pattern.compile("(?i)\\b(?:i'll|i will|i'm going to|let me|we'll)\\b");
    private static final Pattern FACTY = Pattern.compile("(?i)\\b(?:is|are|was|has|have|uses|use|runs|requires|needs"
            + "|lives|listens|stores|returns|takes|defaults|reads|writes|calls|emits|expects|serves|means|contains"
            + "|points|comes|goes|sits|keeps|applies|starts|depends|holds|maps|wraps|generates|removed|moved"
            + "|publishes|declares|covers|issues|exposes|does|doesn't|cannot|can't|only|never)\\b");
    /** A sentence that leans on the one before ("That is now...") says little on its own. */
    private static final Pattern ANAPHORIC = Pattern.compile("(?i)^(?:this|that|these|those)\\s+(?:is|are|was|were"
            + "|has|have|means|will|would|should|can|does|did|isn't|wasn't)\\b|^(?:it|it's|that's|they|there|here|both"
            + "|also|then|so)\\b|^[(\\d]");
    private static final Pattern FLAGGED = Pattern.compile("(?i)^(?:fyi|note|for reference|for context|heads up"
            + "|worth knowing|important)\\b|\\bworth knowing\\b|\\bfor reference\\b");

    private final int maxFacts;

    FactRule(int maxFacts) {
        this.maxFacts = maxFacts;
    }

    private record Scored(Sentence sentence, double score) {}

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Sentence> all = t.sentences();
        if (maxFacts == 0 || all.size() < 3) {
            return List.of();
        }
        List<Map<String, Double>> vectors = new ArrayList<>();
        for (Sentence s : all) {
            vectors.add(t.terms().vector(s.text()));
        }
        double[] rank = TextRank.scores(vectors);
        List<Scored> eligible = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            Sentence s = all.get(i);
            int words = s.text().split("\\s+").length;
            String lead = Phrasing.stripLead(s.text());
            if (claims.taken(s) || s.isQuestion() || words < 6 || words > 60 || ROUTINE.matcher(s.text()).find()
                    || ROUTINE.matcher(lead).find() || ANAPHORIC.matcher(lead).find() || PLAN.matcher(s.text()).find()
                    || !FACTY.matcher(s.text()).find() || s.fromUser() && !FLAGGED.matcher(s.text()).find()) {
                continue;
            }
            double mass = vectors.get(i).values().stream().mapToDouble(Double::doubleValue).sum();
            double score = rank[i] * all.size() * (0.5 + Math.min(mass, 2.0)) * (FLAGGED.matcher(s.text()).find() ? 1.5 : 1);
            eligible.add(new Scored(s, score));
        }
        if (eligible.isEmpty()) {
            return List.of();
        }
        // Best first; ties go to the earlier sentence, so the order never depends on anything but the session.
        eligible.sort(Comparator.comparingDouble(Scored::score).reversed()
                .thenComparingInt(x -> x.sentence().ordinal()).thenComparingInt(x -> x.sentence().start()));
        int k = Math.min(maxFacts, Math.max(1, eligible.size() / 6));
        double top = eligible.getFirst().score();
        List<Candidate> out = new ArrayList<>();
        for (Scored sc : eligible.subList(0, k)) {
            Sentence s = sc.sentence();
            claims.claim(s);
            double confidence = 0.3 + 0.3 * (top == 0 ? 0 : sc.score() / top);
            out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), s.text()), Phrasing.title(s.text()),
                    s.text(), Phrasing.topicTrigger("when working with", t.terms(), s.text()), confidence,
                    List.of(Phrasing.span(s))));
        }
        return out;
    }
}
