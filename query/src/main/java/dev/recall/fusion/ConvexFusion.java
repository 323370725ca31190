package dev.recall.fusion;

import java.util.List;

/**
 * Convex combination of min-max normalised scores: each leg's scores are rescaled to 0..1 over the hits it
 * returned, then fused score = weight × first leg + (1 − weight) × second leg. A document a leg did not return
 * adds 0 for that leg. Unlike {@link ReciprocalRankFusion} it keeps how far apart the scores were, which measured
 * better on SciFact (0.7417 against 0.7294), at the cost of a weight to choose.
 */
public record ConvexFusion(double weight) implements Fusion {
    public static final double DEFAULT_WEIGHT = 0.5;

    public ConvexFusion {
        if (!(weight >= 0 && weight <= 1)) {
            throw new IllegalArgumentException("weight must be within 0..1, got " + weight);
        }
    }

    public ConvexFusion() {
        this(DEFAULT_WEIGHT);
    }

    /** Requires exactly two legs: the first is weighted by {@code weight}, the second by {@code 1 - weight}. */
    @Override
    public List<FusedHit> fuse(List<RankedList> legs) {
        if (legs.size() != 2) {
            throw new IllegalArgumentException("convex fusion takes exactly two legs, got " + legs.size());
        }
        FusedRanking ranking = new FusedRanking();
        add(ranking, legs.get(0), weight);
        add(ranking, legs.get(1), 1 - weight);
        return ranking.rank();
    }

    private static void add(FusedRanking ranking, RankedList leg, double legWeight) {
        if (leg.hits().isEmpty()) {
            return;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (RankedHit hit : leg.hits()) {
            min = Math.min(min, hit.score());
            max = Math.max(max, hit.score());
        }
        double range = max - min;
        for (RankedHit hit : leg.hits()) {
            // with one hit, or all scores equal, every hit is the leg's best: normalise to 1 rather than 0/0
            double normalised = range > 0 ? (hit.score() - min) / range : 1.0;
            ranking.add(hit.docId(), leg.leg(), hit.rank(), hit.score(), legWeight * normalised);
        }
    }
}
