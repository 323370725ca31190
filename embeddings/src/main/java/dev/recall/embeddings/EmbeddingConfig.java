package dev.recall.embeddings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Which embedder to open and how. Plain values: parsing the config file is the caller's job.
 *
 * @param kind where the model lives
 * @param bundledModel for {@link Kind#BUNDLED}: {@link #BGE_SMALL} or {@link #MINILM}, either followed by
 *     {@link #FUSED_SUFFIX} for its fused graph, or both joined by {@code +} for one vector leg of both
 *     ({@link CombinedEmbedder})
 * @param modelDir for {@link Kind#ONNX_DIR}: a directory with {@code model.onnx} and
 *     {@code tokenizer.json}
 * @param pooling for {@link Kind#ONNX_DIR}: required; ignored for bundled models and HTTP
 * @param maxTokens truncation limit in tokens (special tokens included); 0 means the model's own
 *     limit (required for {@link Kind#ONNX_DIR}); ignored for HTTP
 * @param useQueryPrefix whether queries get a prefix
 * @param queryPrefix the prefix text; {@code null} means the model's recommended one (bge has
 *     one, MiniLM none); only used when {@code useQueryPrefix}
 * @param batchSize texts per embedding call or HTTP request
 * @param threads local models: documents embedded in parallel, one single-threaded inference each (a query's
 *     inference is single-threaded too); 0 means every available processor
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
     * After a bundled model's name: run its fused graph ({@code FusedEncoderGraph}), 1.3-1.5x less CPU per text,
     * opt-in because its vectors are not the exported graph's (cosine 0.998 at worst, like ONNX Runtime's own basic
     * optimisation level against its full one; see docs/benchmarks.md, issue 20 item 5).
     */
    public static final String FUSED_SUFFIX = "-fused";

    /**
     * Texts per embedding call of the vector builder (what a killed build loses at most, and the step of its
     * progress). A local model then runs each text alone ({@code threads} at a time), so this no longer sets the
     * inference batch or its memory.
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
     * The bundled bge model with its query instruction ("Represent this sentence for searching relevant passages: ")
     * before every query, documents as they are: chosen on the tuning sets, where it lifted the vector leg's
     * nDCG@10 on the regression set (+0.031), the judged set (+0.015) and CACM (+0.045, MAP +0.033, p 0.02); see
     * docs/benchmarks.md, issue 20's fifth round. Models without a recommended prefix (MiniLM, a model dir, an
     * endpoint) get none unless the config gives one.
     */
    public static EmbeddingConfig defaults() {
        return new Builder().build();
    }

    public static EmbeddingConfig bundled(String modelName) {
        return defaults().withBundledModel(modelName);
    }

    public static EmbeddingConfig onnxDir(Path dir, Pooling pooling, int maxTokens) {
        return new Builder().kind(Kind.ONNX_DIR).bundledModel(null).modelDir(dir).pooling(pooling)
                .maxTokens(maxTokens).build();
    }

    public static EmbeddingConfig http(String baseUrl, String model) {
        return new Builder().kind(Kind.HTTP).bundledModel(null).batchSize(DEFAULT_HTTP_BATCH_SIZE).baseUrl(baseUrl)
                .httpModel(model).build();
    }

    /** A builder holding this configuration's values, to change some of them. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    public EmbeddingConfig withBundledModel(String name) {
        return toBuilder().bundledModel(name).build();
    }

    public EmbeddingConfig withMaxTokens(int tokens) {
        return toBuilder().maxTokens(tokens).build();
    }

    /** Queries get the model's recommended prefix (bge's instruction; nothing for MiniLM). */
    public EmbeddingConfig withModelQueryPrefix() {
        return toBuilder().queryPrefix(true, null).build();
    }

    /** Queries get exactly {@code prefix}. */
    public EmbeddingConfig withQueryPrefix(String prefix) {
        return toBuilder().queryPrefix(true, Objects.requireNonNull(prefix, "prefix")).build();
    }

    public EmbeddingConfig withoutQueryPrefix() {
        return toBuilder().queryPrefix(false, null).build();
    }

    public EmbeddingConfig withBatchSize(int size) {
        return toBuilder().batchSize(size).build();
    }

    public EmbeddingConfig withThreads(int count) {
        return toBuilder().threads(count).build();
    }

    public EmbeddingConfig withApiKeyEnv(String environmentVariableName) {
        return toBuilder().apiKeyEnv(environmentVariableName).build();
    }

    public EmbeddingConfig withAllowHttp(boolean allow) {
        return toBuilder().allowHttp(allow).build();
    }

    public EmbeddingConfig withDimensions(int expected) {
        return toBuilder().dimensions(expected).build();
    }

    public EmbeddingConfig withTimeout(Duration limit) {
        return toBuilder().timeout(limit).build();
    }

    /** The fifteen fields by name; a new builder starts from {@link #defaults()}'s values. */
    public static final class Builder {
        private Kind kind = Kind.BUNDLED;
        private String bundledModel = BGE_SMALL;
        private Path modelDir;
        private Pooling pooling;
        private int maxTokens;
        private boolean useQueryPrefix = true; // the model's own instruction, if it has one (defaults())
        private String queryPrefix;
        private int batchSize = DEFAULT_BATCH_SIZE;
        private int threads;
        private String baseUrl;
        private String httpModel;
        private String apiKeyEnv;
        private boolean allowHttp;
        private int dimensions;
        private Duration timeout = DEFAULT_TIMEOUT;

        public Builder() {}

        private Builder(EmbeddingConfig c) {
            kind = c.kind;
            bundledModel = c.bundledModel;
            modelDir = c.modelDir;
            pooling = c.pooling;
            maxTokens = c.maxTokens;
            useQueryPrefix = c.useQueryPrefix;
            queryPrefix = c.queryPrefix;
            batchSize = c.batchSize;
            threads = c.threads;
            baseUrl = c.baseUrl;
            httpModel = c.httpModel;
            apiKeyEnv = c.apiKeyEnv;
            allowHttp = c.allowHttp;
            dimensions = c.dimensions;
            timeout = c.timeout;
        }

        public Builder kind(Kind value) {
            kind = value;
            return this;
        }

        public Builder bundledModel(String value) {
            bundledModel = value;
            return this;
        }

        public Builder modelDir(Path value) {
            modelDir = value;
            return this;
        }

        public Builder pooling(Pooling value) {
            pooling = value;
            return this;
        }

        public Builder maxTokens(int value) {
            maxTokens = value;
            return this;
        }

        /** Whether queries get a prefix, and which ({@code null}: the model's recommended one). */
        public Builder queryPrefix(boolean use, String prefix) {
            useQueryPrefix = use;
            queryPrefix = prefix;
            return this;
        }

        public Builder batchSize(int value) {
            batchSize = value;
            return this;
        }

        public Builder threads(int value) {
            threads = value;
            return this;
        }

        public Builder baseUrl(String value) {
            baseUrl = value;
            return this;
        }

        public Builder httpModel(String value) {
            httpModel = value;
            return this;
        }

        public Builder apiKeyEnv(String value) {
            apiKeyEnv = value;
            return this;
        }

        public Builder allowHttp(boolean value) {
            allowHttp = value;
            return this;
        }

        public Builder dimensions(int value) {
            dimensions = value;
            return this;
        }

        public Builder timeout(Duration value) {
            timeout = value;
            return this;
        }

        public EmbeddingConfig build() {
            return new EmbeddingConfig(kind, bundledModel, modelDir, pooling, maxTokens, useQueryPrefix, queryPrefix,
                    batchSize, threads, baseUrl, httpModel, apiKeyEnv, allowHttp, dimensions, timeout);
        }
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
