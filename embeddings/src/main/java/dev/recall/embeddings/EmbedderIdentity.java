package dev.recall.embeddings;

import dev.recall.store.Digests;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Everything that determines which vector a text gets.
 *
 * @param modelId human-readable model name, e.g. {@code bge-small-en-v1.5-q}
 * @param modelDigest SHA-256 hex of the model file; for an HTTP endpoint, of its model name
 * @param dimensions vector length
 * @param pooling how token states are pooled; {@code null} when an HTTP endpoint pools itself
 * @param maxTokens truncation limit in tokens; 0 when the endpoint decides
 * @param queryPrefix text put before queries, {@code null} for none
 * @param recipeVersion how the embedder runs texts through the model (grouping, padding, the graph's arithmetic),
 *     bumped whenever that changes a text's vector with the model and every other field unchanged: the
 *     quantised models gave a text another vector when it was batched with others, and a generation or eval
 *     cache built one way was silently reused by the other
 */
public record EmbedderIdentity(
        String modelId,
        String modelDigest,
        int dimensions,
        Pooling pooling,
        int maxTokens,
        String queryPrefix,
        int recipeVersion) {

    public EmbedderIdentity {
        Objects.requireNonNull(modelId, "modelId");
        Objects.requireNonNull(modelDigest, "modelDigest");
        if (dimensions <= 0) {
            throw new IllegalArgumentException("dimensions must be positive: " + dimensions);
        }
        if (maxTokens < 0) {
            throw new IllegalArgumentException("maxTokens must not be negative: " + maxTokens);
        }
        if (recipeVersion < 1) {
            throw new IllegalArgumentException("recipeVersion must be positive: " + recipeVersion);
        }
    }

    /**
     * The vector-generation fingerprint: SHA-256 hex over every field (the recipe version included) and the version
     * of the template that turns an entry into text. Vectors from generations with different
     * fingerprints must never be compared.
     */
    public String fingerprint(int textTemplateVersion) {
        // Length-prefixed fields, so that no two different identities serialise alike.
        StringBuilder canonical = new StringBuilder("recall-vector-generation:1");
        field(canonical, "modelId", modelId);
        field(canonical, "modelDigest", modelDigest);
        field(canonical, "dimensions", Integer.toString(dimensions));
        field(canonical, "pooling", pooling == null ? "-" : pooling.name());
        field(canonical, "maxTokens", Integer.toString(maxTokens));
        field(canonical, "queryPrefix", queryPrefix == null ? "-" : "+" + queryPrefix);
        field(canonical, "recipeVersion", Integer.toString(recipeVersion));
        field(canonical, "textTemplateVersion", Integer.toString(textTemplateVersion));
        return Digests.sha256Hex(canonical.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static void field(StringBuilder out, String name, String value) {
        out.append('\n').append(name).append('=').append(value.length()).append(':').append(value);
    }
}
