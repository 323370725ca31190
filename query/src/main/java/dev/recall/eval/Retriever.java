package dev.recall.eval;

import dev.recall.fusion.RankedHit;
import java.io.IOException;
import java.util.List;

/** Anything that answers query text with a ranked list of documents: what the evaluation measures. */
@FunctionalInterface
public interface Retriever {
    /** At most {@code topN} hits, best first, ranks numbered from 1. */
    List<RankedHit> retrieve(String queryText, int topN) throws IOException;
}
