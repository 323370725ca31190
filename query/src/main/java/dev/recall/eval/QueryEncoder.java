package dev.recall.eval;

import dev.recall.embeddings.Embedder;
import java.util.HashMap;
import java.util.Map;

/**
 * Embeds query text once per distinct text and times each embedding: a run measures several searches over the
 * same topics (the retriever, then HNSW against exact), and the model is the slow part.
 */
public final class QueryEncoder {
    private final Embedder embedder;
    private final Map<String, float[]> vectors = new HashMap<>();
    private final Latencies latencies = new Latencies();

    public QueryEncoder(Embedder embedder) {
        this.embedder = embedder;
    }

    public float[] encode(String queryText) {
        float[] vector = vectors.get(queryText);
        if (vector == null) {
            long started = System.nanoTime();
            vector = embedder.embedQuery(queryText);
            latencies.add(System.nanoTime() - started);
            vectors.put(queryText, vector);
        }
        return vector;
    }

    /** One entry per query actually embedded (repeats are served from memory and not counted). */
    public Latencies latencies() {
        return latencies;
    }
}
