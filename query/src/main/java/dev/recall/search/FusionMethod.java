package dev.recall.search;

import dev.recall.store.Labelled;

/** How hybrid search combines its legs. */
public enum FusionMethod implements Labelled {
    /** Reciprocal-rank fusion: Σ 1 / (k + rank). */
    RRF,
    /** Min-max normalised scores, weighted sum. */
    CONVEX,
    /** Convex, with the lexical leg weighted per query by how much of the query its best hit holds. */
    ADAPTIVE;

    @Override
    public String label() {
        return name().toLowerCase();
    }

    public static FusionMethod parse(String s) {
        return Labelled.parseTyped(FusionMethod.class, "fusion", s);
    }
}
