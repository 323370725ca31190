package dev.recall.embeddings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Which embedder to open and how. Plain values: parsing the config file is the caller's job.
 *
 * @param kind where the model lives
 * @param bundledModel for {@link Kind#BUNDLED}: {@link #BGE_SMALL} or {@link #MINILM}
 * @param modelDir for {@link Kind#ONNX_DIR}: a directory with {@code model.onnx} and
 *     {@code tokenizer.json}
 * @param pooling for {@link Kind#ONNX_DIR}: required; ignored for bundled models and HTTP
 * @param maxTokens truncation limit in tokens (special tokens included); 0 means the model's own
 *     limit (required for {@link Kind#ONNX_DIR}); ignored for HTTP
 * @param useQueryPrefix whether queries get a prefix
 * @param queryPrefix the prefix text; {@code null} means the model's recommended one (bge has
 *     one, MiniLM none); only used when {@code useQueryPrefix}
 * @param batchSize texts per inference call or HTTP request
 * @param threads ONNX Runtime intra-op threads; 0 means every available processor
 * @param baseUrl for {@link Kind#HTTP}: the API base, {@code /embeddings} is appended
 * @param httpModel for {@link Kind#HTTP}: the model name sent to the endpoint
 * @param apiKeyEnv for {@link Kind#HTTP}: the NAME of the environment variable holding the API
 *     key, {@code null} for no key; a key itself never goes in the config
 * @param allowHttp for {@link Kind#HTTP}: accept plain http to a non-loopback host
 * @param dimensions expected vector length; 0 means what the model or endpoint produces
 * @param timeout for {@link Kind#HTTP}: connect and request timeout
 */
public record EmbeddingConfig(
        Kind kind,
        String bundledModel,
        Path modelDir,
        Pooling pooling,
        int maxTokens,
        boolean useQueryPrefix,
        String queryPrefix,
        int batchSize,
        int threads,
        String baseUrl,
        String httpModel,
        String apiKeyEnv,
        boolean allowHttp,
        int dimensions,
        Duration timeout) {

    /** The default bundled model: bge-small-en-v1.5, int8-quantised, 384 dimensions. */
    public static final String BGE_SMALL = "bge-small-en-v1.5-q";

    /** The smaller, faster bundled model: all-MiniLM-L6-v2, int8-quantised, 384 dimensions. */
    public static final String MINILM = "all-minilm-l6-v2-q";

    /**
     * Texts per ONNX inference call. Larger batches cost the same CPU time per document but
     * more memory: at 512 tokens the process peaked at 1.8 GB with 32, 1.2 GB with 16 and
     * 0.74 GB with 8.
     */
    public static final int DEFAULT_BATCH_SIZE = 8;

    /** Texts per HTTP request: fewer round trips; endpoints accept far larger batches. */
    public static final int DEFAULT_HTTP_BATCH_SIZE = 64;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    public enum Kind {
        BUNDLED,
        ONNX_DIR,
        HTTP
    }

    public EmbeddingConfig {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(timeout, "timeout");
        requireAtLeast("batchSize", batchSize, 1);
        requireAtLeast("maxTokens", maxTokens, 0);
        requireAtLeast("threads", threads, 0);
        requireAtLeast("dimensions", dimensions, 0);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new EmbeddingException("embedding timeout must be positive, got " + timeout);
        }
    }

    /**
     * The bundled bge model without the query prefix: on SciFact, bge-small-en-v1.5 scored
     * nDCG@10 0.7065 without its instruction prefix and 0.6979 with it.
     */
    public static EmbeddingConfig defaults() {
        return new EmbeddingConfig(Kind.BUNDLED, BGE_SMALL, null, null, 0, false, null,
                DEFAULT_BATCH_SIZE, 0, null, null, null, false, 0, DEFAULT_TIMEOUT);
    }

    public static EmbeddingConfig bundled(String modelName) {
        return defaults().withBundledModel(modelName);
    }

    public static EmbeddingConfig onnxDir(Path dir, Pooling pooling, int maxTokens) {
        return new EmbeddingConfig(Kind.ONNX_DIR, null, dir, pooling, maxTokens, false, null,
                DEFAULT_BATCH_SIZE, 0, null, null, null, false, 0, DEFAULT_TIMEOUT);
    }

    public static EmbeddingConfig http(String baseUrl, String model) {
        return new EmbeddingConfig(Kind.HTTP, null, null, null, 0, false, null,
                DEFAULT_HTTP_BATCH_SIZE, 0, baseUrl, model, null, false, 0, DEFAULT_TIMEOUT);
    }

    public EmbeddingConfig withBundledModel(String name) {
        return new EmbeddingConfig(kind, name, modelDir, pooling, maxTokens, useQueryPrefix,
                queryPrefix, batchSize, threads, baseUrl, httpModel, apiKeyEnv, allowHttp,
                dimensions, timeout);
    }

    public EmbeddingConfig withMaxTokens(int tokens) {
        return new EmbeddingConfig(kind, bundledModel, modelDir, pooling, tokens, useQueryPrefix,
                queryPrefix, batchSize, threads, baseUrl, httpModel, apiKeyEnv, allowHttp,
                dimensions, timeout);
    }

    /** Queries get the model's recommended prefix (bge's instruction; nothing for MiniLM). */
    public EmbeddingConfig withModelQueryPrefix() {
        return withQueryPrefix(true, null);
    }

    /** Queries get exactly {@code prefix}. */
    public EmbeddingConfig withQueryPrefix(String prefix) {
        return withQueryPrefix(true, Objects.requireNonNull(prefix, "prefix"));
    }

    public EmbeddingConfig withoutQueryPrefix() {
        return withQueryPrefix(false, null);
    }

    private EmbeddingConfig withQueryPrefix(boolean use, String prefix) {
        return new EmbeddingConfig(kind, bundledModel, modelDir, pooling, maxTokens, use, prefix,
                batchSize, threads, baseUrl, httpModel, apiKeyEnv, allowHttp, dimensions,
                timeout);
    }

    public EmbeddingConfig withBatchSize(int size) {
        return new EmbeddingConfig(kind, bundledModel, modelDir, pooling, maxTokens,
                useQueryPrefix, queryPrefix, size, threads, baseUrl, httpModel, apiKeyEnv,
                allowHttp, dimensions, timeout);
    }

    public EmbeddingConfig withThreads(int count) {
        return new EmbeddingConfig(kind, bundledModel, modelDir, pooling, maxTokens,
                useQueryPrefix, queryPrefix, batchSize, count, baseUrl, httpModel, apiKeyEnv,
                allowHttp, dimensions, timeout);
    }

    public EmbeddingConfig withApiKeyEnv(String environmentVariableName) {
        return new EmbeddingConfig(kind, bundledModel, modelDir, pooling, maxTokens,
                useQueryPrefix, queryPrefix, batchSize, threads, baseUrl, httpModel,
                environmentVariableName, allowHttp, dimensions, timeout);
    }

    public EmbeddingConfig withAllowHttp(boolean allow) {
        return new EmbeddingConfig(kind, bundledModel, modelDir, pooling, maxTokens,
                useQueryPrefix, queryPrefix, batchSize, threads, baseUrl, httpModel, apiKeyEnv,
                allow, dimensions, timeout);
    }

    public EmbeddingConfig withDimensions(int expected) {
        return new EmbeddingConfig(kind, bundledModel, modelDir, pooling, maxTokens,
                useQueryPrefix, queryPrefix, batchSize, threads, baseUrl, httpModel, apiKeyEnv,
                allowHttp, expected, timeout);
    }

    public EmbeddingConfig withTimeout(Duration limit) {
        return new EmbeddingConfig(kind, bundledModel, modelDir, pooling, maxTokens,
                useQueryPrefix, queryPrefix, batchSize, threads, baseUrl, httpModel, apiKeyEnv,
                allowHttp, dimensions, limit);
    }

    /** The prefix queries get, given the model's recommendation; {@code null} for none. */
    String effectiveQueryPrefix(String modelRecommendation) {
        if (!useQueryPrefix) {
            return null;
        }
        String prefix = queryPrefix != null ? queryPrefix : modelRecommendation;
        return prefix == null || prefix.isEmpty() ? null : prefix;
    }

    private static void requireAtLeast(String name, int value, int minimum) {
        if (value < minimum) {
            throw new EmbeddingException(
                    "embedding " + name + " must be at least " + minimum + ", got " + value);
        }
    }
}
