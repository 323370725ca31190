package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbedderIdentity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Wraps the document embedder of a vector build to time the embedding apart from the HNSW indexing, and (for
 * the model) to remember vectors, so the second encoding's build does not embed the same texts again.
 */
final class MeasuredEmbedder implements Embedder {
    private final Embedder delegate;
    private final Map<String, float[]> cache;
    private long nanos;
    private long embedded;

    MeasuredEmbedder(Embedder delegate, boolean remember) {
        this.delegate = delegate;
        this.cache = remember ? new HashMap<>() : null;
    }

    @Override
    public EmbedderIdentity identity() {
        return delegate.identity();
    }

    @Override
    public int dimensions() {
        return delegate.dimensions();
    }

    @Override
    public float[] embedQuery(String query) {
        return delegate.embedQuery(query);
    }

    @Override
    public List<float[]> embedDocuments(List<String> documents) {
        long start = System.nanoTime();
        try {
            if (cache == null) {
                List<float[]> out = delegate.embedDocuments(documents);
                embedded += documents.size();
                return out;
            }
            List<String> missing = documents.stream().filter(d -> !cache.containsKey(d)).distinct().toList();
            if (!missing.isEmpty()) {
                List<float[]> vectors = delegate.embedDocuments(missing);
                for (int i = 0; i < missing.size(); i++) {
                    cache.put(missing.get(i), vectors.get(i));
                }
                embedded += missing.size();
            }
            List<float[]> out = new ArrayList<>(documents.size());
            documents.forEach(d -> out.add(cache.get(d)));
            return out;
        } finally {
            nanos += System.nanoTime() - start;
        }
    }

    /** Seconds spent embedding (or looking up remembered vectors) since the last call. */
    double takeSeconds() {
        double s = nanos / 1e9;
        nanos = 0;
        return s;
    }

    /** Texts actually embedded since the last call (remembered ones are not counted). */
    long takeEmbedded() {
        long n = embedded;
        embedded = 0;
        return n;
    }

    @Override
    public void close() {
        // the delegate belongs to the caller
    }
}
