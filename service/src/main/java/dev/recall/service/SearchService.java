package dev.recall.service;

import dev.recall.service.config.RecallConfig;
import dev.recall.brief.Brief;
import dev.recall.brief.BriefPacker;
import dev.recall.index.BagOfWords;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.FusionMethod;
import dev.recall.search.LexicalWeights;
import dev.recall.search.SearchHit;
import dev.recall.search.SearchMode;
import dev.recall.search.SearchRequest;
import dev.recall.search.SearchResult;
import dev.recall.search.Snippet;
import dev.recall.search.Snippets;
import dev.recall.sessions.ProjectIdentity;
import dev.recall.store.Counters;
import dev.recall.store.Entries;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStats;
import dev.recall.store.EntryStatus;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.RecallException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;

/** Query and brief: search with the configured defaults, pack briefs, record both in the ledger. */
public final class SearchService {
    /** How many entries the SessionStart brief considers. */
    static final int SESSION_START_ENTRIES = 10;

    /**
     * A query; null fields take the configured defaults (config.toml, else the product's). Build it with
     * {@link #builder(String)}.
     *
     * @param summary also count the hits by attribute
     * @param evidence also return each hit's evidence anchors
     * @param contextMaxBytes also pack the hits into a context block of at most this many bytes (null: no context)
     */
    public record QueryRequest(String text, SearchMode mode, Filters filters, int limit, String cursor,
            Integer window, FusionMethod fusion, Integer rrfK, double convexWeight, boolean luceneSyntax, Float k1,
            Float b, boolean explain, Recording recording, boolean summary, boolean evidence,
            Integer contextMaxBytes) {

        public QueryRequest {
            if (contextMaxBytes != null && contextMaxBytes < 1) {
                throw RecallException.invalid("context_max_bytes", "must be positive");
            }
        }

        /** The same request answered in another mode. */
        public QueryRequest withMode(SearchMode other) {
            return new QueryRequest(text, other, filters, limit, cursor, window, fusion, rrfK, convexWeight,
                    luceneSyntax, k1, b, explain, recording, summary, evidence, contextMaxBytes);
        }

        public static Builder builder(String text) {
            return new Builder(text);
        }

        public static final class Builder {
            private final String text;
            private SearchMode mode = SearchMode.LEXICAL;
            private Filters filters = Filters.NONE;
            private int limit = 10;
            private String cursor;
            private Integer window;
            private FusionMethod fusion = SearchRequest.DEFAULT_FUSION;
            private Integer rrfK;
            private double convexWeight = SearchRequest.DEFAULT_CONVEX_WEIGHT;
            private boolean luceneSyntax;
            private Float k1;
            private Float b;
            private boolean explain;
            private Recording recording = Recording.DEFAULT;
            private boolean summary;
            private boolean evidence;
            private Integer contextMaxBytes;

            private Builder(String text) {
                this.text = text;
            }

            public Builder mode(SearchMode value) {
                mode = value;
                return this;
            }

            public Builder filters(Filters value) {
                filters = value;
                return this;
            }

            public Builder limit(int value) {
                limit = value;
                return this;
            }

            public Builder cursor(String value) {
                cursor = value;
                return this;
            }

            public Builder window(Integer value) {
                window = value;
                return this;
            }

            /** Null keeps the product's default. */
            public Builder fusion(FusionMethod value) {
                fusion = value == null ? SearchRequest.DEFAULT_FUSION : value;
                return this;
            }

            public Builder rrfK(Integer value) {
                rrfK = value;
                return this;
            }

            public Builder convexWeight(double value) {
                convexWeight = value;
                return this;
            }

            public Builder luceneSyntax(boolean value) {
                luceneSyntax = value;
                return this;
            }

            public Builder k1(Float value) {
                k1 = value;
                return this;
            }

            public Builder b(Float value) {
                b = value;
                return this;
            }

            /** BM25 per field and matched terms for each hit (costs a third of a lexical query at 1M entries). */
            public Builder explain(boolean value) {
                explain = value;
                return this;
            }

            public Builder recording(Recording value) {
                recording = value;
                return this;
            }

            public Builder summary(boolean value) {
                summary = value;
                return this;
            }

            public Builder evidence(boolean value) {
                evidence = value;
                return this;
            }

            /** Null: no context block. */
            public Builder contextMaxBytes(Integer value) {
                contextMaxBytes = value;
                return this;
            }

            public QueryRequest build() {
                return new QueryRequest(text, mode, filters, limit, cursor, window, fusion, rrfK, convexWeight,
                        luceneSyntax, k1, b, explain, recording, summary, evidence, contextMaxBytes);
            }
        }
    }

    /**
     * @param queryId the ledger event, or null when not recorded
     * @param summary the hits counted by attribute, or null when not asked for
     * @param evidence hit id -> its anchors, or null when not asked for
     * @param context the hits packed like a brief (any trust), or null when not asked for
     * @param snippets hit id -> the window of its text around the query's words
     * @param matched hit id -> the query's words that matched it, as typed (with explain only; else empty)
     */
    public record QueryResult(SearchRequest request, SearchResult result, Long queryId, EntryStats summary,
            Map<String, List<Evidence>> evidence, Brief context, Map<String, Snippet> snippets,
            Map<String, List<String>> matched) {}

    /** Characters of a hit's snippet: two lines of a terminal. */
    static final int SNIPPET_WIDTH = 160;

    /**
     * A query that did not dead-end on stale vectors: the answer in the mode asked for, or, when the vectors were
     * refused as stale, the lexical answer (always current) with the refusal that caused it.
     *
     * @param refused the staleness refusal that made the answer lexical, or null when answered as asked
     */
    public record Answer(QueryResult query, RecallException refused) {
        public boolean degraded() {
            return refused != null;
        }
    }

    /**
     * A brief for a task: the best entries packed into a block framed as historical evidence. Without a task (null),
     * the newest entries the filters allow; a task given but empty is searched like an empty query (nothing matches,
     * and the notes say the task has no searchable words), never answered with unrelated entries. Trusted entries
     * only unless the filters say otherwise.
     */
    public record BriefRequest(String task, SearchMode mode, Filters filters, int limit, int budgetBytes,
            Recording recording) {
        public BriefRequest {
            if (budgetBytes < 1) {
                throw RecallException.invalid("context_max_bytes", "must be positive");
            }
            task = task == null ? null : task.strip();
        }
    }

    /**
     * @param missReason no_results (nothing matched), context_empty (nothing fit the budget), or null
     * @param queryId the ledger event, or null when not recorded
     */
    public record BriefResult(Brief brief, SearchResult result, EntryFilter filter, String missReason,
            Long queryId) {}

    private final Resources resources;
    private final LedgerRecorder ledger;

    SearchService(Resources resources) {
        this.resources = resources;
        this.ledger = new LedgerRecorder(resources);
    }

    public QueryResult query(QueryRequest q) {
        RecallConfig config = resources.config();
        LexicalWeights weights = config.weights().withBm25(q.k1() != null ? q.k1() : config.weights().k1(),
                q.b() != null ? q.b() : config.weights().b());
        SearchRequest request = SearchRequest.builder(q.text()).mode(q.mode())
                .filter(q.filters().resolve(EntryStatus.ACCEPTED, false)).limit(q.limit()).cursor(q.cursor())
                .window(q.window() != null ? q.window() : config.window()).fusion(q.fusion())
                .rrfK(q.rrfK() != null ? q.rrfK() : config.rrfK()).convexWeight(q.convexWeight())
                .luceneSyntax(q.luceneSyntax()).weights(weights).explain(q.explain()).build();
        SearchResult result = resources.search().search(request);
        List<String> ids = result.hits().stream().map(h -> h.entry().id()).toList();
        Brief context = null;
        if (q.contextMaxBytes() != null) {
            List<BriefPacker.Item> items = items(result.hits().stream().map(SearchHit::entry).toList(),
                    result.hits().stream().map(SearchHit::score).toList());
            context = new BriefPacker().pack(items, terms(q.text()), q.contextMaxBytes());
        }
        String miss = result.hits().isEmpty() ? "no_results"
                : context != null && context.included().isEmpty() ? "context_empty" : null;
        Long queryId = ledger.record(q.recording(), "query", request.text(), result, request.filter(),
                context == null ? null : context.included().size(),
                context == null ? java.util.Set.of() : new HashSet<>(context.included()), miss);
        Map<String, Snippet> snippets = new LinkedHashMap<>();
        Map<String, List<String>> matched = new LinkedHashMap<>();
        AnalyzerKind analysis = resources.lexicalIndex().analysis();
        try (Analyzer index = analysis.newIndexAnalyzer(); Analyzer query = analysis.newQueryAnalyzer()) {
            java.util.Set<String> words = BagOfWords.terms(query, q.text()).keySet();
            // each hit's text is its own: a helper may take some hits while this thread takes the rest
            List<HitText> texts = resources.searchThreads().map(result.hits(), h -> new HitText(
                    snippet(index, h.entry(), words), Snippets.typed(query, q.text(), h.matchedTerms())));
            for (int i = 0; i < texts.size(); i++) {
                String id = result.hits().get(i).entry().id();
                snippets.put(id, texts.get(i).snippet());
                matched.put(id, texts.get(i).matched());
            }
        }
        return new QueryResult(request, result, queryId,
                q.summary() ? EntryStats.ofIds(resources.database(), ids) : null,
                q.evidence() ? new Entries(resources.database()).evidence(ids) : null, context, snippets, matched);
    }

    /** A hit's snippet and the query's words, as typed, that matched it. */
    private record HitText(Snippet snippet, List<String> matched) {}

    /** The window of the body around the query's words; the trigger's or title's when only they hold them. */
    private static Snippet snippet(Analyzer analyzer, RecallEntry e, java.util.Set<String> words) {
        Snippet body = Snippets.window(analyzer, e.body(), words, SNIPPET_WIDTH);
        if (!body.marks().isEmpty()) {
            return body;
        }
        for (String other : java.util.Arrays.asList(e.trigger(), e.title())) {
            if (other != null) {
                Snippet s = Snippets.window(analyzer, other, words, SNIPPET_WIDTH);
                if (!s.marks().isEmpty()) {
                    return s;
                }
            }
        }
        return body;
    }

    /**
     * For an agent mid-task, who must get an answer rather than a refusal: a vector or hybrid query whose vectors
     * are stale is answered lexically, and the answer carries the refusal so the surface says so.
     */
    public Answer queryOrLexical(QueryRequest q) {
        try {
            return new Answer(query(q), null);
        } catch (RecallException e) {
            if (e.kind() != RecallException.Kind.STALE || q.mode() == SearchMode.LEXICAL || q.cursor() != null) {
                throw e;
            }
            return new Answer(query(q.withMode(SearchMode.LEXICAL)), e);
        }
    }

    /** A brief that does not dead-end on stale vectors; see {@link #queryOrLexical}. */
    public record BriefAnswer(BriefResult brief, RecallException refused) {}

    public BriefAnswer briefOrLexical(BriefRequest r) {
        try {
            return new BriefAnswer(brief(r), null);
        } catch (RecallException e) {
            if (e.kind() != RecallException.Kind.STALE || r.mode() == SearchMode.LEXICAL || r.task() == null) {
                throw e;
            }
            return new BriefAnswer(brief(new BriefRequest(r.task(), SearchMode.LEXICAL, r.filters(), r.limit(),
                    r.budgetBytes(), r.recording())), e);
        }
    }

    public BriefResult brief(BriefRequest r) {
        EntryFilter filter = r.filters().resolve(EntryStatus.ACCEPTED, true);
        SearchResult result = r.task() == null ? newest(filter, r.limit()) : search(r, filter);
        List<BriefPacker.Item> items = items(result.hits().stream().map(SearchHit::entry).toList(),
                result.hits().stream().map(SearchHit::score).toList());
        Brief brief = new BriefPacker().pack(items, terms(r.task()), r.budgetBytes());
        String miss = result.hits().isEmpty() ? "no_results" : brief.included().isEmpty() ? "context_empty" : null;
        Long queryId = ledger.record(r.recording(), "brief", r.task() == null ? "" : r.task(), result, filter, brief.included().size(),
                new HashSet<>(brief.included()), miss);
        return new BriefResult(brief, result, filter, miss, queryId);
    }

    /**
     * The SessionStart brief: the project's newest trusted entries, those recorded on the current branch first.
     * Empty when the project has no trusted entries. Not recorded in the ledger: no one asked a question.
     */
    String sessionStartBrief(ProjectIdentity project, int budgetBytes) {
        if (project.project() == null) {
            return "";
        }
        Entries entries = new Entries(resources.database());
        Map<String, RecallEntry> picked = new LinkedHashMap<>();
        if (project.branch() != null) {
            entries.list(EntryFilter.builder().project(project.project()).gitBranch(project.branch())
                    .trustedOnly(true).build(), SESSION_START_ENTRIES).forEach(e -> picked.put(e.id(), e));
        }
        entries.list(EntryFilter.builder().project(project.project()).trustedOnly(true).build(),
                SESSION_START_ENTRIES).forEach(e -> picked.putIfAbsent(e.id(), e));
        List<RecallEntry> trusted = picked.values().stream().limit(SESSION_START_ENTRIES).toList();
        List<BriefPacker.Item> items = items(trusted, trusted.stream().map(e -> 0.0).toList());
        return new BriefPacker().pack(items, List.of(), budgetBytes).context();
    }

    private SearchResult search(BriefRequest r, EntryFilter filter) {
        RecallConfig config = resources.config();
        return resources.search().search(SearchRequest.builder(r.task()).mode(r.mode()).filter(filter)
                .limit(r.limit()).window(config.window()).rrfK(config.rrfK()).weights(config.weights()).build());
    }

    /** Without a task: the newest entries the filter allows, scored by confidence for the ledger. */
    private SearchResult newest(EntryFilter filter, int limit) {
        List<RecallEntry> list = new Entries(resources.database()).list(filter, limit);
        List<SearchHit> hits = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            RecallEntry e = list.get(i);
            hits.add(new SearchHit(e, i + 1, e.confidence() == null ? 0 : e.confidence(), Map.of(), List.of()));
        }
        Counters c = new Counters(resources.database());
        return new SearchResult(hits, SearchMode.LEXICAL, hits.size(), 0, false, 0, false, null, c.corpusRevision(),
                c.queryStateRevision(), null, List.of());
    }

    private List<BriefPacker.Item> items(List<RecallEntry> list, List<Double> scores) {
        Map<String, List<Evidence>> evidence = new Entries(resources.database())
                .evidence(list.stream().map(RecallEntry::id).toList());
        List<BriefPacker.Item> items = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            RecallEntry e = list.get(i);
            items.add(new BriefPacker.Item(e, evidence.getOrDefault(e.id(), List.of()), scores.get(i)));
        }
        return items;
    }

    private static List<String> terms(String text) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        try (Analyzer a = AnalyzerKind.ENGLISH.newQueryAnalyzer()) {
            return new ArrayList<>(BagOfWords.terms(a, text).keySet());
        }
    }
}
