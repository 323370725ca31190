package dev.recall.extract;

import dev.recall.store.Labelled;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;

/**
 * The resolved {@code [recall.extract]} configuration. Parsing config.toml is the cli's job; this record only
 * holds values and rejects impossible ones, so an extraction never runs on a half-valid configuration.
 */
public record ExtractConfig(
        Kind extractor,
        Segmentation segmentation,
        int maxFactsPerSession,
        Endpoint endpoint,
        Duration quietPeriod,
        CandidateFindings candidateFindings,
        ModelRequest request,
        boolean enabled) {

    public static final Duration DEFAULT_QUIET_PERIOD = Duration.ofMinutes(30);
    public static final int DEFAULT_MAX_FACTS = 3;

    /** Which extractor proposes entries. */
    public enum Kind implements Labelled {
        LOCAL, ENDPOINT;

        @Override
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** config.toml's {@code extractor}. */
        public static Kind parse(String value) {
            return Labelled.parse(Kind.class, "extractor", value);
        }
    }

    /** What to do with a session whose secret scan found only candidate-tier findings. */
    public enum CandidateFindings implements Labelled {
        BLOCK, ALLOW;

        @Override
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** config.toml's {@code candidate_findings}. */
        public static CandidateFindings parse(String value) {
            return Labelled.parse(CandidateFindings.class, "candidate_findings", value);
        }
    }

    /** How a session is cut into chunks for an endpoint call (and shown by preview). */
    public record Segmentation(int maxMessages, int maxChars, int maxMessageChars) {
        public static final Segmentation DEFAULT = new Segmentation(40, 24_000, 2_000);

        public Segmentation {
            if (maxMessages < 1 || maxMessages > 1_000) {
                throw new IllegalArgumentException("max_chunk_messages must be between 1 and 1000, not " + maxMessages);
            }
            if (maxMessageChars < 100) {
                throw new IllegalArgumentException("max_message_chars must be at least 100, not " + maxMessageChars);
            }
            if (maxChars < maxMessageChars) {
                throw new IllegalArgumentException("max_chunk_chars (" + maxChars + ") must be at least"
                        + " max_message_chars (" + maxMessageChars + ")");
            }
        }
    }

    /**
     * An OpenAI-compatible chat endpoint. The API key is never part of the configuration: only the name of the
     * environment variable that holds it.
     */
    public record Endpoint(URI baseUrl, String model, String apiKeyEnv, boolean allowHttp, Duration timeout) {
        public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);

        public Endpoint {
            if (baseUrl == null) {
                throw new IllegalArgumentException("endpoint is required for extractor = \"endpoint\"");
            }
            String scheme = baseUrl.getScheme() == null ? "" : baseUrl.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw new IllegalArgumentException("endpoint must be an http or https URL, not '" + baseUrl + "'");
            }
            if (baseUrl.getHost() == null) {
                throw new IllegalArgumentException("endpoint '" + baseUrl + "' has no host");
            }
            if (baseUrl.getUserInfo() != null) {
                throw new IllegalArgumentException("endpoint must not carry credentials in the URL; name an"
                        + " environment variable in api_key_env instead");
            }
            if (model == null || model.isBlank()) {
                throw new IllegalArgumentException("model is required for extractor = \"endpoint\"");
            }
            if (apiKeyEnv != null && !apiKeyEnv.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("api_key_env must be an environment variable name, not '"
                        + apiKeyEnv + "'");
            }
            timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive");
            }
        }

        /** POST target: the base URL with /chat/completions appended. */
        public URI chatUrl() {
            String base = baseUrl.toString();
            return URI.create(base.endsWith("/") ? base + "chat/completions" : base + "/chat/completions");
        }
    }

    public ExtractConfig {
        if (extractor == null) {
            throw new IllegalArgumentException("extractor is required");
        }
        segmentation = segmentation == null ? Segmentation.DEFAULT : segmentation;
        quietPeriod = quietPeriod == null ? DEFAULT_QUIET_PERIOD : quietPeriod;
        candidateFindings = candidateFindings == null ? CandidateFindings.BLOCK : candidateFindings;
        if (quietPeriod.isNegative()) {
            throw new IllegalArgumentException("quiet_period must not be negative");
        }
        if (maxFactsPerSession < 0 || maxFactsPerSession > 50) {
            throw new IllegalArgumentException("max_facts must be between 0 and 50, not " + maxFactsPerSession);
        }
        if (extractor == Kind.ENDPOINT && endpoint == null) {
            throw new IllegalArgumentException("extractor = \"endpoint\" needs endpoint and model");
        }
        if (request == null && endpoint != null) {
            request = ModelRequest.forModel(endpoint.model());
        }
    }

    public ExtractConfig(Kind extractor, Segmentation segmentation, int maxFactsPerSession, Endpoint endpoint,
            Duration quietPeriod, CandidateFindings candidateFindings) {
        this(extractor, segmentation, maxFactsPerSession, endpoint, quietPeriod, candidateFindings, null, false);
    }

    /** The default: the local extractor, no network. */
    public static ExtractConfig local() {
        return new ExtractConfig(Kind.LOCAL, Segmentation.DEFAULT, DEFAULT_MAX_FACTS, null, DEFAULT_QUIET_PERIOD,
                CandidateFindings.BLOCK);
    }

    public static ExtractConfig endpoint(Endpoint endpoint) {
        return new ExtractConfig(Kind.ENDPOINT, Segmentation.DEFAULT, DEFAULT_MAX_FACTS, endpoint, DEFAULT_QUIET_PERIOD,
                CandidateFindings.BLOCK);
    }

    public ExtractConfig withQuietPeriod(Duration quiet) {
        return new ExtractConfig(extractor, segmentation, maxFactsPerSession, endpoint, quiet, candidateFindings,
                request, enabled);
    }

    public ExtractConfig withCandidateFindings(CandidateFindings policy) {
        return new ExtractConfig(extractor, segmentation, maxFactsPerSession, endpoint, quietPeriod, policy, request,
                enabled);
    }

    public ExtractConfig withSegmentation(Segmentation s) {
        return new ExtractConfig(extractor, s, maxFactsPerSession, endpoint, quietPeriod, candidateFindings, request,
                enabled);
    }

    /** The prompt and request knobs of an endpoint extraction (ignored by the local extractor). */
    public ExtractConfig withRequest(ModelRequest r) {
        return new ExtractConfig(extractor, segmentation, maxFactsPerSession, endpoint, quietPeriod, candidateFindings,
                r, enabled);
    }

    /**
     * Whether automatic passes (the daemon's scheduler) may extract; `recall extract run` is a person asking and
     * runs either way. Off by default, as in the reference tool: extraction writes entries a person has to review.
     */
    public ExtractConfig withEnabled(boolean on) {
        return new ExtractConfig(extractor, segmentation, maxFactsPerSession, endpoint, quietPeriod, candidateFindings,
                request, on);
    }

    /** The extractor_method its entries carry. */
    public String method() {
        return extractor == Kind.LOCAL ? LocalExtractor.METHOD : "endpoint:" + endpoint.model();
    }
}
