package dev.recall.embeddings;

import java.nio.file.Path;
import java.util.Locale;

/** Opens the {@link Embedder} a config describes. */
public final class Embedders {

    private Embedders() {}

    /**
     * @param cacheDir where extracted models, native libraries and digests are kept between runs
     *     (e.g. {@code <dataDir>/cache}); required for the ONNX kinds, unused for HTTP
     * @throws EmbeddingException naming what is missing or wrong
     */
    public static Embedder open(EmbeddingConfig config, Path cacheDir) {
        return switch (config.kind()) {
            case BUNDLED -> openBundled(config, required(cacheDir));
            case ONNX_DIR -> new OnnxDirEmbedder(config, new FileDigests(required(cacheDir)),
                    new NativeRuntime(cacheDir));
            case HTTP -> new HttpEmbedder(config, System::getenv);
        };
    }

    private static Embedder openBundled(EmbeddingConfig config, Path cacheDir) {
        String name = config.bundledModel() == null
                ? EmbeddingConfig.BGE_SMALL
                : config.bundledModel().trim().toLowerCase(Locale.ROOT);
        boolean fused = name.endsWith(EmbeddingConfig.FUSED_SUFFIX);
        String model = fused ? name.substring(0, name.length() - EmbeddingConfig.FUSED_SUFFIX.length()) : name;
        ModelCache cache = new ModelCache(cacheDir);
        NativeRuntime runtime = new NativeRuntime(cacheDir);
        return switch (model) {
            case EmbeddingConfig.BGE_SMALL -> new BgeSmallEmbedder(config, fused, cache, runtime);
            case EmbeddingConfig.MINILM -> new MiniLmEmbedder(config, fused, cache, runtime);
            default -> throw new EmbeddingException("unknown bundled embedding model '"
                    + config.bundledModel() + "'; choose " + EmbeddingConfig.BGE_SMALL + " or "
                    + EmbeddingConfig.MINILM + ", either with " + EmbeddingConfig.FUSED_SUFFIX
                    + " for its fused graph");
        };
    }

    private static Path required(Path cacheDir) {
        if (cacheDir == null) {
            throw new EmbeddingException("a local embedding model needs a cache dir");
        }
        return cacheDir;
    }
}
