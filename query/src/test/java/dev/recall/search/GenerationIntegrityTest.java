package dev.recall.search;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.embeddings.Embedders;
import dev.recall.store.GenerationState;
import dev.recall.freshness.Staleness;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.index.VectorIndex;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A vector generation's index must be the one its row describes: moved, copied, deleted, swapped or damaged
 * indexes are refused as stale (never an empty or foreign answer), and an ordinary build repairs them.
 */
class GenerationIntegrityTest {
    static Embedder model;
    static final EntryFilter ACCEPTED = EntryFilter.builder().status(EntryStatus.ACCEPTED).build();

    @TempDir
    Path dir;
    @TempDir
    Path elsewhere;

    TestStore store;

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
        store = fill(new TestStore(dir));
    }

    private static TestStore fill(TestStore s) throws IOException {
        return s.sessions(TestStore.SESSION).entries(false,
                TestStore.entry("pg", "Integration tests need a throwaway Postgres", "Start it with docker compose up db.", ""),
                TestStore.entry("shader", "WebGL shader compile errors", "A precision qualifier is required on mobile GPUs.", ""),
                TestStore.entry("tide", "Tide windows are computed in UTC", "compute_tide_window converts to UTC first.", ""));
    }

    @AfterEach
    void tearDown() {
        if (store != null) {
            store.close();
        }
    }

    private VectorBuilder.Report build(TestStore s) {
        return new VectorBuilder(s.db, model, s.dir.resolve("data/vectors"), VectorEncoding.FLOAT32, 2)
                .build(false, VectorBuilder.Progress.NONE);
    }

    private static SearchResult vector(TestStore s) {
        return s.search(() -> model).search(SearchRequest.of("graphics program on phones", SearchMode.VECTOR, ACCEPTED, 10));
    }

    private Staleness.RefusedException refused(TestStore s) {
        return assertThrows(Staleness.RefusedException.class, () -> vector(s));
    }

    @Test
    void aMovedDataDirReadsAndWritesItsOwnVectors() throws Exception {
        build(store);
        store.close();
        Path moved = elsewhere.resolve("data");
        Files.move(dir.resolve("data"), moved);
        store = new TestStore(elsewhere);
        assertEquals("shader", vector(store).hits().getFirst().entry().id(), "vectors follow the data dir");
        VectorGeneration g = new VectorGenerations(store.db).active("recall").orElseThrow();
        assertTrue(g.indexPath().startsWith(moved), g.indexPath().toString());

        store.entries(false, TestStore.entry("kafka", "Consumer lag alarms", "Alert when lag exceeds 10k.", ""));
        VectorBuilder.Report r = build(store);
        assertTrue(r.generation().indexPath().startsWith(moved), "an incremental build writes into the moved dir");
        assertFalse(Files.exists(dir.resolve("data")), "nothing is written to where the data dir used to be");
    }

    @Test
    void aCopiedDataDirBuildsIntoItsOwnCopy() throws Exception {
        VectorGeneration original = build(store).generation();
        Map<String, Long> before = sizes(original.indexPath());
        store.close();
        copy(dir.resolve("data"), elsewhere.resolve("data"));
        store = new TestStore(dir);
        try (TestStore copy = new TestStore(elsewhere)) {
            copy.entries(false, TestStore.entry("kafka", "Consumer lag alarms", "Alert when lag exceeds 10k.", ""));
            VectorBuilder.Report r = build(copy);
            assertFalse(r.full());
            assertTrue(r.generation().indexPath().startsWith(elsewhere), r.generation().indexPath().toString());
            assertEquals("kafka", copy.search(() -> model).search(SearchRequest.of("consumer lag", SearchMode.VECTOR,
                    ACCEPTED, 10)).hits().getFirst().entry().id());
        }
        assertEquals(before, sizes(original.indexPath()), "the original's generation is untouched");
        assertEquals("shader", vector(store).hits().getFirst().entry().id());
    }

    @Test
    void deletedVectorsAreRefusedAsStaleAndAPlainBuildRebuildsThem() throws Exception {
        VectorGeneration first = build(store).generation();
        delete(store.dir.resolve("data/vectors"));
        Staleness.RefusedException e = refused(store);
        assertEquals(Staleness.Kind.INDEX_MISSING, e.verdict().kind());
        assertTrue(e.getMessage().contains("generation " + first.id()), e.getMessage());
        assertEquals(dev.recall.store.RecallException.Remedy.USE_LEXICAL, e.remedy(), "the surface words the build as the fix");

        VectorBuilder.Report r = build(store);
        assertTrue(r.full(), "a missing index is rebuilt in full without --full-rebuild");
        assertEquals(3, r.embedded());
        assertNotEquals(first.id(), r.generation().id());
        assertEquals(GenerationState.RETIRED, new VectorGenerations(store.db).get(first.id()).orElseThrow().state());
        assertEquals("shader", vector(store).hits().getFirst().entry().id());
    }

    @Test
    void anIndexFromAnotherStoreIsRefusedAsForeign() throws Exception {
        VectorGeneration mine = build(store).generation();
        try (TestStore other = fill(new TestStore(elsewhere))) {
            VectorGeneration theirs = build(other).generation();
            delete(mine.indexPath());
            copy(theirs.indexPath(), mine.indexPath());
        }
        Staleness.RefusedException e = refused(store);
        assertEquals(Staleness.Kind.INDEX_FOREIGN, e.verdict().kind());
        assertEquals(dev.recall.store.RecallException.Remedy.USE_LEXICAL, e.remedy(), "the surface words the build as the fix");
        assertTrue(build(store).full());
        assertEquals("shader", vector(store).hits().getFirst().entry().id());
    }

    @Test
    void anIndexMissingVectorsIsRefused() {
        VectorGeneration g = build(store).generation();
        try (VectorIndex index = VectorIndex.open(g.indexPath()); VectorIndex.Writer w = index.writer(VectorEncoding.FLOAT32);
                VectorIndex.Searcher s = index.searcher()) {
            Map<String, String> data = s.commitData();
            w.delete("shader");
            w.commit(data);
        }
        Staleness.RefusedException e = refused(store);
        assertEquals(Staleness.Kind.INDEX_DAMAGED, e.verdict().kind());
        assertTrue(e.getMessage().contains("2 vectors") && e.getMessage().contains("3"), e.getMessage());
    }

    @Test
    void aTruncatedSegmentIsNamedAndRebuiltByAPlainBuild() throws Exception {
        VectorGeneration g = build(store).generation();
        Path segment;
        try (Stream<Path> files = Files.list(g.indexPath())) {
            segment = files.filter(p -> p.getFileName().toString().endsWith(".vec")
                    || p.getFileName().toString().endsWith(".cfs")).max(Comparator.comparingLong(GenerationIntegrityTest::size))
                    .orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(segment);
        Files.write(segment, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Staleness.RefusedException e = refused(store);
        assertEquals(Staleness.Kind.INDEX_DAMAGED, e.verdict().kind());
        assertTrue(e.getMessage().contains("generation " + g.id()) && e.getMessage().contains("damaged"), e.getMessage());
        assertEquals(dev.recall.store.RecallException.Remedy.USE_LEXICAL, e.remedy(), "the surface words the build as the fix");
        assertFalse(e.getMessage().contains("\n"), "one line, not a Lucene stack: " + e.getMessage());

        VectorBuilder.Report r = build(store);
        assertTrue(r.full());
        assertEquals("shader", vector(store).hits().getFirst().entry().id());
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Long> sizes(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.collect(java.util.stream.Collectors.toMap(p -> p.getFileName().toString(), GenerationIntegrityTest::size));
        }
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    static void delete(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
