package dev.recall.search;

/** How hybrid search combines its legs. */
public enum FusionMethod {
    /** Reciprocal-rank fusion: Σ 1 / (k + rank). */
    RRF,
    /** Min-max normalised scores, weighted sum. */
    CONVEX,
    /** Convex, with the lexical leg weighted per query by how much of the query its best hit holds. */
    ADAPTIVE;

    public String label() {
        return name().toLowerCase();
    }

    public static FusionMethod parse(String s) {
        for (FusionMethod m : values()) {
            if (m.label().equals(s.strip().toLowerCase())) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown fusion '" + s + "' (rrf, convex or adaptive)");
    }
}
