package dev.recall.fusion;

import java.util.List;

/** Combines the ranked lists of several retrieval legs into one ranking. */
@FunctionalInterface
public interface Fusion {
    /**
     * Every document of every leg, best first, ranks numbered 1..n. Equal fused scores are ordered by document
     * id so the same inputs always give the same ranking.
     */
    List<FusedHit> fuse(List<RankedList> legs);
}
