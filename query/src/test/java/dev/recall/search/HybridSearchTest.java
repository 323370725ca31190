package dev.recall.search;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbedderIdentity;
import dev.recall.embeddings.Embedders;
import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.freshness.Staleness;
import dev.recall.index.EmbeddingText;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.index.VectorIndex;
import dev.recall.store.Counters;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.GenerationState;
import dev.recall.store.VectorGenerations;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Vector and hybrid search on the real bundled model, and the freshness rules that make them fail closed. */
class HybridSearchTest {
    static Embedder model;

    @TempDir
    Path dir;

    TestStore store;

    static final EntryFilter ACCEPTED = EntryFilter.builder().status(EntryStatus.ACCEPTED).build();

    @BeforeAll
    static void loadModel() {
        model = Embedders.open(EmbeddingConfig.defaults(), Path.of("target", "test-cache").toAbsolutePath());
    }

    @AfterAll
    static void closeModel() {
        model.close();
    }

    @BeforeEach
    void setUp() throws Exception {
        store = new TestStore(dir).sessions(TestStore.SESSION).entries(false,
                TestStore.entry("pg", "Integration tests need a throwaway Postgres", "Start it with docker compose up db before go test -tags integration.", ""),
                TestStore.entry("cache", "Bypass the Go test cache", "Always pass -count=1 so results are never served from cache.", "\"type\":\"preference\""),
                TestStore.entry("shader", "WebGL shader compile errors", "A precision qualifier is required in fragment shaders on mobile GPUs.", "\"type\":\"warning\""),
                TestStore.entry("tide", "Tide windows are computed in UTC", "compute_tide_window converts station local time to UTC first.", ""));
    }

    @AfterEach
    void tearDown() {
        store.close();
    }

    private VectorBuilder.Report build(boolean full) {
        return new VectorBuilder(store.db, model, dir.resolve("data/vectors"), VectorEncoding.FLOAT32, 2)
                .build(full, VectorBuilder.Progress.NONE);
    }

    private SearchResult search(String text, SearchMode mode) {
        return store.search(() -> model).search(SearchRequest.of(text, mode, ACCEPTED, 10));
    }

    @Test
    void vectorSearchFindsParaphrasesWithoutSharedWords() {
        build(false);
        SearchResult r = search("graphics program fails to build on phones", SearchMode.VECTOR);
        assertEquals("shader", r.hits().getFirst().entry().id());
        var b = r.hits().getFirst().breakdown();
        assertEquals(1.0, b.get("vector.rank"));
        assertTrue(b.get("vector.cosine") > 0.3 && b.get("vector.cosine") <= 1.0, b.toString());
    }

    @Test
    void bothBundledModelsAsOneVectorLegBuildSearchAndRefuseTheOtherGeneration() {
        build(false); // bge alone
        try (Embedder both = Embedders.open(EmbeddingConfig.bundled(
                EmbeddingConfig.BGE_SMALL + "+" + EmbeddingConfig.MINILM), Path.of("target", "test-cache").toAbsolutePath())) {
            // a generation of bge alone holds other vectors: the combined model refuses it until rebuilt
            Staleness.RefusedException e = assertThrows(Staleness.RefusedException.class, () -> store.search(() -> both)
                    .search(SearchRequest.of("graphics program fails to build on phones", SearchMode.VECTOR, ACCEPTED, 10)));
            assertEquals(Staleness.Kind.FINGERPRINT_MISMATCH, e.verdict().kind());
            new VectorBuilder(store.db, both, dir.resolve("data/vectors"), VectorEncoding.FLOAT32, 2)
                    .build(true, VectorBuilder.Progress.NONE);
            SearchResult r = store.search(() -> both).search(
                    SearchRequest.of("graphics program fails to build on phones", SearchMode.VECTOR, ACCEPTED, 10));
            assertEquals("shader", r.hits().getFirst().entry().id());
            // the leg's score is 0.9 x bge's cosine + 0.1 x MiniLM's, each model reading the texts alone
            double cosine = r.hits().getFirst().breakdown().get("vector.cosine");
            try (Embedder minilm = Embedders.open(EmbeddingConfig.bundled(EmbeddingConfig.MINILM),
                    Path.of("target", "test-cache").toAbsolutePath())) {
                String text = EmbeddingText.of(r.hits().getFirst().entry());
                double expected = 0.9 * dot(model.embedQuery(VectorQueryText.of("graphics program fails to build on phones")),
                        model.embedDocuments(List.of(text)).getFirst())
                        + 0.1 * dot(minilm.embedQuery(VectorQueryText.of("graphics program fails to build on phones")),
                        minilm.embedDocuments(List.of(text)).getFirst());
                assertEquals(expected, cosine, 1e-4);
            }
            SearchResult h = store.search(() -> both).search(
                    SearchRequest.of("database for integration tests", SearchMode.HYBRID, ACCEPTED, 10));
            assertEquals("pg", h.hits().getFirst().entry().id());
        }
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (double) a[i] * b[i];
        }
        return s;
    }

    @Test
    void hybridFusesBothLegsAndExplainsEachShare() {
        build(false);
        SearchResult r = search("database for integration tests", SearchMode.HYBRID);
        SearchHit top = r.hits().getFirst();
        assertEquals("pg", top.entry().id());
        var b = top.breakdown();
        // the default fusion: convex, the lexical leg weighted by how much of the query its best hit holds
        double w = b.get("adaptive.lexical_weight");
        assertTrue(w > 0 && w <= 1, b.toString());
        // the lexical leg enters fusion with its score times the square root of how much of the query the entry holds
        assertEquals(b.get("lexical") * Math.sqrt(b.get("lexical.coverage")), b.get("lexical.score"), 1e-9);
        assertTrue(b.get("lexical.coverage") > 0 && b.get("lexical.coverage") <= 1, b.toString());
        assertEquals(b.get("adaptive.lexical") + b.get("adaptive.vector"), top.score(), 1e-9);
        assertEquals(1.0, b.get("adaptive.lexical_share") + b.get("adaptive.vector_share"), 1e-9);
        SearchHit rrfTop = store.search(() -> model).search(SearchRequest.builder("database for integration tests")
                .mode(SearchMode.HYBRID).filter(ACCEPTED).limit(10).window(200).fusion(FusionMethod.RRF).rrfK(60)
                .convexWeight(0.5).weights(LexicalWeights.DEFAULTS).explain(true).build()).hits().getFirst();
        assertEquals("pg", rrfTop.entry().id());
        b = rrfTop.breakdown();
        assertEquals(1.0 / (60 + b.get("lexical.rank")), b.get("rrf.lexical"), 1e-9);
        assertEquals(1.0 / (60 + b.get("vector.rank")), b.get("rrf.vector"), 1e-9);
        assertEquals(b.get("rrf.lexical") + b.get("rrf.vector"), rrfTop.score(), 1e-9);
        assertEquals(1.0, b.get("rrf.lexical_share") + b.get("rrf.vector_share"), 1e-9);
        assertTrue(b.containsKey("bm25.title"), "the lexical leg's own breakdown is kept: " + b);
    }

    @Test
    void theLexicalWeightShrinksForAStrayWordMatch() {
        assertEquals(0.0625, RecallSearch.adaptiveWeight(0.25, 2), 1e-12, "two terms held: a stray-word match");
        assertEquals(0.25, RecallSearch.adaptiveWeight(0.25, 3), 1e-12, "three terms held");
        assertEquals(1.0, RecallSearch.adaptiveWeight(1.0, 1), 1e-12, "a hit holding the whole query decides alone");
        assertEquals(0.0, RecallSearch.adaptiveWeight(0.0, 0), 1e-12);
    }

    @Test
    void filtersApplyAfterFusionAndTheResponseSaysHowManyTheyRemoved() {
        build(false);
        var warnings = EntryFilter.builder().type(EntryType.WARNING).status(EntryStatus.ACCEPTED).build();
        SearchResult r = store.search(() -> model).search(
                SearchRequest.of("tests", SearchMode.HYBRID, warnings, 10));
        assertEquals(List.of("shader"), r.hits().stream().map(h -> h.entry().id()).toList());
        assertEquals(r.candidates() - 1, r.filteredOut());
    }

    @Test
    void staleVectorsAreRefusedWhileLexicalStillFindsTheNewEntry() throws Exception {
        Staleness.RefusedException none = assertThrows(Staleness.RefusedException.class,
                () -> search("tests", SearchMode.HYBRID));
        assertEquals(Staleness.Kind.NO_ACTIVE_GENERATION, none.verdict().kind());

        build(false);
        long stamped = new Counters(store.db).corpusRevision();
        store.entries(false, TestStore.entry("kafka", "Consumer lag alarms", "Alert when lag exceeds 10k messages.", ""));
        Staleness.RefusedException stale = assertThrows(Staleness.RefusedException.class,
                () -> search("consumer lag", SearchMode.HYBRID));
        assertEquals(Staleness.Kind.STALE_REVISION, stale.verdict().kind());
        assertTrue(stale.getMessage().contains("revision " + (stamped + 1)), stale.getMessage());
        assertTrue(stale.getMessage().contains("stamped at revision " + stamped), stale.getMessage());
        assertEquals(dev.recall.store.RecallException.Remedy.USE_LEXICAL, stale.remedy(), "a build fixes it; lexical works meanwhile");
        assertThrows(Staleness.RefusedException.class, () -> search("consumer lag", SearchMode.VECTOR));
        assertEquals("kafka", search("consumer lag", SearchMode.LEXICAL).hits().getFirst().entry().id());

        VectorBuilder.Report r = build(false);
        assertFalse(r.full());
        assertEquals(1, r.embedded(), "an incremental build embeds only what changed");
        assertEquals("kafka", search("consumer lag", SearchMode.HYBRID).hits().getFirst().entry().id());
    }

    @Test
    void oneSearchObjectSeesIncrementalBuildsAndStatusChanges() throws Exception {
        build(false);
        RecallSearch search = store.search(() -> model);
        SearchRequest kafka = SearchRequest.of("consumer lag alarm", SearchMode.VECTOR, ACCEPTED, 10);
        assertNotEquals("kafka", search.search(kafka).hits().getFirst().entry().id());

        // a build commits to the same generation's index, which the held searcher must pick up
        store.entries(false, TestStore.entry("kafka", "Consumer lag alarms", "Alert when lag exceeds 10k messages.", ""));
        VectorBuilder.Report r = build(false);
        assertEquals(1, r.embedded());
        assertEquals("kafka", search.search(kafka).hits().getFirst().entry().id());

        // a review moves no vector, yet the filter (decided in the lexical index) must see it at once
        var reviewed = EntryFilter.builder().status(EntryStatus.ACCEPTED)
                .reviewState(dev.recall.store.ReviewState.CALIBRATED_AUTO).build();
        SearchRequest onlyReviewed = SearchRequest.of("consumer lag alarm", SearchMode.VECTOR, reviewed, 10);
        assertFalse(ids(search.search(onlyReviewed)).contains("kafka"));
        store.exec("UPDATE recall_entries SET review_state = 'calibrated_auto' WHERE id = 'kafka'");
        assertEquals("kafka", ids(search.search(onlyReviewed)).getFirst());
    }

    private static List<String> ids(SearchResult r) {
        return r.hits().stream().map(h -> h.entry().id()).toList();
    }

    @Test
    void archivingAnEntryRemovesItsVectorIncrementally() {
        build(false);
        store.exec("UPDATE recall_entries SET status = 'archived' WHERE id = 'shader'");
        VectorBuilder.Report r = build(false);
        assertEquals(1, r.deleted());
        try (VectorIndex index = VectorIndex.open(r.generation().indexPath())) {
            assertFalse(index.digests().containsKey("shader"));
            assertEquals(3, index.digests().size());
        }
    }

    @Test
    void aDifferentConfiguredModelIsRefused() {
        build(false);
        EmbedderIdentity id = model.identity();
        assertRefusedAsStale(new EmbedderIdentity("other-model", id.modelDigest(), id.dimensions(), id.pooling(),
                id.maxTokens(), id.queryPrefix(), id.recipeVersion()));
    }

    @Test
    void vectorsOfAnotherEmbeddingRecipeAreRefused() {
        // a generation built by the real model, then the same model run another way (as batching once did): every
        // field but the recipe is equal, yet the stored vectors are not what this embedder makes, so they are stale
        build(false);
        EmbedderIdentity id = model.identity();
        assertRefusedAsStale(new EmbedderIdentity(id.modelId(), id.modelDigest(), id.dimensions(), id.pooling(),
                id.maxTokens(), id.queryPrefix(), id.recipeVersion() + 1));
    }

    private void assertRefusedAsStale(EmbedderIdentity configured) {
        Embedder other = new Embedder() {
            public EmbedderIdentity identity() { return configured; }
            public int dimensions() { return model.dimensions(); }
            public float[] embedQuery(String q) { return model.embedQuery(q); }
            public List<float[]> embedDocuments(List<String> d) { return model.embedDocuments(d); }
            public void close() {}
        };
        Staleness.RefusedException e = assertThrows(Staleness.RefusedException.class,
                () -> store.search(() -> other).search(SearchRequest.of("tests", SearchMode.VECTOR, ACCEPTED, 10)));
        assertEquals(Staleness.Kind.FINGERPRINT_MISMATCH, e.verdict().kind());
    }

    @Test
    void aBuildKilledMidwayLeavesTheActiveGenerationUntouchedAndResumes() {
        build(false);
        var generations = new VectorGenerations(store.db);
        var active = generations.active("recall").orElseThrow();
        AtomicInteger calls = new AtomicInteger();
        Embedder dying = new Embedder() {
            public EmbedderIdentity identity() { return model.identity(); }
            public int dimensions() { return model.dimensions(); }
            public float[] embedQuery(String q) { return model.embedQuery(q); }
            public List<float[]> embedDocuments(List<String> d) {
                if (calls.incrementAndGet() == 2) throw new IllegalStateException("killed");
                return model.embedDocuments(d);
            }
            public void close() {}
        };
        // a full rebuild goes to a new generation, committing as it goes (every batch here)
        var builder = new VectorBuilder(store.db, dying, dir.resolve("data/vectors"), VectorEncoding.FLOAT32, 2, 2);
        assertThrows(IllegalStateException.class, () -> builder.build(true, VectorBuilder.Progress.NONE));
        assertEquals(active.id(), generations.active("recall").orElseThrow().id(), "the active generation stays");
        assertEquals(active.completedCorpusRevision(), generations.active("recall").orElseThrow().completedCorpusRevision());
        var building = generations.list("recall").stream().filter(g -> g.state() == GenerationState.BUILDING).toList();
        assertEquals(1, building.size());
        assertFalse(search("tests", SearchMode.HYBRID).hits().isEmpty(), "queries still answer from the active one");

        VectorBuilder.Report resumed = new VectorBuilder(store.db, model, dir.resolve("data/vectors"),
                VectorEncoding.FLOAT32, 2).build(false, VectorBuilder.Progress.NONE);
        assertEquals(building.getFirst().id(), resumed.generation().id(), "the interrupted build is resumed");
        assertTrue(resumed.resumed());
        assertEquals(2, resumed.reused(), "the batch committed before the kill is not embedded again");
        assertEquals(2, resumed.embedded());
        assertEquals(GenerationState.RETIRED, generations.get(active.id()).orElseThrow().state());
        assertTrue(builder.fingerprint().equals(resumed.generation().fingerprint()));
    }

    @Test
    void aNarrowProjectFilterWidensTheWindowUntilItsPageIsFull(@TempDir Path other) throws Exception {
        // 300 entries, 3 of them (1%) in project "narrow": all alike, so BM25 ties and ranks them in id order at
        // 16, 26 and 36, beyond a window of 10 but within 4x it
        List<String> lines = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) {
            String project = i == 15 || i == 25 || i == 35 ? "narrow" : "wide";
            lines.add(TestStore.entry(String.format("e-%03d", i), "Rotate the signing key",
                    "Rotate the signing key of service " + i + " every week.", "\"project\":\"" + project + "\""));
        }
        try (TestStore big = new TestStore(other).sessions(TestStore.SESSION)
                .entries(false, lines.toArray(String[]::new))) {
            new VectorBuilder(big.db, model, other.resolve("data/vectors"), VectorEncoding.FLOAT32, 64)
                    .build(false, VectorBuilder.Progress.NONE);
            EntryFilter narrow = EntryFilter.builder().project("narrow").build();
            SearchRequest asked = SearchRequest.builder("rotate signing key").mode(SearchMode.HYBRID).filter(narrow)
                    .limit(3).window(10).fusion(FusionMethod.RRF).rrfK(60).convexWeight(0.5)
                    .weights(LexicalWeights.DEFAULTS).build();
            SearchResult r = big.search(() -> model).search(asked);
            assertEquals(List.of("e-015", "e-025", "e-035"),
                    r.hits().stream().map(h -> h.entry().id()).sorted().toList(), r.toString());
            assertTrue(r.windowWidened(), r.toString());
            assertTrue(r.window() > 10 && r.window() <= 10 * RecallSearch.MAX_WIDENING, r.toString());
            assertTrue(r.notices().stream().noneMatch(n -> n.contains("widen it")), r.notices().toString());

            // an unfiltered query fills its page from the asked window and is not widened
            SearchResult wide = big.search(() -> model).search(SearchRequest.builder("rotate signing key")
                    .mode(SearchMode.HYBRID).filter(EntryFilter.ANY).limit(3).window(10).fusion(FusionMethod.RRF)
                    .rrfK(60).convexWeight(0.5).weights(LexicalWeights.DEFAULTS).build());
            assertEquals(3, wide.hits().size());
            assertFalse(wide.windowWidened());
            assertEquals(10, wide.window());

            // widening is bounded: a filter nothing in the legs' reach matches stops at 4x and says so
            EntryFilter none = EntryFilter.builder().project("nowhere").build();
            SearchResult empty = big.search(() -> model).search(SearchRequest.builder("rotate signing key")
                    .mode(SearchMode.HYBRID).filter(none).limit(3).window(10).fusion(FusionMethod.RRF).rrfK(60)
                    .convexWeight(0.5).weights(LexicalWeights.DEFAULTS).build());
            assertEquals(List.of(), empty.hits());
            assertEquals(40, empty.window());
            assertTrue(empty.notices().stream().anyMatch(n -> n.contains("window of 40 ran out")),
                    empty.notices().toString());
        }
    }
}
