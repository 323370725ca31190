package dev.recall.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.recall.index.LexicalIndex;
import dev.recall.index.VectorIndex;
import dev.recall.search.EmbeddedBackend;
import dev.recall.search.LexicalView;
import dev.recall.search.SearchBackend;
import dev.recall.store.Database;
import dev.recall.store.VectorGeneration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchTest {
    @TempDir
    Path work;

    private static Path corpus() {
        Optional<Path> found = CorpusLocator.find(Path.of(""));
        assumeTrue(found.isPresent(), "SciFact corpus not found beside the repo; skipping the end-to-end bench");
        return found.get();
    }

    @Test
    void runsATinyTierEndToEnd() {
        BenchOptions options = new BenchOptions(List.of(1_000), VectorSource.HASH, corpus(), work, false, 20, 7,
                null, false, Duration.ofMillis(200));
        List<String> progress = new ArrayList<>();
        BenchResult result = new Bench(options, "test", progress::add).run();

        assertEquals(1, result.tiers().size());
        TierResult tier = result.tiers().getFirst();
        assertEquals(1_000, tier.entries());
        assertEquals("hash", tier.vectors());
        for (String key : List.of("store", "lexical", "fts5", "hnsw_int8", "hnsw_float32")) {
            BuildStep b = tier.build(key);
            assertNotNull(b, key);
            assertTrue(b.seconds() > 0, key + " build time");
            assertTrue(b.bytes() > 0, key + " size");
        }
        assertTrue(tier.embedding().documents() > 900, "accepted entries were embedded");
        for (QueryRow q : tier.queries()) {
            assertEquals(20, q.latency().queries(), q.key());
            assertTrue(q.latency().p50Ms() > 0, q.key() + " p50");
            assertTrue(q.latency().p99Ms() >= q.latency().p50Ms(), q.key() + " p99 >= p50");
            if (q.recallAt10() != null) {
                assertTrue(q.recallAt10() > 0 && q.recallAt10() <= 1, q.key() + " recall@10 " + q.recallAt10());
            }
        }
        for (String key : List.of("lexical.lucene", "lexical.fts5", "lexical.recall", "vector.exact",
                "vector.hnsw_float32_k10", "vector.hnsw_int8_k200", "vector.recall", "hybrid.engine",
                "hybrid.recall")) {
            assertNotNull(tier.query(key), key);
        }
        // HNSW asked for 200 candidates over 1,000 vectors is all but exhaustive.
        assertTrue(tier.query("vector.hnsw_float32_k200").recallAt10() > 0.9);
        assertTrue(tier.ratios().containsKey("lexical.lucene / lexical.fts5"));
        assertTrue(tier.memory().searchHeapBytes() > 0);
        assertTrue(tier.coldStarts().isEmpty());
        assertFalse(result.targets().isEmpty());
        assertFalse(Files.exists(work.resolve("n1000")), "the tier's data dir is deleted without --keep");

        String table = MarkdownReport.render(result);
        assertTrue(table.contains("| 1,000 (hash vectors) |"), table);
        assertTrue(table.contains("SQLite FTS5 bm25 top-10"), table);
    }

    /**
     * Another backend (here a second embedded one over its own lexical index, reporting this process's CPU as its
     * servers') is measured side by side with the embedded one, with the CPU of its publish and of its queries; a
     * second run with reuse measures the kept tier again without building it.
     */
    @Test
    void measuresAnotherBackendSideBySideAndReusesAKeptTier() {
        Path corpus = corpus();
        BenchOptions.Backend copy = new BenchOptions.Backend("copy", db -> new CopyBackend(db, work.resolve("copy")));
        BenchOptions options = new BenchOptions(List.of(1_000), VectorSource.HASH, corpus, work, true, 20, 7,
                null, false, Duration.ofMillis(200), HnswEncodings.parse("float32"), null, copy, false);
        BenchResult result = new Bench(options, "test", line -> {}).run();
        TierResult tier = result.tiers().getFirst();

        for (String mode : List.of("lexical", "vector", "hybrid")) {
            for (String via : List.of(".via.copy", ".via.embedded")) {
                QueryRow row = tier.query(mode + via);
                assertNotNull(row, mode + via);
                assertEquals(20, row.latency().queries(), mode + via);
            }
            assertTrue(tier.ratios().containsKey(mode + ".via.copy / " + mode + ".via.embedded"), tier.ratios()
                    .toString());
            CpuCost other = cpu(tier, mode + ".via.copy");
            assertEquals(20, other.units());
            assertNotNull(other.serverSeconds(), "the other backend's servers are charged");
            assertTrue(other.processSeconds() > 0 && other.totalMsPerUnit() > 0, other.toString());
            assertEquals(null, cpu(tier, mode + ".via.embedded").serverSeconds(), "embedded uses no server");
        }
        CpuCost publish = cpu(tier, "publish.copy");
        assertEquals(1_000, publish.units());
        assertTrue(publish.serverSeconds() > 0, publish.toString());
        assertNotNull(tier.build("publish.copy"));
        assertTrue(MarkdownReport.render(result).contains("| publish to copy | "), MarkdownReport.render(result));

        BenchOptions reuse = new BenchOptions(List.of(1_000), VectorSource.HASH, corpus, work, false, 20, 7,
                null, false, Duration.ofMillis(200), HnswEncodings.parse("float32"), null, null, true);
        List<String> progress = new ArrayList<>();
        TierResult again = new Bench(reuse, "test", progress::add).run().tiers().getFirst();
        assertEquals(List.of(), again.builds(), "nothing built");
        assertEquals(0, again.embedding().documents());
        assertEquals(20, again.query("hybrid.recall").latency().queries());
        assertTrue(again.notes().stream().anyMatch(n -> n.contains("reused")), again.notes().toString());
        assertTrue(progress.stream().anyMatch(l -> l.startsWith("reusing the kept tier")), progress.toString());
        assertTrue(Files.isRegularFile(work.resolve("n1000").resolve("recall.db")), "a reused tier is kept");

        BenchOptions wrongEncodings = new BenchOptions(List.of(1_000), VectorSource.HASH, corpus, work, false, 20, 7,
                null, false, Duration.ofMillis(200), HnswEncodings.BOTH, null, null, true);
        BenchException e = assertThrows(BenchException.class, () -> new Bench(wrongEncodings, "test", l -> {}).run());
        assertTrue(e.getMessage().contains("no int8 HNSW generation"), e.getMessage());
        BenchOptions missing = new BenchOptions(List.of(2_000), VectorSource.HASH, corpus, work, false, 20, 7,
                null, false, Duration.ofMillis(200), HnswEncodings.parse("float32"), null, null, true);
        e = assertThrows(BenchException.class, () -> new Bench(missing, "test", l -> {}).run());
        assertTrue(e.getMessage().contains("no kept tier of 2000 entries"), e.getMessage());
    }

    private static CpuCost cpu(TierResult tier, String key) {
        return tier.cpu().stream().filter(c -> c.key().equals(key)).findFirst()
                .orElseThrow(() -> new AssertionError("no CPU cost " + key + " in " + tier.cpu()));
    }

    /** A second embedded backend with its own lexical index, which reports this process's CPU as its servers'. */
    private static final class CopyBackend implements SearchBackend {
        private final LexicalIndex lexical;
        private final EmbeddedBackend backend;

        CopyBackend(Database db, Path dir) {
            this.lexical = LexicalIndex.open(dir, db, line -> {});
            this.backend = new EmbeddedBackend(db, lexical);
        }

        @Override
        public Optional<String> sync() {
            return backend.sync();
        }

        @Override
        public LexicalView lexical() {
            return backend.lexical();
        }

        @Override
        public List<VectorIndex.Hit> nearest(VectorGeneration generation, float[] query, int k) {
            return backend.nearest(generation, query, k);
        }

        @Override
        public OptionalLong serverCpuMillis() {
            return OptionalLong.of((long) (ProcessCpu.seconds() * 1000));
        }

        @Override
        public void close() {
            backend.close();
            lexical.close();
        }
    }

    @Test
    void generatesTheSameEntriesAndQueriesForTheSameSeed() {
        SentenceCorpus corpus = SentenceCorpus.load(corpus());
        EntryGenerator a = new EntryGenerator(corpus, 1);
        EntryGenerator b = new EntryGenerator(corpus, 1);
        for (int i : new int[] {0, 1, 999, 123_456}) {
            assertEquals(a.entry(i), b.entry(i));
            int words = a.entry(i).title().split(" ").length;
            assertTrue(words >= 1 && words <= 10, a.entry(i).title());
        }
        assertEquals(QueryGenerator.generate(corpus, 5, 30), QueryGenerator.generate(corpus, 5, 30));
        assertFalse(a.entry(0).id().equals(new EntryGenerator(corpus, 2).entry(0).id()));
    }

    /** Sentence vectors need every generated entry's text traced back to the corpus; no model needed for that. */
    @Test
    void everyGeneratedEntryTracesBackToItsCorpusUnits() {
        SentenceCorpus corpus = SentenceCorpus.load(corpus());
        CorpusUnits units = CorpusUnits.of(corpus);
        EntryTextUnits trace = new EntryTextUnits(units);
        EntryGenerator generator = new EntryGenerator(corpus, 42);
        for (int i = 0; i < 5_000; i++) {
            var e = generator.entry(i);
            int[] found = trace.of(dev.recall.index.EmbeddingText.of(e));
            int body = found.length - (e.trigger() == null ? 1 : 2);
            List<String> sentences = java.util.Arrays.stream(found, 0, body)
                    .mapToObj(u -> units.texts().get(u)).toList();
            assertEquals(e.body(), String.join(" ", sentences), "entry " + i);
            assertTrue(units.texts().get(found[body]).contains(e.title()), "entry " + i);
        }
    }

    @Test
    void hashVectorsAreUnitLengthAndCloserForSharedWords() {
        float[] a = HashEmbedder.embed("retry the flaky integration tests with a fresh database");
        float[] b = HashEmbedder.embed("flaky integration tests need a fresh database");
        float[] c = HashEmbedder.embed("the billing export writes CSV files nightly");
        assertEquals(1.0, dot(a, a), 1e-5);
        assertTrue(dot(a, b) > dot(a, c) + 0.3, dot(a, b) + " vs " + dot(a, c));
    }

    @Test
    void ftsQueryIsAQuotedOrOfContentWords() {
        assertEquals("\"retry\" OR \"flaky\" OR \"tests\"", Fts5Match.matchExpression("retry the \"flaky\" tests"));
        assertEquals("", Fts5Match.matchExpression("the of and"));
    }

    private static double dot(float[] x, float[] y) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * y[i];
        }
        return s;
    }
}
