package dev.recall.embeddings;

import java.util.List;

/**
 * Turns text into L2-normalised vectors.
 *
 * <p>Implementations are safe for concurrent use. Queries and documents are embedded differently
 * on purpose: some models want an instruction in front of the query only.
 */
public interface Embedder extends AutoCloseable {

    /** What produces the vectors; its fingerprint keys a vector generation. */
    EmbedderIdentity identity();

    int dimensions();

    /** Embeds one search query, with the model's query prefix when one is configured. */
    float[] embedQuery(String query);

    /**
     * Embeds documents (no prefix), in fixed-size batches. The result has one vector per input,
     * in input order.
     */
    List<float[]> embedDocuments(List<String> documents);

    /** Releases native resources; unchecked because there is nothing a caller could do. */
    @Override
    void close();
}
