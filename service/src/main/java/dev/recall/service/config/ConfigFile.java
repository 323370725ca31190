package dev.recall.service.config;

import dev.recall.extract.ExtractConfig;
import dev.recall.search.LexicalWeights;
import dev.recall.search.SearchRequest;
import java.util.Map;

/**
 * {@code config.toml} as written, bound to records: every section and key recall reads, each with its default in
 * the record's constructor (the one place defaults live). Unknown keys are refused at every level. Both recall's
 * own spellings and the reference tool's (AgentsView) are accepted; {@link ConfigResolver} turns them into what
 * the product uses. docs/configuration.md documents every key, and a test holds it to these records.
 */
public record ConfigFile(EmbeddingsSection embeddings, VectorSection vector, SearchSection search,
        RecallSection recall, SessionsSection sessions, ServeSection serve, InsightsSection insights,
        Map<String, AgentSection> agent, HooksSection hooks, BackendSection backend) {

    public static final ConfigFile DEFAULTS = new ConfigFile(null, null, null, null, null, null, null, null, null,
            null);

    public ConfigFile {
        embeddings = embeddings == null ? EmbeddingsSection.DEFAULTS : embeddings;
        vector = vector == null ? VectorSection.DEFAULTS : vector;
        search = search == null ? SearchSection.DEFAULTS : search;
        recall = recall == null ? RecallSection.DEFAULTS : recall;
        sessions = sessions == null ? SessionsSection.DEFAULTS : sessions;
        serve = serve == null ? ServeSection.DEFAULTS : serve;
        insights = insights == null ? InsightsSection.DEFAULTS : insights;
        agent = agent == null ? Map.of() : Map.copyOf(agent);
        hooks = hooks == null ? HooksSection.DEFAULTS : hooks;
        backend = backend == null ? BackendSection.DEFAULTS : backend;
    }

    /**
     * {@code [embeddings]}: the model for vector search, in recall's spelling.
     *
     * @param queryPrefix true for the model's own query prefix, or the prefix itself
     */
    public record EmbeddingsSection(String kind, String model, String dir, String pooling, Integer maxTokens,
            Object queryPrefix, Integer batchSize, Integer threads, String baseUrl, String httpModel,
            String apiKeyEnv, Boolean allowHttp, Integer dimensions, Integer timeoutSeconds) {
        public static final EmbeddingsSection DEFAULTS = new EmbeddingsSection(null, null, null, null, null, null,
                null, null, null, null, null, null, null, null);

        /** Whether the file says anything in this section (the reference's [vector.embeddings] then conflicts). */
        public boolean given() {
            return !equals(DEFAULTS);
        }
    }

    /** {@code [vector]}: how vectors are stored, and the reference tool's embedding sections. */
    public record VectorSection(String encoding, Boolean enabled, EmbedSection embed,
            VectorEmbeddingsSection embeddings) {
        public static final VectorSection DEFAULTS = new VectorSection(null, null, null, null);

        public VectorSection {
            encoding = encoding == null ? "float32" : encoding;
            enabled = enabled == null || enabled;
            embed = embed == null ? EmbedSection.DEFAULTS : embed;
            embeddings = embeddings == null ? VectorEmbeddingsSection.DEFAULTS : embeddings;
        }
    }

    /**
     * {@code [vector.embed]}: consent to embed without being asked.
     *
     * @param recall embed recall entries after every change of the served corpus
     * @param sessions embed new session passages after a sync or session import (its own consent: it sends transcript text
     *     to the embedder)
     * @param runAfterSync the daemon embeds after a sync
     * @param backstopInterval the daemon's periodic embedding pass; negative disables it
     */
    public record EmbedSection(Boolean recall, Boolean sessions, Boolean runAfterSync, String backstopInterval) {
        public static final EmbedSection DEFAULTS = new EmbedSection(null, null, null, null);

        public EmbedSection {
            recall = recall != null && recall;
            sessions = sessions != null && sessions;
            runAfterSync = runAfterSync == null || runAfterSync;
            backstopInterval = backstopInterval == null ? "24h" : backstopInterval;
        }
    }

    /**
     * {@code [vector.embeddings]}: the reference tool's spelling of an OpenAI-compatible embedding endpoint.
     *
     * @param defaultServer which of {@code servers} to use when there are several
     */
    public record VectorEmbeddingsSection(String model, String endpoint, Integer dimension, String apiKeyEnv,
            Integer batchSize, String timeout, String queryPrefix, String defaultServer,
            Map<String, EmbeddingServer> servers) {
        public static final VectorEmbeddingsSection DEFAULTS = new VectorEmbeddingsSection(null, null, null, null,
                null, null, null, null, null);

        public VectorEmbeddingsSection {
            servers = servers == null ? Map.of() : Map.copyOf(servers);
        }

        public boolean given() {
            return !equals(DEFAULTS);
        }
    }

    /** {@code [vector.embeddings.servers.NAME]}: one embedding endpoint, transport only. */
    public record EmbeddingServer(String endpoint, String apiKeyEnv, Integer batchSize, String timeout,
            Boolean allowHttp) {}

    /** {@code [search]}: the lexical leg's BM25 parameters and the fusion window. */
    public record SearchSection(Double k1, Double b, Integer window, Integer rrfK) {
        public static final SearchSection DEFAULTS = new SearchSection(null, null, null, null);

        public SearchSection {
            k1 = k1 == null ? LexicalWeights.DEFAULTS.k1() : k1;
            b = b == null ? LexicalWeights.DEFAULTS.b() : b;
            window = window == null ? SearchRequest.DEFAULT_WINDOW : window;
            rrfK = rrfK == null ? SearchRequest.DEFAULT_RRF_K : rrfK;
        }
    }

    /** {@code [recall]}: the recall subsystem, as the reference tool nests it. */
    public record RecallSection(ExtractSection extract) {
        public static final RecallSection DEFAULTS = new RecallSection(null);

        public RecallSection {
            extract = extract == null ? ExtractSection.DEFAULTS : extract;
        }
    }

    /**
     * {@code [recall.extract]}: distilling sessions into entries. recall's spelling ({@code extractor},
     * {@code endpoint}, {@code model}) and the reference tool's ({@code enabled}, {@code model},
     * {@code server} + {@code [recall.extract.servers.NAME]}) both work.
     */
    public record ExtractSection(Boolean enabled, String extractor, String endpoint, String model,
            String deployment, String server, Map<String, ExtractServer> servers, String apiKeyEnv,
            Boolean allowHttp, String timeout, String quietPeriod, String backstopInterval, String failureBackoff,
            Integer maxWindowChars, Integer maxTokens, String candidateFindings, Integer maxFacts,
            Integer maxChunkMessages, Integer maxChunkChars, Integer maxMessageChars, PromptsSection prompts,
            RequestSection request) {
        public static final ExtractSection DEFAULTS = new ExtractSection(null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);

        public ExtractSection {
            servers = servers == null ? Map.of() : Map.copyOf(servers);
            allowHttp = allowHttp != null && allowHttp;
            quietPeriod = quietPeriod == null ? ExtractConfig.DEFAULT_QUIET_PERIOD.toMinutes() + "m" : quietPeriod;
            backstopInterval = backstopInterval == null ? "1h" : backstopInterval;
            failureBackoff = failureBackoff == null ? "1h" : failureBackoff;
            candidateFindings = candidateFindings == null ? "block" : candidateFindings;
            maxFacts = maxFacts == null ? ExtractConfig.DEFAULT_MAX_FACTS : maxFacts;
            maxChunkMessages = maxChunkMessages == null ? ExtractConfig.Segmentation.DEFAULT.maxMessages()
                    : maxChunkMessages;
            maxMessageChars = maxMessageChars == null ? ExtractConfig.Segmentation.DEFAULT.maxMessageChars()
                    : maxMessageChars;
            prompts = prompts == null ? PromptsSection.DEFAULTS : prompts;
            request = request == null ? RequestSection.DEFAULTS : request;
        }
    }

    /** {@code [recall.extract.servers.NAME]}: one chat endpoint, transport only. */
    public record ExtractServer(String endpoint, String apiKeyEnv, String timeout, Boolean allowHttp) {}

    /** {@code [recall.extract.prompts]}: the reference tool's prompt profile and override files. */
    public record PromptsSection(String profile, String dir) {
        public static final PromptsSection DEFAULTS = new PromptsSection(null, null);
    }

    /** {@code [recall.extract.request]}: overrides of the chat request's shape. */
    public record RequestSection(Double temperature, Map<String, Object> extraBody) {
        public static final RequestSection DEFAULTS = new RequestSection(null, null);

        public RequestSection {
            extraBody = extraBody == null ? Map.of() : Map.copyOf(extraBody);
        }
    }

    /** {@code [sessions]}: the project files recall keeps. */
    public record SessionsSection(Boolean saveOnSessionEnd) {
        public static final SessionsSection DEFAULTS = new SessionsSection(null);

        public SessionsSection {
            saveOnSessionEnd = saveOnSessionEnd != null && saveOnSessionEnd;
        }
    }

    /** {@code [serve]}: how {@code recall serve} listens, guards itself and schedules work. */
    public record ServeSection(String host, Integer port, Boolean listenPublic, Boolean requireToken,
            String idleTimeout, String requestTimeout, Long maxBodyBytes, Integer maxQueryChars, Integer readers,
            Boolean schedulers, String syncDebounce, String rescanInterval, String embedDebounce,
            String embedInterval, String extractDebounce) {
        public static final ServeSection DEFAULTS = new ServeSection(null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null);

        public ServeSection {
            host = host == null ? "127.0.0.1" : host;
            port = port == null ? 0 : port;
            listenPublic = listenPublic != null && listenPublic;
            requireToken = requireToken != null && requireToken;
            idleTimeout = idleTimeout == null ? "20m" : idleTimeout;
            requestTimeout = requestTimeout == null ? "30s" : requestTimeout;
            maxBodyBytes = maxBodyBytes == null ? 16L << 20 : maxBodyBytes;
            maxQueryChars = maxQueryChars == null ? 8192 : maxQueryChars;
            readers = readers == null ? 4 : readers;
            schedulers = schedulers == null || schedulers;
            syncDebounce = syncDebounce == null ? "2s" : syncDebounce;
            rescanInterval = rescanInterval == null ? "5m" : rescanInterval;
            embedDebounce = embedDebounce == null ? "2s" : embedDebounce;
            embedInterval = embedInterval == null ? "10m" : embedInterval;
            extractDebounce = extractDebounce == null ? "30s" : extractDebounce;
        }
    }

    /** {@code [insights]}: an optional OpenAI-compatible chat endpoint for generated insights (the daemon's). */
    public record InsightsSection(String endpoint, String model, String apiKeyEnv, Boolean allowHttp) {
        public static final InsightsSection DEFAULTS = new InsightsSection(null, null, null, null);

        public InsightsSection {
            allowHttp = allowHttp != null && allowHttp;
        }
    }

    /** {@code [agent.NAME]}: a local agent CLI (claude, codex) that writes insights when no endpoint is set. */
    public record AgentSection(String binary) {}

    /**
     * {@code [hooks]}: what the agent hooks add on their own. Prompt-time recall (the UserPromptSubmit hook) adds
     * at most {@code promptMaxEntries} trusted entries whose lexical coverage of the prompt reaches
     * {@code promptMinCoverage}, within {@code promptBudgetBytes}. The defaults were calibrated on the judged queries
     * and a set of unrelated prompts (docs/benchmarks.md, "Prompt-time recall").
     */
    public record HooksSection(Boolean promptRecall, Double promptMinCoverage, Integer promptMaxEntries,
            Integer promptBudgetBytes) {
        public static final HooksSection DEFAULTS = new HooksSection(null, null, null, null);

        public HooksSection {
            promptRecall = promptRecall == null || promptRecall;
            promptMinCoverage = promptMinCoverage == null ? 0.7 : promptMinCoverage;
            promptMaxEntries = promptMaxEntries == null ? 2 : promptMaxEntries;
            promptBudgetBytes = promptBudgetBytes == null ? 1200 : promptBudgetBytes;
        }
    }

    /**
     * {@code [backend]}: where searches run. {@code "embedded"} (the default): the data dir's Lucene indexes.
     * {@code "opensearch"}: an OpenSearch cluster at {@code urls}, which this process publishes the store to.
     */
    public record BackendSection(String kind, java.util.List<String> urls, String indexPrefix, Integer replicas,
            String timeout) {
        public static final BackendSection DEFAULTS = new BackendSection(null, null, null, null, null);

        public BackendSection {
            kind = kind == null ? "embedded" : kind;
            urls = urls == null ? java.util.List.of("http://127.0.0.1:9200") : java.util.List.copyOf(urls);
            indexPrefix = indexPrefix == null ? "recall" : indexPrefix;
            replicas = replicas == null ? 1 : replicas;
            timeout = timeout == null ? "30s" : timeout;
        }
    }
}
