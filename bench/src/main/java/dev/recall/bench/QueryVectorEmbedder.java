package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbedderIdentity;
import java.util.List;
import java.util.Map;

/**
 * Hands {@code RecallSearch} query vectors computed beforehand, so vector and hybrid latency is the search
 * alone ("not counting query embedding"); query embedding is measured on its own. It carries the document
 * embedder's identity, so the freshness check passes exactly as it would for that embedder.
 */
final class QueryVectorEmbedder implements Embedder {
    private final EmbedderIdentity identity;
    private final Map<String, float[]> vectors;

    QueryVectorEmbedder(EmbedderIdentity identity, Map<String, float[]> vectors) {
        this.identity = identity;
        this.vectors = Map.copyOf(vectors);
    }

    @Override
    public EmbedderIdentity identity() {
        return identity;
    }

    @Override
    public int dimensions() {
        return identity.dimensions();
    }

    @Override
    public float[] embedQuery(String query) {
        float[] v = vectors.get(query);
        if (v == null) {
            throw new BenchException("no precomputed vector for query '" + query + "'");
        }
        return v;
    }

    @Override
    public List<float[]> embedDocuments(List<String> documents) {
        throw new UnsupportedOperationException("query vectors only");
    }

    @Override
    public void close() {}
}
