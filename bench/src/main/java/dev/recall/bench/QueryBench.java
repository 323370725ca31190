package dev.recall.bench;

import dev.recall.fusion.FusedHit;
import dev.recall.fusion.RankedHit;
import dev.recall.fusion.RankedList;
import dev.recall.fusion.ReciprocalRankFusion;
import dev.recall.index.ExactVectors;
import dev.recall.index.LexicalIndex;
import dev.recall.index.VectorEncoding;
import dev.recall.index.VectorIndex;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.LexicalLeg;
import dev.recall.search.LexicalWeights;
import dev.recall.search.RecallSearch;
import dev.recall.search.SearchHit;
import dev.recall.search.SearchMode;
import dev.recall.search.SearchRequest;
import dev.recall.search.SearchResult;
import dev.recall.search.VectorQueryText;
import dev.recall.store.Database;
import dev.recall.store.Fts5Baseline;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.lucene.index.DirectoryReader;

/**
 * Runs the same queries through every engine of a built tier, with readers and searchers kept open across
 * queries as a long-running server keeps them: Lucene BM25 against FTS5 bm25, HNSW (each encoding built, several
 * candidate counts) against exact search with recall@10, hybrid legs + RRF, and the product's own
 * {@link RecallSearch} for lexical, vector and hybrid (query vectors precomputed).
 */
final class QueryBench {
    static final int TOP = 10;
    static final int WINDOW = SearchRequest.DEFAULT_WINDOW;
    static final int[] HNSW_CANDIDATES = {10, 100, WINDOW, 500, 750, 1000};
    /** Row order within each k, as reports have always had it. */
    private static final List<VectorEncoding> FLOAT32_FIRST = List.of(VectorEncoding.FLOAT32, VectorEncoding.INT8);
    /** What `recall query` searches by default: accepted entries. */
    static final EntryFilter ACCEPTED = EntryFilter.builder().status(EntryStatus.ACCEPTED).build();

    /** The rows, the ratios between them and the memory the search path needed. */
    /** Row keys of another backend: {@code lexical.via.opensearch} beside the embedded {@code lexical.recall}. */
    static final String VIA = ".via.";

    /** The embedded backend's label in rows measured side by side with another backend's. */
    static final String EMBEDDED = "embedded";

    record Outcome(List<QueryRow> rows, Map<String, Double> ratios, MemoryUse memory, List<BuildStep> publishes,
            List<CpuCost> cpu) {}

    private final LatencyProbe probe;
    private final BenchOptions.Backend backend;
    private final Consumer<String> log;

    QueryBench(LatencyProbe probe, Consumer<String> log) {
        this(probe, null, log);
    }

    /** @param backend another backend to publish each tier to and search, beside the embedded one; or null */
    QueryBench(LatencyProbe probe, BenchOptions.Backend backend, Consumer<String> log) {
        this.probe = probe;
        this.backend = backend;
        this.log = log;
    }

    Outcome run(BuiltTier tier, List<String> queries) {
        // keyed and embedded by the text RecallSearch's vector leg embeds, so every engine searches the same vector
        Map<String, float[]> queryVectors = new LinkedHashMap<>();
        for (String q : queries) {
            String embedded = VectorQueryText.of(q);
            queryVectors.put(embedded, tier.documentEmbedder().embedQuery(embedded));
        }
        List<float[]> vectors = queries.stream().map(q -> queryVectors.get(VectorQueryText.of(q))).toList();
        List<QueryRow> rows = new ArrayList<>();
        QueryVectorEmbedder precomputed = new QueryVectorEmbedder(tier.documentEmbedder().identity(), queryVectors);
        long exactBytes;
        long searchHeap;
        List<BuildStep> publishes = new ArrayList<>();
        List<CpuCost> cpu = new ArrayList<>();
        try (Database db = Database.open(tier.dataDir());
                LexicalIndex lexical = LexicalIndex.open(tier.lexicalDir(), db, log);
                Fts5Baseline fts5 = Fts5Baseline.open(tier.fts5File());
                HnswSearchers hnsw = HnswSearchers.open(tier.hnswDirs())) {
            lexical.sync();
            try (DirectoryReader reader = lexical.openReader();
                    RecallSearch search = new RecallSearch(db, lexical, () -> precomputed, Clock.systemUTC(), log)) {
                log.accept("queries: lexical (Lucene, FTS5)");
                rows.add(row("lexical.lucene", "lexical: Lucene BM25 top-10 (engine, reader open)",
                        probe.measure(queries, q -> bm25(reader, q, TOP)).latency(), null));
                rows.add(row("lexical.fts5", "lexical: SQLite FTS5 bm25 top-10",
                        probe.measure(queries, q -> Fts5Match.top(fts5, q, TOP)).latency(), null));

                log.accept("queries: RecallSearch vector");
                LatencyProbe.Measured<SearchResult> product = probe.measure(queries,
                        q -> search.search(request(q, SearchMode.VECTOR)));
                List<List<String>> productIds = product.results().stream()
                        .map(r -> r.hits().stream().map(SearchHit::entry).map(e -> e.id()).toList()).toList();

                log.accept("queries: vectors (exact, HNSW)");
                exactBytes = vectorRows(tier, vectors, hnsw, rows, product.latency(), productIds);

                log.accept("queries: hybrid (legs + RRF)");
                ReciprocalRankFusion rrf = new ReciprocalRankFusion();
                List<Integer> indexes = java.util.stream.IntStream.range(0, queries.size()).boxed().toList();
                VectorIndex.Searcher active = hnsw.get(tier.activeEncoding());
                rows.add(row("hybrid.engine", "hybrid: BM25 top-200 + HNSW " + HnswEncodings.label(
                        tier.activeEncoding()) + " top-200 + RRF (engine)",
                        probe.measure(indexes, i -> hybrid(reader, active, rrf, queries.get(i), vectors.get(i)))
                                .latency(), null));

                log.accept("queries: RecallSearch lexical and hybrid");
                rows.add(row("lexical.recall", "lexical: recall search (RecallSearch, W=200, boosts)",
                        probe.measure(queries,
                                q -> search.search(request(q, SearchMode.LEXICAL)))
                                .latency(), null));
                rows.add(row("hybrid.recall", "hybrid: recall search (RecallSearch, RRF, no query embedding)",
                        probe.measure(queries,
                                q -> search.search(request(q, SearchMode.HYBRID)))
                                .latency(), null));
                if (backend != null) {
                    otherBackend(db, search, precomputed, queries, rows, publishes, cpu);
                }
                // With the lexical reader, both HNSW searchers and the store open, and the exact matrix gone.
                searchHeap = ProcessMemory.heapUsedAfterGc();
            } catch (java.io.IOException e) {
                throw new BenchException("cannot close the lexical reader: " + e.getMessage(), e);
            }
        }
        return new Outcome(List.copyOf(rows), ratios(rows), new MemoryUse(searchHeap, exactBytes, -1),
                List.copyOf(publishes), List.copyOf(cpu));
    }

    /**
     * The same store published to the other backend (its first sync: every entry, then the active generation's
     * vectors; timed as a build step, with its CPU time), then the same queries through RecallSearch on it and on
     * the embedded backend side by side ({@link LatencyProbe#interleaved}: rows {@code MODE.via.LABEL} and
     * {@code MODE.via.embedded}), then each backend alone over the queries once more for the CPU they cost.
     */
    private void otherBackend(Database db, RecallSearch embedded, QueryVectorEmbedder precomputed,
            List<String> queries, List<QueryRow> rows, List<BuildStep> publishes, List<CpuCost> cpu) {
        String label = backend.label();
        log.accept("queries: publishing the tier to " + label);
        try (dev.recall.search.SearchBackend other = backend.factory().apply(db);
                RecallSearch search = new RecallSearch(db, other, () -> precomputed, Clock.systemUTC(), log)) {
            CpuMark mark = CpuMark.of(other);
            long started = System.nanoTime();
            other.sync();
            publishes.add(new BuildStep("publish." + label, "publish to " + label + " (entries, then the active"
                    + " generation's vectors)", (System.nanoTime() - started) / 1e9, 0));
            cpu.add(mark.since(other, "publish." + label, "publish to " + label, new dev.recall.store.Entries(db)
                    .count(), "entry"));
            for (SearchMode mode : List.of(SearchMode.LEXICAL, SearchMode.VECTOR, SearchMode.HYBRID)) {
                log.accept("queries: RecallSearch " + mode.label() + " through " + label + " and embedded, side by"
                        + " side");
                List<Latency> pair = probe.interleaved(queries, q -> embedded.search(request(q, mode)),
                        q -> search.search(request(q, mode)));
                rows.add(row(mode.label() + VIA + EMBEDDED, mode.label() + ": recall search embedded, side by side"
                        + " with " + label, pair.get(0), null));
                rows.add(row(mode.label() + VIA + label, mode.label() + ": recall search through " + label,
                        pair.get(1), null));
                for (var backendSearch : List.of(Map.entry(EMBEDDED, embedded), Map.entry(label, search))) {
                    CpuMark before = CpuMark.of(other);
                    for (String q : queries) {
                        backendSearch.getValue().search(request(q, mode));
                    }
                    String key = mode.label() + VIA + backendSearch.getKey();
                    CpuCost c = before.since(other, key, mode.label() + " through " + backendSearch.getKey(),
                            queries.size(), "query");
                    // the embedded searches use no server: only the other backend's pass is charged its nodes' CPU
                    cpu.add(backendSearch.getKey().equals(EMBEDDED) ? new CpuCost(c.key(), c.label(), c.units(),
                            c.unit(), c.processSeconds(), null) : c);
                }
            }
        }
    }

    /** This process's CPU time and the other backend's servers', at one moment. */
    private record CpuMark(double process, long serverMs) {
        static CpuMark of(dev.recall.search.SearchBackend other) {
            return new CpuMark(ProcessCpu.seconds(), other.serverCpuMillis().orElse(-1));
        }

        CpuCost since(dev.recall.search.SearchBackend other, String key, String label, long units, String unit) {
            CpuMark now = of(other);
            return new CpuCost(key, label, units, unit, now.process - process,
                    serverMs < 0 || now.serverMs < 0 ? null : (now.serverMs - serverMs) / 1000.0);
        }
    }

    /** What `recall query --mode MODE` runs by default: accepted entries, top 10, no score explanation. */
    private static SearchRequest request(String text, SearchMode mode) {
        return SearchRequest.of(text, mode, ACCEPTED, TOP).withExplain(false);
    }

    /** Exact and HNSW rows; the exact matrix lives only inside this method, so it is gone when heap is measured. */
    private long vectorRows(BuiltTier tier, List<float[]> vectors, HnswSearchers hnsw, List<QueryRow> rows,
            Latency product, List<List<String>> productIds) {
        ExactVectors exact = ExactVectors.readFrom(tier.exactSource());
        LatencyProbe.Measured<ExactVectors.Top> truth = probe.measure(vectors, v -> exact.top(v, TOP));
        rows.add(new QueryRow("vector.exact", "vector: exact brute force (float matrix, SIMD dot product)",
                truth.latency(), 1.0, 1.0));
        for (int k : HNSW_CANDIDATES) {
            for (VectorEncoding encoding : FLOAT32_FIRST) {
                VectorIndex.Searcher searcher = hnsw.get(encoding);
                if (searcher == null) {
                    continue; // not built this run: no row, rather than an empty one
                }
                String name = HnswEncodings.label(encoding);
                LatencyProbe.Measured<List<VectorIndex.Hit>> m = probe.measure(vectors,
                        v -> searcher.nearest(v, k));
                List<List<String>> ids = m.results().stream()
                        .map(hits -> hits.stream().limit(TOP).map(VectorIndex.Hit::id).toList()).toList();
                rows.add(new QueryRow("vector.hnsw_" + name + "_k" + k,
                        "vector: HNSW " + name + " k=" + k + " (top-10 kept)", m.latency(),
                        recall(exact, truth.results(), vectors, ids, 1e-5), recall(exact, truth.results(), vectors, ids,
                                QueryRow.NEAR)));
            }
        }
        rows.add(new QueryRow("vector.recall", "vector: recall search (RecallSearch, HNSW "
                + HnswEncodings.label(tier.activeEncoding()) + " k=" + RecallSearch.VECTOR_CANDIDATES + ", window "
                + WINDOW + ")", product,
                recall(exact, truth.results(), vectors, productIds, 1e-5),
                recall(exact, truth.results(), vectors, productIds, QueryRow.NEAR)));
        return exact.bytes();
    }

    /**
     * Mean share of the exact top 10 found. A hit counts when its exact score reaches the exact 10th score less
     * {@code margin}: with a margin of 1e-5 (relative) that is recall@10 with ties counted, so among entries with
     * identical text any one is right; with {@link QueryRow#NEAR} it also counts near-equal neighbours.
     */
    static double recall(ExactVectors exact, List<ExactVectors.Top> truth, List<float[]> vectors,
            List<List<String>> found, double margin) {
        double sum = 0;
        for (int i = 0; i < vectors.size(); i++) {
            float kth = truth.get(i).kth();
            int want = truth.get(i).rows().length;
            int hits = 0;
            for (String id : found.get(i).subList(0, Math.min(want, found.get(i).size()))) {
                float s = exact.score(id, vectors.get(i));
                if (s >= kth - margin * Math.max(1f, Math.abs(kth))) {
                    hits++;
                }
            }
            sum += want == 0 ? 1 : (double) hits / want;
        }
        return sum / vectors.size();
    }

    /**
     * The product's lexical leg alone ({@link LexicalLeg}: code-aware analysis, question words dropped, default
     * field weights and BM25 parameters) on a reader kept open, without the product's re-scoring: the
     * engine-to-engine comparison with FTS5's bm25 top k.
     */
    private static List<LexicalLeg.Candidate> bm25(DirectoryReader reader, String query, int k) {
        return new LexicalLeg(reader, AnalyzerKind.CODE, query, false, LexicalWeights.DEFAULTS).search(null, k).hits();
    }

    private static List<FusedHit> hybrid(DirectoryReader reader, VectorIndex.Searcher hnsw, ReciprocalRankFusion rrf,
            String query, float[] vector) {
        List<LexicalLeg.Candidate> lexical = bm25(reader, query, WINDOW);
        List<VectorIndex.Hit> nearest = hnsw.nearest(vector, WINDOW);
        List<RankedHit> lex = new ArrayList<>(lexical.size());
        for (int i = 0; i < lexical.size(); i++) {
            lex.add(new RankedHit(lexical.get(i).id(), lexical.get(i).bm25(), i + 1));
        }
        List<RankedHit> vec = new ArrayList<>(nearest.size());
        for (int i = 0; i < nearest.size(); i++) {
            vec.add(new RankedHit(nearest.get(i).id(), nearest.get(i).cosine(), i + 1));
        }
        List<FusedHit> fused = rrf.fuse(List.of(new RankedList("lexical", lex), new RankedList("vector", vec)));
        return fused.subList(0, Math.min(TOP, fused.size()));
    }

    private static QueryRow row(String key, String label, Latency latency, Double recall) {
        return new QueryRow(key, label, latency, recall, null);
    }

    /** Our p50 over the baseline's p50 for each like-for-like pair; below 1 means ours is faster. */
    static Map<String, Double> ratios(List<QueryRow> rows) {
        Map<String, Double> out = new LinkedHashMap<>();
        ratio(out, rows, "lexical.lucene", "lexical.fts5");
        ratio(out, rows, "lexical.recall", "lexical.fts5");
        for (QueryRow r : rows) {
            // another backend's rows against the embedded backend's (RecallSearch over the same store)
            int via = r.key().indexOf(VIA);
            if (via > 0 && !r.key().endsWith(VIA + EMBEDDED)) {
                String mode = r.key().substring(0, via);
                // against the embedded searches measured side by side with it, when there are
                ratio(out, rows, r.key(), find(rows, mode + VIA + EMBEDDED) != null ? mode + VIA + EMBEDDED
                        : mode + ".recall");
            }
        }
        for (QueryRow r : rows) {
            if (r.key().startsWith("vector.hnsw_") || r.key().equals("vector.recall")) {
                ratio(out, rows, r.key(), "vector.exact");
            }
        }
        return out;
    }

    private static void ratio(Map<String, Double> out, List<QueryRow> rows, String ours, String baseline) {
        QueryRow a = find(rows, ours);
        QueryRow b = find(rows, baseline);
        if (a != null && b != null && b.latency().p50Ms() > 0) {
            out.put(ours + " / " + baseline, a.latency().p50Ms() / b.latency().p50Ms());
        }
    }

    private static QueryRow find(List<QueryRow> rows, String key) {
        return rows.stream().filter(r -> r.key().equals(key)).findFirst().orElse(null);
    }
}
