package dev.recall.embeddings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

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
        if (name.contains(CombinedEmbedder.SEPARATOR)) {
            return openCombined(config, name, cacheDir);
        }
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
                    + " for its fused graph, or both joined by " + CombinedEmbedder.SEPARATOR);
        };
    }

    /**
     * Bundled models named with {@link CombinedEmbedder#SEPARATOR} between them, as one vector leg: each model's
     * cosine weighted by {@link #combinedWeight} (normalised to sum to 1).
     */
    private static Embedder openCombined(EmbeddingConfig config, String names, Path cacheDir) {
        List<Embedder> parts = new ArrayList<>();
        try {
            List<String> bases = new ArrayList<>();
            for (String part : names.split(Pattern.quote(CombinedEmbedder.SEPARATOR), -1)) {
                String name = part.trim();
                String base = name.endsWith(EmbeddingConfig.FUSED_SUFFIX)
                        ? name.substring(0, name.length() - EmbeddingConfig.FUSED_SUFFIX.length()) : name;
                if (name.isEmpty() || bases.contains(base)) {
                    throw new EmbeddingException("embedding model '" + config.bundledModel() + "': name each bundled"
                            + " model once, with " + CombinedEmbedder.SEPARATOR + " between them");
                }
                bases.add(base);
                parts.add(openBundled(config.withBundledModel(name), cacheDir));
            }
            double[] weights = new double[parts.size()];
            double sum = 0;
            for (int i = 0; i < weights.length; i++) {
                weights[i] = combinedWeight(bases.get(i));
                sum += weights[i];
            }
            for (int i = 0; i < weights.length; i++) {
                weights[i] /= sum;
            }
            return new CombinedEmbedder(parts, weights);
        } catch (RuntimeException e) {
            parts.forEach(Embedder::close);
            throw e;
        }
    }

    /**
     * A bundled model's share of a combined leg's score. MiniLM's cosines spread about twice as wide over a query's
     * candidates as bge's (top 200: 0.51 against 0.25 on the judged set, 0.26 against 0.11 on CACM), so equal weights
     * let MiniLM decide. 0.9 for bge and 0.1 for MiniLM, chosen on the judged, regression and CACM sets over 0.5, 0.6,
     * 0.7 and 0.8, is the one whose hybrid is at least today's on all three (0.8 gains more on the judged set and CACM
     * and loses 0.005 on the regression set); docs/benchmarks.md, issue 20's seventh round.
     */
    static double combinedWeight(String bundledModel) {
        return switch (bundledModel) {
            case EmbeddingConfig.BGE_SMALL -> 0.9;
            case EmbeddingConfig.MINILM -> 0.1;
            default -> throw new EmbeddingException("unknown bundled embedding model '" + bundledModel + "'; choose "
                    + EmbeddingConfig.BGE_SMALL + " or " + EmbeddingConfig.MINILM);
        };
    }

    private static Path required(Path cacheDir) {
        if (cacheDir == null) {
            throw new EmbeddingException("a local embedding model needs a cache dir");
        }
        return cacheDir;
    }
}
