package dev.recall.eval;

import dev.recall.fusion.FusedHit;
import dev.recall.fusion.Fusion;
import dev.recall.fusion.RankedHit;
import dev.recall.fusion.RankedList;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Hybrid retrieval as recall's query path does it: the lexical leg's top W and the vector leg's top W, fused
 * (RRF or convex). The lexical leg comes first, which is the leg a convex weight applies to.
 */
public record HybridRetriever(Retriever lexical, Retriever vector, int window, Fusion fusion) implements Retriever {
    public static final String LEXICAL = "lexical";
    public static final String VECTOR = "vector";

    public HybridRetriever {
        Objects.requireNonNull(lexical, "lexical");
        Objects.requireNonNull(vector, "vector");
        Objects.requireNonNull(fusion, "fusion");
        if (window < 1) {
            throw new IllegalArgumentException("window must be at least 1, got " + window);
        }
    }

    /** The fused ranking, at most {@code topN} deep (at most 2W documents exist to rank). */
    @Override
    public List<RankedHit> retrieve(String queryText, int topN) throws IOException {
        List<RankedList> legs = List.of(
                new RankedList(LEXICAL, lexical.retrieve(queryText, window)),
                new RankedList(VECTOR, vector.retrieve(queryText, window)));
        List<FusedHit> fused = fusion.fuse(legs);
        List<RankedHit> hits = new ArrayList<>(Math.min(topN, fused.size()));
        for (FusedHit h : fused) {
            if (hits.size() == topN) {
                break;
            }
            hits.add(new RankedHit(h.docId(), h.score(), h.rank()));
        }
        return hits;
    }
}
