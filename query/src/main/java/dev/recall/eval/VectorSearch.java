package dev.recall.eval;

import dev.recall.fusion.RankedHit;
import java.util.List;

/** Nearest documents to a query vector, best first, scored by cosine similarity. */
@FunctionalInterface
public interface VectorSearch {
    /** At most {@code k} hits, ranks numbered from 1. */
    List<RankedHit> nearest(float[] query, int k);
}
