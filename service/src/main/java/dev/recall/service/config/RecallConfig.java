package dev.recall.service.config;

import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.embeddings.EmbeddingException;
import dev.recall.embeddings.Pooling;
import dev.recall.extract.ExtractConfig;
import dev.recall.extract.ModelRequest;
import dev.recall.index.VectorEncoding;
import dev.recall.opensearch.OpenSearchSettings;
import dev.recall.search.LexicalWeights;
import dev.recall.service.config.ConfigFile.EmbeddingServer;
import dev.recall.service.config.ConfigFile.EmbeddingsSection;
import dev.recall.service.config.ConfigFile.ExtractSection;
import dev.recall.service.config.ConfigFile.ExtractServer;
import dev.recall.service.config.ConfigFile.VectorEmbeddingsSection;
import dev.recall.store.RecallException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * recall's settings resolved from {@code config.toml} (see docs/configuration.md): what the product uses, from
 * either spelling of the file. A value that cannot work is an invalid request naming the file and the key.
 *
 * @param file the config file (it may not exist: then everything is a default)
 * @param settings the file as written, with defaults filled in; the daemon's sections are read from here
 * @param unused keys the file sets that recall reads but does not use yet (said, never silently dropped)
 */
public record RecallConfig(Path file, ConfigFile settings, EmbeddingConfig embeddings, VectorEncoding encoding,
        boolean autoEmbedRecall, boolean autoEmbedSessions, LexicalWeights weights, int window, int rrfK,
        List<String> unused) {

    public static final String FILE_NAME = ConfigLoader.FILE_NAME;

    public static RecallConfig load(Path dataDir) {
        Path file = dataDir.resolve(FILE_NAME);
        return resolve(file, new ConfigLoader().load(file));
    }

    static RecallConfig resolve(Path file, ConfigFile f) {
        try {
            validateDurations(f);
            openSearch(f.backend());
            EmbeddingConfig embeddings = embeddings(f.embeddings(), f.vector().embeddings());
            VectorEncoding encoding = VectorEncoding.parse("vector.encoding", f.vector().encoding());
            var s = f.search();
            LexicalWeights weights = LexicalWeights.DEFAULTS.withBm25(s.k1().floatValue(), s.b().floatValue());
            boolean auto = f.vector().embed().recall() && f.vector().enabled();
            // Its own consent: embedding sessions sends transcript text to whatever embedder is configured.
            boolean autoSessions = f.vector().embed().sessions() && f.vector().enabled();
            return new RecallConfig(file, f, embeddings, encoding, auto, autoSessions, weights, s.window(), s.rrfK(),
                    unused(f));
        } catch (IllegalArgumentException | EmbeddingException | RecallException e) {
            throw new RecallException(RecallException.Kind.INVALID, file + ": " + e.getMessage());
        }
    }

    /** The OpenSearch cluster searches run on; empty for the embedded backend (the default). */
    public java.util.Optional<OpenSearchSettings> openSearch() {
        try {
            return openSearch(settings.backend());
        } catch (IllegalArgumentException e) {
            throw new RecallException(RecallException.Kind.INVALID, file + ": " + e.getMessage());
        }
    }

    private static java.util.Optional<OpenSearchSettings> openSearch(ConfigFile.BackendSection b) {
        return switch (b.kind()) {
            case "embedded" -> java.util.Optional.empty();
            case "opensearch" -> {
                List<URI> nodes = new ArrayList<>();
                for (String url : b.urls()) {
                    URI uri;
                    try {
                        uri = new URI(url);
                    } catch (java.net.URISyntaxException e) {
                        uri = URI.create("invalid:/");
                    }
                    if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                        throw new IllegalArgumentException("[backend] urls: '" + url + "' is not an http(s) address"
                                + " of an OpenSearch node");
                    }
                    nodes.add(uri);
                }
                if (nodes.isEmpty()) {
                    throw new IllegalArgumentException("[backend] urls: name at least one OpenSearch node");
                }
                try {
                    yield java.util.Optional.of(new OpenSearchSettings(nodes, b.indexPrefix(), b.replicas(),
                            Durations.parse("[backend] timeout", b.timeout())));
                } catch (RecallException e) {
                    throw new IllegalArgumentException("[backend] " + e.getMessage());
                }
            }
            default -> throw new IllegalArgumentException("[backend] kind: unknown value '" + b.kind()
                    + "' (embedded or opensearch)");
        };
    }

    /** The extraction configuration, resolved when an extraction command asks for it. */
    public ExtractConfig extract() {
        ExtractSection x = settings.recall().extract();
        String where = file + ": [recall.extract] ";
        try {
            ExtractConfig.Kind kind = x.extractor() != null ? ExtractConfig.Kind.parse(x.extractor())
                    : x.enabled() != null && x.enabled() ? ExtractConfig.Kind.ENDPOINT : ExtractConfig.Kind.LOCAL;
            if (x.maxChunkChars() != null && x.maxWindowChars() != null) {
                throw new IllegalArgumentException("max_chunk_chars and max_window_chars are the same setting; set"
                        + " one");
            }
            int maxChars = x.maxChunkChars() != null ? x.maxChunkChars() : x.maxWindowChars() != null
                    ? x.maxWindowChars() : ExtractConfig.Segmentation.DEFAULT.maxChars();
            ExtractConfig.Segmentation seg = new ExtractConfig.Segmentation(x.maxChunkMessages(), maxChars,
                    x.maxMessageChars());
            ExtractConfig.Endpoint endpoint = endpoint(x, kind);
            ExtractConfig config = new ExtractConfig(kind, seg, x.maxFacts(), endpoint, Durations.parse(
                    "quiet_period", x.quietPeriod()), ExtractConfig.CandidateFindings.parse(x.candidateFindings()))
                    .withEnabled(Boolean.TRUE.equals(x.enabled()));
            if (endpoint == null) {
                return config;
            }
            // A relative prompts dir is read from beside config.toml.
            java.nio.file.Path dir = x.prompts().dir() == null ? null
                    : file.toAbsolutePath().getParent().resolve(x.prompts().dir());
            return config.withRequest(ModelRequest.resolve(x.prompts().profile(), dir, x.model(),
                    x.request().temperature(), x.maxTokens(), x.request().extraBody()));
        } catch (IllegalArgumentException | RecallException e) {
            throw new RecallException(RecallException.Kind.INVALID, where + e.getMessage());
        }
    }

    private static ExtractConfig.Endpoint endpoint(ExtractSection x, ExtractConfig.Kind kind) {
        String url = x.endpoint();
        String apiKeyEnv = x.apiKeyEnv();
        boolean allowHttp = x.allowHttp();
        String timeout = x.timeout();
        if (!x.servers().isEmpty() || x.server() != null) {
            if (url != null) {
                throw new IllegalArgumentException("endpoint and [recall.extract.servers] both name the endpoint;"
                        + " keep one");
            }
            ExtractServer s = named(x.server(), x.servers(), "recall.extract");
            url = s.endpoint();
            apiKeyEnv = s.apiKeyEnv();
            allowHttp = s.allowHttp() != null && s.allowHttp();
            timeout = s.timeout();
        }
        if (url == null && kind != ExtractConfig.Kind.ENDPOINT) {
            return null;
        }
        return new ExtractConfig.Endpoint(url == null ? null : URI.create(url), x.model(), apiKeyEnv, allowHttp,
                timeout == null ? null : Durations.parse("timeout", timeout));
    }

    /** The server a section selects: the one named, else the only one defined. */
    private static <T> T named(String name, Map<String, T> servers, String section) {
        String known = String.join(", ", new TreeSet<>(servers.keySet()));
        if (name == null) {
            if (servers.size() != 1) {
                throw new IllegalArgumentException("server names which of [" + section + ".servers.*] to use"
                        + (servers.isEmpty() ? "; none is defined" : " (defined: " + known + ")"));
            }
            return servers.values().iterator().next();
        }
        T s = servers.get(name);
        if (s == null) {
            throw new IllegalArgumentException("server '" + name + "' is not defined under [" + section + ".servers."
                    + name + "] (defined: " + (known.isEmpty() ? "none" : known) + ")");
        }
        return s;
    }

    private static EmbeddingConfig embeddings(EmbeddingsSection e, VectorEmbeddingsSection v) {
        if (v.given()) {
            if (e.given()) {
                throw new IllegalArgumentException("[embeddings] and [vector.embeddings] both configure the embedding"
                        + " model; keep one");
            }
            return referenceEmbeddings(v);
        }
        String kind = e.kind() == null ? "bundled" : e.kind();
        EmbeddingConfig base = switch (kind) {
            case "bundled" -> EmbeddingConfig.bundled(e.model() == null ? EmbeddingConfig.BGE_SMALL : e.model());
            case "onnx_dir" -> {
                if (e.dir() == null || e.pooling() == null) {
                    throw new IllegalArgumentException("[embeddings] kind = \"onnx_dir\" needs dir and pooling");
                }
                yield EmbeddingConfig.onnxDir(Path.of(e.dir()), Pooling.valueOf(e.pooling().toUpperCase(Locale.ROOT)),
                        e.maxTokens() == null ? 512 : e.maxTokens());
            }
            case "http" -> {
                if (e.baseUrl() == null || e.httpModel() == null) {
                    throw new IllegalArgumentException("[embeddings] kind = \"http\" needs base_url and http_model");
                }
                yield EmbeddingConfig.http(e.baseUrl(), e.httpModel());
            }
            default -> throw new IllegalArgumentException("embeddings.kind: unknown value '" + kind
                    + "' (bundled, onnx_dir or http)");
        };
        Object prefix = e.queryPrefix();
        if (prefix != null && !(prefix instanceof String) && !(prefix instanceof Boolean)) {
            throw new IllegalArgumentException("embeddings.query_prefix must be true, false or a string");
        }
        String prefixText = prefix instanceof String s ? s : null;
        boolean usePrefix = prefix == null ? base.useQueryPrefix() : prefix instanceof Boolean b ? b : prefixText != null;
        return base.toBuilder()
                .maxTokens(e.maxTokens() == null ? base.maxTokens() : e.maxTokens())
                .queryPrefix(usePrefix, prefixText)
                .batchSize(e.batchSize() == null ? base.batchSize() : e.batchSize())
                .threads(e.threads() == null ? 0 : e.threads())
                .apiKeyEnv(e.apiKeyEnv())
                .allowHttp(e.allowHttp() != null && e.allowHttp())
                .dimensions(e.dimensions() == null ? 0 : e.dimensions())
                .timeout(Duration.ofSeconds(e.timeoutSeconds() == null ? EmbeddingConfig.DEFAULT_TIMEOUT.toSeconds()
                        : e.timeoutSeconds()))
                .build();
    }

    /** The reference tool's [vector.embeddings]: an OpenAI-compatible endpoint, given once or as named servers. */
    private static EmbeddingConfig referenceEmbeddings(VectorEmbeddingsSection v) {
        String endpoint = v.endpoint();
        String apiKeyEnv = v.apiKeyEnv();
        Integer batch = v.batchSize();
        String timeout = v.timeout();
        boolean allowHttp = false;
        if (!v.servers().isEmpty()) {
            if (endpoint != null) {
                throw new IllegalArgumentException("[vector.embeddings] endpoint and servers both name the endpoint;"
                        + " keep one");
            }
            EmbeddingServer s = named(v.defaultServer(), v.servers(), "vector.embeddings");
            endpoint = s.endpoint();
            apiKeyEnv = s.apiKeyEnv() != null ? s.apiKeyEnv() : apiKeyEnv;
            batch = s.batchSize() != null ? s.batchSize() : batch;
            timeout = s.timeout() != null ? s.timeout() : timeout;
            allowHttp = s.allowHttp() != null && s.allowHttp();
        }
        if (endpoint == null || v.model() == null) {
            throw new IllegalArgumentException("[vector.embeddings] needs model and an endpoint");
        }
        EmbeddingConfig c = EmbeddingConfig.http(endpoint, v.model()).withApiKeyEnv(apiKeyEnv)
                .withAllowHttp(allowHttp);
        if (v.dimension() != null) {
            c = c.withDimensions(v.dimension());
        }
        if (batch != null) {
            c = c.withBatchSize(batch);
        }
        if (timeout != null) {
            c = c.withTimeout(Durations.parse("[vector.embeddings] timeout", timeout));
        }
        if (v.queryPrefix() != null) {
            c = c.withQueryPrefix(v.queryPrefix());
        }
        return c;
    }

    /** Every duration in the file parses, so a typo in the daemon's settings is found by any command. */
    private static void validateDurations(ConfigFile f) {
        var x = f.recall().extract();
        Durations.parse("[recall.extract] quiet_period", x.quietPeriod());
        Durations.parse("[recall.extract] backstop_interval", x.backstopInterval());
        Durations.parse("[recall.extract] failure_backoff", x.failureBackoff());
        Durations.parse("[vector.embed] backstop_interval", f.vector().embed().backstopInterval());
        var s = f.serve();
        Durations.parse("[serve] idle_timeout", s.idleTimeout());
        Durations.parse("[serve] request_timeout", s.requestTimeout());
        Durations.parse("[serve] sync_debounce", s.syncDebounce());
        Durations.parse("[serve] rescan_interval", s.rescanInterval());
        Durations.parse("[serve] embed_debounce", s.embedDebounce());
        Durations.parse("[serve] embed_interval", s.embedInterval());
        Durations.parse("[serve] extract_debounce", s.extractDebounce());
    }

    /** Keys of the reference tool recall accepts but has no use for yet; a surface says so once. */
    private static List<String> unused(ConfigFile f) {
        List<String> out = new ArrayList<>();
        var x = f.recall().extract();
        if (x.deployment() != null) out.add("[recall.extract] deployment");
        return List.copyOf(out);
    }
}
