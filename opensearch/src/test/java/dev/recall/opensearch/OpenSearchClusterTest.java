package dev.recall.opensearch;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.Embedders;
import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.freshness.Staleness;
import dev.recall.index.LexicalIndex;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.search.LexicalView;
import dev.recall.search.RecallSearch;
import dev.recall.search.SearchBackend;
import dev.recall.search.SearchHit;
import dev.recall.search.SearchMode;
import dev.recall.search.SearchRequest;
import dev.recall.search.SearchResult;
import dev.recall.store.Database;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryImport;
import dev.recall.store.RecallException;
import dev.recall.store.Redactor;
import dev.recall.store.SessionArchiveImport;
import dev.recall.store.StoreSql;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenSearch backend on a real 2-node cluster (one replica), against the embedded backend over the same store:
 * the project's sample corpus and judged queries, the bundled model's vectors. The tests run in order on one
 * cluster (starting one takes most of a minute): answers, activation, staleness, then a node lost and restarted.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OpenSearchClusterTest {
    static final Path TESTDATA = Path.of(System.getProperty("user.dir")).resolve("../testdata").normalize();
    static final Redactor NO_SECRETS = t -> new Redactor.Redaction(t, List.of());

    @TempDir
    static Path dir;

    static TestCluster cluster;
    static Embedder model;
    static Database db;
    static LexicalIndex lexical;
    static RecallSearch embedded;
    static OpenSearchBackend backend;
    static RecallSearch opensearch;
    static List<String> queries;
    static int victim;
    /** Generous: the test machine's two cores are shared with other builds. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    @BeforeAll
    static void setUp() throws IOException {
        model = Embedders.open(EmbeddingConfig.defaults(), Path.of("target", "test-cache").toAbsolutePath());
        db = Database.open(dir.resolve("data"));
        try (var files = Files.list(TESTDATA.resolve("sessions"))) {
            for (Path f : files.sorted().toList()) {
                new SessionArchiveImport(db, NO_SECRETS).run(f);
            }
        }
        try (var files = Files.list(TESTDATA.resolve("entries"))) {
            for (Path f : files.sorted().toList()) {
                assertTrue(new EntryImport(db, NO_SECRETS).run(f, new EntryImport.Options(true, false), true).ok());
            }
        }
        build(false);
        queries = Files.readAllLines(TESTDATA.resolve("judged/queries.tsv")).stream()
                .map(l -> l.split("\t")[1]).toList();
        lexical = LexicalIndex.open(dir.resolve("data/index/lexical"), db, n -> {});
        embedded = new RecallSearch(db, lexical, () -> model, Clock.systemUTC(), n -> {});
        cluster = new TestCluster(2);
        // The failover test kills the node that is not the cluster manager (with two manager-eligible nodes only
        // one votes, and losing it would stop cluster-state reads); the client knows that node first, so it must
        // move to the other when it goes.
        String manager = client().send("GET", "/_cat/cluster_manager?format=json", null).get(0).path("node").asText();
        victim = manager.equals("n1") ? 0 : 1;
        backend = new OpenSearchBackend(db, new OpenSearchSettings(List.of(cluster.node(victim),
                cluster.node(1 - victim)),
                "recall-test", 1, TIMEOUT));
        opensearch = new RecallSearch(db, backend, () -> model, Clock.systemUTC(), n -> {});
    }

    @AfterAll
    static void tearDown() {
        if (cluster != null) {
            cluster.close();
        }
        if (opensearch != null) {
            opensearch.close();
        }
        if (embedded != null) {
            embedded.close();
        }
        if (lexical != null) {
            lexical.close();
        }
        if (db != null) {
            db.close();
        }
        if (model != null) {
            model.close();
        }
    }

    static VectorBuilder.Report build(boolean full) {
        return new VectorBuilder(db, model, dir.resolve("data/vectors"), VectorEncoding.FLOAT32, 16)
                .build(full, VectorBuilder.Progress.NONE);
    }

    static List<String> ids(SearchResult r) {
        return r.hits().stream().map(h -> h.entry().id()).toList();
    }

    static SearchResult search(RecallSearch s, String text, SearchMode mode) {
        return s.search(SearchRequest.of(text, mode, EntryFilter.ANY, 10));
    }

    /** How many of the queries get the same top 10 (same order) from both backends, and the same top hit. */
    static int[] agreement(SearchMode mode) {
        int sameTop10 = 0;
        int sameTop1 = 0;
        for (String q : queries) {
            List<String> a = ids(search(embedded, q, mode));
            List<String> b = ids(search(opensearch, q, mode));
            sameTop10 += a.equals(b) ? 1 : 0;
            sameTop1 += !a.isEmpty() && !b.isEmpty() && a.getFirst().equals(b.getFirst()) ? 1 : 0;
        }
        System.out.printf("opensearch vs embedded, %s: same top 10 for %d of %d queries, same top hit for %d%n",
                mode, sameTop10, queries.size(), sameTop1);
        return new int[] {sameTop10, sameTop1};
    }

    @Test
    @Order(1)
    void publishesTheStoreAndAnswersLexicalQueriesAsTheEmbeddedBackend() {
        SearchResult first = search(opensearch, "integration tests postgres", SearchMode.LEXICAL);
        assertFalse(first.hits().isEmpty());
        assertEquals(List.of("recall-test-vectors-" + active().id()),
                new GenerationIndexes(client(), "recall-test", 1).aliased());
        // loaded without replicas or refreshes (InitialLoad), then given the replica, which had started when the
        // publish returned, and the default refresh interval back
        for (String index : List.of("recall-test-entries", "recall-test-vectors-" + active().id())) {
            var shards = client().send("GET", "/_cat/shards/" + index + "?format=json", null);
            assertEquals(2, shards.size(), index + ": " + shards);
            shards.forEach(shard -> assertEquals("STARTED", shard.path("state").asText(), index + ": " + shards));
            var settings = client().send("GET", "/" + index + "/_settings", null).path(index).path("settings")
                    .path("index");
            assertEquals("1", settings.path("number_of_replicas").asText(), index);
            assertTrue(settings.path("refresh_interval").isMissingNode(), index + ": " + settings);
            // the replica copied the primary's flushed segments: no document was indexed again from the translog
            for (var recovery : client().send("GET", "/" + index + "/_recovery", null).path(index).path("shards")) {
                if (!recovery.path("primary").asBoolean()) {
                    assertEquals(0, recovery.path("translog").path("recovered").asInt(), index + ": " + recovery);
                    assertTrue(recovery.path("index").path("files").path("recovered").asInt() > 1,
                            index + ": " + recovery);
                }
            }
        }
        // the breakdown keeps BM25 per field and the boosts, from OpenSearch's named clauses
        Map<String, Double> b = first.hits().getFirst().breakdown();
        assertTrue(b.containsKey("bm25.title") && b.containsKey("bm25.content") && b.containsKey("lexical.coverage"),
                b.toString());
        assertFalse(first.hits().getFirst().matchedTerms().isEmpty());
        SearchHit e = search(embedded, "integration tests postgres", SearchMode.LEXICAL).hits().getFirst();
        assertEquals(e.entry().id(), first.hits().getFirst().entry().id());
        assertEquals(e.breakdown().get("bm25"), b.get("bm25"), 1e-3 * e.breakdown().get("bm25"),
                "the same BM25 (same statistics: one shard)");
        int[] lexicalAgreement = agreement(SearchMode.LEXICAL);
        // the index-side analysis differs on acronym splits only (CodeAnalysis): nearly every query agrees
        assertTrue(lexicalAgreement[1] >= queries.size() * 9 / 10, "top hits agree: " + lexicalAgreement[1]);
    }

    @Test
    @Order(2)
    void vectorAndHybridAnswersMatchTheEmbeddedBackend() {
        int[] vector = agreement(SearchMode.VECTOR);
        // the same vectors; HNSW on a few hundred vectors is exhaustive in both
        assertEquals(queries.size(), vector[0], "vector top 10 equal for every query");
        int[] hybrid = agreement(SearchMode.HYBRID);
        assertTrue(hybrid[1] >= queries.size() * 9 / 10, "hybrid top hits agree: " + hybrid[1]);
        SearchResult r = opensearch.search(SearchRequest.builder("database for integration tests")
                .mode(SearchMode.HYBRID).fusion(dev.recall.search.FusionMethod.RRF).explain(true).build());
        Map<String, Double> b = r.hits().getFirst().breakdown();
        assertEquals(1.0 / (60 + b.get("vector.rank")), b.get("rrf.vector"), 1e-9);
        assertEquals(b.getOrDefault("rrf.lexical", 0.0) + b.get("rrf.vector"), r.hits().getFirst().score(), 1e-9);
    }

    @Test
    @Order(3)
    void activatingAnotherGenerationSwapsTheAlias() {
        VectorGeneration before = active();
        VectorBuilder.Report rebuilt = build(true);
        assertNotEquals(before.id(), rebuilt.generation().id());
        SearchResult r = search(opensearch, "graphics program fails to build on phones", SearchMode.VECTOR);
        assertEquals(rebuilt.generation().id(), r.vectorGeneration().longValue());
        GenerationIndexes indexes = new GenerationIndexes(client(), "recall-test", 1);
        assertEquals(List.of(indexes.indexOf(rebuilt.generation())), indexes.aliased());
        // the retired generation's index is deleted once the alias names the new one (GenerationFiles' sweep)
        assertTrue(indexes.stamp(indexes.indexOf(before)).isEmpty(), "the retired generation's index is deleted");
    }

    @Test
    @Order(4)
    void staleVectorsAreRefusedBeforeAndAfterTheSearch() throws IOException {
        // the cluster's copy stamped at another revision than the generation: refused like a stale embedded index
        VectorGeneration g = active();
        GenerationIndexes indexes = new GenerationIndexes(client(), "recall-test", 1);
        client().send("PUT", "/" + indexes.indexOf(g) + "/_mapping", Map.of("_meta", Map.of("store_id",
                new dev.recall.store.StoreIdentity(db).id(), "generation_id", g.id(), "corpus_revision",
                g.completedCorpusRevision() - 1)));
        Staleness.RefusedException e = assertThrows(Staleness.RefusedException.class,
                () -> backend.nearest(g, model.embedQuery("tests"), 10));
        assertEquals(Staleness.Kind.STALE_REVISION, e.verdict().kind());
        assertTrue(e.getMessage().contains("stamped at corpus revision"), e.getMessage());
        // a new writer process (the daemon restarted) publishes again: the journal since that stamp, then the stamp
        new OpenSearchBackend(db, new OpenSearchSettings(cluster.nodes(), "recall-test", 1, TIMEOUT)).sync();
        assertEquals(10, backend.nearest(g, model.embedQuery("tests"), 10).size());

        // the store moves on: vector and hybrid are refused by the store's verdict, as with the embedded backend,
        // while lexical finds the new entry at once (published from the journal before the search)
        Path f = dir.resolve("new-entry.jsonl");
        Files.writeString(f, "{\"id\":\"os-new\",\"type\":\"fact\",\"scope\":\"project\",\"title\":"
                + "\"Zanzibar quokka deployment\",\"body\":\"The quokka service deploys from zanzibar.\","
                + "\"source_session_id\":\"" + anySession() + "\"}\n");
        assertTrue(new EntryImport(db, NO_SECRETS).run(f, new EntryImport.Options(true, false), true).ok());
        for (SearchMode mode : List.of(SearchMode.VECTOR, SearchMode.HYBRID)) {
            Staleness.RefusedException stale = assertThrows(Staleness.RefusedException.class,
                    () -> search(opensearch, "quokka deployment", mode));
            assertEquals(Staleness.Kind.STALE_REVISION, stale.verdict().kind());
            assertEquals(RecallException.Kind.STALE, stale.kind());
        }
        assertEquals("os-new", search(opensearch, "zanzibar quokka", SearchMode.LEXICAL).hits().getFirst().entry().id());
        build(false);
        assertEquals("os-new", search(opensearch, "zanzibar quokka", SearchMode.HYBRID).hits().getFirst().entry().id());
    }

    @Test
    @Order(5)
    void aCorpusChangedDuringTheSearchIsRefusedAfterIt() throws IOException {
        Path f = dir.resolve("during-search.jsonl");
        Files.writeString(f, "{\"id\":\"os-during\",\"type\":\"fact\",\"scope\":\"project\",\"title\":"
                + "\"Wombat burrow indexing\",\"body\":\"The wombat job indexes burrows nightly.\","
                + "\"source_session_id\":\"" + anySession() + "\"}\n");
        // the real backend, with an entry imported into the store while its k-NN search is on the cluster
        AtomicBoolean pending = new AtomicBoolean(true);
        SearchBackend changing = new SearchBackend() {
            @Override
            public java.util.Optional<String> sync() {
                return backend.sync();
            }

            @Override
            public LexicalView lexical() {
                return backend.lexical();
            }

            @Override
            public List<dev.recall.index.VectorIndex.Hit> nearest(VectorGeneration g, float[] query, int k) {
                List<dev.recall.index.VectorIndex.Hit> hits = backend.nearest(g, query, k);
                if (pending.getAndSet(false)) {
                    assertTrue(new EntryImport(db, NO_SECRETS).run(f, new EntryImport.Options(true, false), true).ok());
                }
                return hits;
            }

            @Override
            public void close() {
                // the shared backend is the test class's
            }
        };
        try (RecallSearch s = new RecallSearch(db, changing, () -> model, Clock.systemUTC(), n -> {})) {
            Staleness.RefusedException e = assertThrows(Staleness.RefusedException.class,
                    () -> search(s, "wombat burrows", SearchMode.HYBRID));
            assertEquals(Staleness.Kind.CHANGED_DURING_SEARCH, e.verdict().kind());
            assertFalse(pending.get(), "refused after the k-NN search had run, not before it");
        }
        assertEquals("os-during", search(opensearch, "wombat burrows", SearchMode.LEXICAL).hits().getFirst().entry()
                .id());
        build(false);
        assertEquals("os-during", search(opensearch, "wombat burrows", SearchMode.HYBRID).hits().getFirst().entry()
                .id());
    }

    @Test
    @Order(6)
    void aNodeKilledDuringAQueryLoadLosesNoQueryAndComesBack() throws Exception {
        // What the whole cluster answers before the kill is what it must answer after the restart (its agreement with
        // the embedded backend is the first tests' subject, and differs in a few lower ranks by analysis).
        List<String> hybridBefore = ids(search(opensearch, queries.getFirst(), SearchMode.HYBRID));
        List<String> lexicalBefore = ids(search(opensearch, queries.get(1), SearchMode.LEXICAL));
        AtomicBoolean running = new AtomicBoolean(true);
        ConcurrentLinkedQueue<Long> before = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Long> after = new ConcurrentLinkedQueue<>();
        List<String> errors = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean killed = new AtomicBoolean(false);
        AtomicInteger done = new AtomicInteger();
        List<Thread> load = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            int offset = t;
            load.add(Thread.ofPlatform().start(() -> {
                int i = offset;
                while (running.get()) {
                    String q = queries.get(i++ % queries.size());
                    long start = System.nanoTime();
                    try {
                        search(opensearch, q, i % 2 == 0 ? SearchMode.LEXICAL : SearchMode.HYBRID);
                        (killed.get() ? after : before).add(System.nanoTime() - start);
                        done.incrementAndGet();
                    } catch (RuntimeException e) {
                        errors.add(e.toString());
                    }
                }
            }));
        }
        Thread.sleep(4000);
        cluster.kill(victim);
        killed.set(true);
        long killedAt = System.nanoTime();
        Thread.sleep(8000);
        running.set(false);
        for (Thread t : load) {
            t.join();
        }
        System.out.printf("failover: %d queries, %d errors; before the kill p50 %.1f ms max %.1f ms; after it p50 %.1f"
                + " ms p99 %.1f ms max %.1f ms (%d queries in %.1f s)%n", done.get(), errors.size(),
                pct(before, 50), pct(before, 100), pct(after, 50), pct(after, 99), pct(after, 100), after.size(),
                (System.nanoTime() - killedAt) / 1e9);
        assertEquals(List.of(), errors, "no query may fail while one replica holds every shard");
        assertFalse(after.isEmpty(), "queries ran after the kill");

        cluster.start(victim);
        cluster.awaitNodes(2, Duration.ofMinutes(8));
        assertEquals(hybridBefore, ids(search(opensearch, queries.getFirst(), SearchMode.HYBRID)));
        // the restarted node serves as well: a client that knows only it gets the same answer
        OpenSearchBackend onlyRestarted = new OpenSearchBackend(db, new OpenSearchSettings(List.of(cluster.node(victim)),
                "recall-test", 1, TIMEOUT));
        try (RecallSearch s = new RecallSearch(db, onlyRestarted, () -> model, Clock.systemUTC(), n -> {})) {
            assertEquals(lexicalBefore, ids(search(s, queries.get(1), SearchMode.LEXICAL)));
        }
    }

    static double pct(java.util.Collection<Long> nanos, int p) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int i = Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1);
        return sorted.get(Math.max(0, i)) / 1e6;
    }

    static String anySession() {
        return StoreSql.text(db, "SELECT id FROM sessions ORDER BY id LIMIT 1");
    }

    static VectorGeneration active() {
        return new VectorGenerations(db).active(VectorGenerations.RECALL).orElseThrow();
    }

    /**
     * A copy whose first load was cut off is stamped -1 (the stamp is written last): it is loaded again from
     * scratch, never sent "every change since -1" as one bulk request (at 1M entries about a gigabyte, past the
     * node's 100 MB request limit). Changes since a stamp go in batches, searchable together at the end.
     */
    @Test
    @Order(7)
    void anInterruptedLoadIsLoadedAgainAndChangesGoInBatches() {
        long stored = new dev.recall.store.Entries(db).count();
        assertTrue(stored > 300, "enough entries for several batches: " + stored);
        EntryIndex copy = new EntryIndex(client(), "recall-test", 1, 100);
        restamp(-1);
        client().send("POST", "/recall-test-entries/_delete_by_query?refresh=true&max_docs=150",
                Map.of("query", Map.of("match_all", Map.of()))); // a partial load
        EntryIndex.Published reloaded = copy.publish(db);
        assertTrue(reloaded.rebuilt(), reloaded.toString());
        assertEquals(stored, reloaded.updated());
        assertEquals(stored, documents());

        restamp(0); // every entry changed since: four batches of 100, no refresh until the end
        client().send("POST", "/recall-test-entries/_delete_by_query?refresh=true",
                Map.of("query", Map.of("match_all", Map.of())));
        EntryIndex.Published changes = new EntryIndex(client(), "recall-test", 1, 100).publish(db);
        assertFalse(changes.rebuilt(), changes.toString());
        assertEquals(stored, changes.updated());
        assertEquals(stored, documents(), "all searchable when the publish returns");
        assertFalse(search(opensearch, "integration tests postgres", SearchMode.LEXICAL).hits().isEmpty());
    }

    private static void restamp(long revision) {
        var meta = client().send("GET", "/recall-test-entries/_mapping", null).path("recall-test-entries")
                .path("mappings").path("_meta");
        client().send("PUT", "/recall-test-entries/_mapping", Map.of("_meta", Map.of("format",
                meta.path("format").asText(), "store_id", meta.path("store_id").asText(), "query_state_revision",
                revision)));
    }

    private static long documents() {
        return client().send("GET", "/recall-test-entries/_count", null).path("count").asLong();
    }

    static OpenSearchClient client() {
        return new OpenSearchClient(cluster.nodes(), TIMEOUT);
    }
}
