package dev.recall.embeddings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * What an {@link OnnxEmbedder} needs to know about one model.
 *
 * @param modelId name for the identity
 * @param modelFile the {@code .onnx} file on disk
 * @param modelDigest SHA-256 hex of {@code modelFile}
 * @param tokenizerJson opens the Hugging Face {@code tokenizer.json}
 * @param tokenizerOrigin where the tokenizer comes from, for error messages
 * @param pooling how token states become a sentence vector
 * @param maxTokens truncation limit, special tokens included
 * @param queryPrefix put before queries, {@code null} for none
 */
record OnnxModel(
        String modelId,
        Path modelFile,
        String modelDigest,
        Source tokenizerJson,
        String tokenizerOrigin,
        Pooling pooling,
        int maxTokens,
        String queryPrefix) {

    /** [CLS] and [SEP] alone take two. */
    static final int MIN_TOKENS = 2;

    /** Both bundled models are 384 wide; checked before the model is even copied out. */
    static final int BUNDLED_DIMENSIONS = 384;

    interface Source {
        InputStream open() throws IOException;
    }

    /**
     * A model shipped in a jar: the exported graph, or with {@code fused} its fused graph ({@link FusedEncoderGraph}),
     * comes from the cache, the small tokenizer straight from the classpath. The model digest is that of the file that
     * is run, and the fused graph's model id carries {@link EmbeddingConfig#FUSED_SUFFIX}: its vectors are another
     * rounding of the same model, so a generation built with one graph is stale for the other.
     */
    static OnnxModel bundled(String modelId, FusedModelFile file, boolean fused, String tokenizerResource,
            Pooling pooling, int modelMaxTokens, String recommendedQueryPrefix,
            EmbeddingConfig config, ModelCache cache) {
        int maxTokens = config.maxTokens() == 0 ? modelMaxTokens : config.maxTokens();
        if (maxTokens > modelMaxTokens || maxTokens < MIN_TOKENS) {
            throw new EmbeddingException("model " + modelId + " reads " + MIN_TOKENS + " to "
                    + modelMaxTokens + " tokens; max_tokens " + config.maxTokens()
                    + " is out of range");
        }
        if (config.dimensions() != 0 && config.dimensions() != BUNDLED_DIMENSIONS) {
            throw new EmbeddingException("model " + modelId + " produces " + BUNDLED_DIMENSIONS
                    + "-dimensional vectors, but the config expects " + config.dimensions());
        }
        Path modelFile = fused ? cache.materialise(file) : cache.materialise(file.original());
        return new OnnxModel(fused ? modelId + EmbeddingConfig.FUSED_SUFFIX : modelId, modelFile,
                fused ? file.sha256() : file.original().sha256(),
                () -> OnnxModel.class.getClassLoader().getResourceAsStream(tokenizerResource),
                "classpath resource " + tokenizerResource, pooling, maxTokens,
                config.effectiveQueryPrefix(recommendedQueryPrefix));
    }
}
