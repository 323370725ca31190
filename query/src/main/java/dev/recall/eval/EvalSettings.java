package dev.recall.eval;

import dev.recall.fusion.Fusion;
import dev.recall.fusion.ReciprocalRankFusion;
import dev.recall.index.VectorEncoding;
import java.util.Objects;

/**
 * What one evaluation run measures.
 *
 * @param lexical the BM25 configuration, for lexical mode and hybrid's lexical leg
 * @param fusion how hybrid fuses its legs
 * @param window W: how many hits each hybrid leg contributes
 * @param encoding how the HNSW index stores vectors
 * @param exact brute-force vector search instead of HNSW
 */
public record EvalSettings(EvalMode mode, LexicalSettings lexical, Fusion fusion, int window,
                           VectorEncoding encoding, boolean exact) {
    public static final int DEFAULT_WINDOW = 100;
    /** HNSW asked for fewer candidates than this loses nDCG@10 against exact search on SciFact. */
    public static final int MIN_CANDIDATES = 100;

    public EvalSettings {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(lexical, "lexical");
        Objects.requireNonNull(fusion, "fusion");
        Objects.requireNonNull(encoding, "encoding");
        if (window < 1) {
            throw new IllegalArgumentException("window must be at least 1, got " + window);
        }
    }

    /** The product defaults for a mode: recommended BM25, RRF k=60, W=100, float32 HNSW. */
    public static EvalSettings defaults(EvalMode mode) {
        return new EvalSettings(mode, LexicalSettings.recommended(), new ReciprocalRankFusion(), DEFAULT_WINDOW,
                VectorEncoding.FLOAT32, false);
    }

    /** Neighbours the vector search is asked for: never fewer than {@link #MIN_CANDIDATES}, nor than W. */
    public int candidates() {
        return Math.max(MIN_CANDIDATES, window);
    }
}
