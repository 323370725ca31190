package dev.recall.service;

import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.embeddings.Pooling;
import dev.recall.index.VectorEncoding;
import dev.recall.search.LexicalWeights;
import dev.recall.store.RecallException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.tomlj.Toml;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlTable;

/**
 * recall's settings from {@code config.toml} in the data dir; every key is optional. A malformed file or a
 * value of the wrong type is an error naming the file, key and line.
 *
 * <pre>
 * [embeddings]                 # the model for vector search
 * kind = "bundled"             # bundled | onnx_dir | http
 * model = "bge-small-en-v1.5-q"  # bundled: bge-small-en-v1.5-q | all-minilm-l6-v2-q
 * dir = "/models/e5"           # onnx_dir: model.onnx + tokenizer.json
 * pooling = "mean"             # onnx_dir: cls | mean
 * max_tokens = 256
 * query_prefix = false         # true for the model's own prefix, or a string
 * batch_size = 32
 * base_url = "http://127.0.0.1:8080/v1"   # http: OpenAI-compatible, /embeddings is appended
 * http_model = "nomic-embed-text"
 * api_key_env = "EMBEDDINGS_API_KEY"      # the NAME of the variable holding the key
 * allow_http = false           # plain http to a non-loopback host
 * timeout_seconds = 60
 *
 * [vector]
 * encoding = "float32"         # float32 | int8
 * [vector.embed]
 * recall = false               # embed entries automatically after an import
 * sessions = false             # embed session passages automatically after a sync or session import
 *
 * [search]
 * k1 = 1.2
 * b = 0.75
 * window = 200
 * rrf_k = 60
 * </pre>
 */
public record RecallConfig(Path file, EmbeddingConfig embeddings, VectorEncoding encoding, boolean autoEmbedRecall,
        boolean autoEmbedSessions, LexicalWeights weights, int window, int rrfK, TomlTable raw) {

    public static final String FILE_NAME = "config.toml";
    private static final Set<String> TOP = Set.of("embeddings", "vector", "search", "recall", "sessions");

    public static RecallConfig load(Path dataDir) {
        Path file = dataDir.resolve(FILE_NAME);
        if (!Files.exists(file)) {
            return new RecallConfig(file, EmbeddingConfig.defaults(), VectorEncoding.FLOAT32, false, false,
                    LexicalWeights.DEFAULTS, 200, 60, Toml.parse(""));
        }
        TomlParseResult toml;
        try {
            toml = Toml.parse(file);
        } catch (IOException e) {
            throw new RecallException(RecallException.Kind.INTERNAL, "cannot read " + file + ": " + e.getMessage(), e);
        }
        if (toml.hasErrors()) {
            var err = toml.errors().getFirst();
            throw new RecallException(RecallException.Kind.INVALID, file + ":" + err.position().line() + ": " + err.getMessage());
        }
        for (String key : toml.keySet()) {
            if (!TOP.contains(key)) {
                throw new RecallException(RecallException.Kind.INVALID, file + ": unknown section or key '" + key + "' (known: "
                        + String.join(", ", TOP) + ")");
            }
        }
        Reader r = new Reader(file, toml);
        try {
            EmbeddingConfig emb = embeddings(r);
            VectorEncoding encoding = VectorEncoding.parse(r.string("vector.encoding", "float32"));
            boolean auto = r.bool("vector.embed.recall", false);
            LexicalWeights w = LexicalWeights.DEFAULTS.withBm25((float) r.number("search.k1", LexicalWeights.DEFAULTS.k1()),
                    (float) r.number("search.b", LexicalWeights.DEFAULTS.b()));
            // Its own consent: embedding sessions sends transcript text to whatever embedder is configured.
            boolean autoSessions = r.bool("vector.embed.sessions", false);
            return new RecallConfig(file, emb, encoding, auto, autoSessions, w, (int) r.integer("search.window", 200),
                    (int) r.integer("search.rrf_k", 60), toml);
        } catch (IllegalArgumentException | dev.recall.embeddings.EmbeddingException e) {
            throw new RecallException(RecallException.Kind.INVALID, file + ": " + e.getMessage());
        }
    }

    private static EmbeddingConfig embeddings(Reader r) {
        String kind = r.string("embeddings.kind", "bundled");
        EmbeddingConfig base = switch (kind) {
            case "bundled" -> EmbeddingConfig.bundled(r.string("embeddings.model", EmbeddingConfig.BGE_SMALL));
            case "onnx_dir" -> {
                String dir = r.string("embeddings.dir", null);
                String pooling = r.string("embeddings.pooling", null);
                if (dir == null || pooling == null) {
                    throw new IllegalArgumentException("[embeddings] kind = \"onnx_dir\" needs dir and pooling");
                }
                yield EmbeddingConfig.onnxDir(Path.of(dir), Pooling.valueOf(pooling.toUpperCase()),
                        (int) r.integer("embeddings.max_tokens", 512));
            }
            case "http" -> {
                String url = r.string("embeddings.base_url", null);
                String model = r.string("embeddings.http_model", null);
                if (url == null || model == null) {
                    throw new IllegalArgumentException("[embeddings] kind = \"http\" needs base_url and http_model");
                }
                yield EmbeddingConfig.http(url, model);
            }
            default -> throw new IllegalArgumentException("embeddings.kind: unknown value '" + kind
                    + "' (bundled, onnx_dir or http)");
        };
        Object prefix = r.raw("embeddings.query_prefix");
        String prefixText = prefix instanceof String s ? s : null;
        boolean usePrefix = prefix instanceof Boolean b ? b : prefixText != null;
        return new EmbeddingConfig(base.kind(), base.bundledModel(), base.modelDir(), base.pooling(),
                (int) r.integer("embeddings.max_tokens", base.maxTokens()), usePrefix, prefixText,
                (int) r.integer("embeddings.batch_size", base.batchSize()), (int) r.integer("embeddings.threads", 0),
                base.baseUrl(), base.httpModel(), r.string("embeddings.api_key_env", null),
                r.bool("embeddings.allow_http", false), (int) r.integer("embeddings.dimensions", 0),
                Duration.ofSeconds(r.integer("embeddings.timeout_seconds", 60)));
    }

    /** Typed reads that name the key and line on a type error. */
    private record Reader(Path file, TomlParseResult toml) {
        Object raw(String key) {
            return toml.get(key);
        }

        String string(String key, String fallback) {
            Object v = toml.get(key);
            if (v == null) return fallback;
            if (v instanceof String s) return s;
            throw wrong(key, "a string");
        }

        long integer(String key, long fallback) {
            Object v = toml.get(key);
            if (v == null) return fallback;
            if (v instanceof Long l) return l;
            throw wrong(key, "an integer");
        }

        double number(String key, double fallback) {
            Object v = toml.get(key);
            if (v == null) return fallback;
            if (v instanceof Number n) return n.doubleValue();
            throw wrong(key, "a number");
        }

        boolean bool(String key, boolean fallback) {
            Object v = toml.get(key);
            if (v == null) return fallback;
            if (v instanceof Boolean b) return b;
            throw wrong(key, "true or false");
        }

        private IllegalArgumentException wrong(String key, String expected) {
            var pos = toml.inputPositionOf(key);
            return new IllegalArgumentException((pos == null ? "" : "line " + pos.line() + ": ") + key + " must be "
                    + expected);
        }
    }
}
