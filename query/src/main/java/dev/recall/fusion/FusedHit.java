package dev.recall.fusion;

import java.util.List;
import java.util.Optional;

/** A document after fusion: its fused score and 1-based rank, and each contributing leg's part. */
public record FusedHit(String docId, double score, int rank, List<LegContribution> legs) {
    public FusedHit {
        legs = List.copyOf(legs);
    }

    /** The named leg's part, or empty when that leg did not return this document. */
    public Optional<LegContribution> leg(String name) {
        return legs.stream().filter(l -> l.leg().equals(name)).findFirst();
    }
}
