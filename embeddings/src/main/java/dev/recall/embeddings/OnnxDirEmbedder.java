package dev.recall.embeddings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A user's model directory holding {@code model.onnx} and {@code tokenizer.json}. Nothing can
 * be inferred reliably from the files, so pooling and the token limit come from the config.
 */
final class OnnxDirEmbedder extends OnnxEmbedder {

    static final String MODEL_FILE = "model.onnx";
    static final String TOKENIZER_FILE = "tokenizer.json";

    OnnxDirEmbedder(EmbeddingConfig config, FileDigests digests, NativeRuntime runtime) {
        super(model(config, digests), config, runtime);
    }

    private static OnnxModel model(EmbeddingConfig config, FileDigests digests) {
        Path dir = config.modelDir();
        if (dir == null) {
            throw new EmbeddingException("embedding kind ONNX_DIR needs a model dir");
        }
        if (!Files.isDirectory(dir)) {
            throw new EmbeddingException("embedding model dir " + dir.toAbsolutePath()
                    + " does not exist or is not a directory");
        }
        Path modelFile = requireFile(dir.resolve(MODEL_FILE));
        Path tokenizerFile = requireFile(dir.resolve(TOKENIZER_FILE));
        if (config.pooling() == null) {
            throw new EmbeddingException("embedding model dir " + dir.toAbsolutePath()
                    + " needs a pooling setting (CLS or MEAN): check the model card");
        }
        if (config.maxTokens() < OnnxModel.MIN_TOKENS) {
            throw new EmbeddingException("embedding model dir " + dir.toAbsolutePath()
                    + " needs max_tokens (at least " + OnnxModel.MIN_TOKENS
                    + "): the model's maximum sequence length");
        }
        String digest;
        try {
            digest = digests.sha256(modelFile);
        } catch (IOException e) {
            throw new EmbeddingException("cannot read model file " + modelFile.toAbsolutePath(), e);
        }
        Path name = dir.toAbsolutePath().normalize().getFileName();
        return new OnnxModel("onnx-dir:" + (name == null ? dir : name), modelFile, digest,
                () -> Files.newInputStream(tokenizerFile), tokenizerFile.toAbsolutePath().toString(),
                config.pooling(), config.maxTokens(), config.effectiveQueryPrefix(null));
    }

    private static Path requireFile(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new EmbeddingException("embedding model dir is missing " + file.toAbsolutePath());
        }
        return file;
    }
}
