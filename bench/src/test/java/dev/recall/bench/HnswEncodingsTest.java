package dev.recall.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.index.VectorEncoding;
import dev.recall.search.VectorQueryText;
import dev.recall.store.RecallException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HnswEncodingsTest {
    @TempDir
    Path work;

    @Test
    void parsesListsAndNamesWhatIsWrong() {
        assertEquals(List.of(VectorEncoding.FLOAT32), HnswEncodings.parse("float32").buildOrder());
        assertEquals(List.of(VectorEncoding.INT8, VectorEncoding.FLOAT32),
                HnswEncodings.parse(" FLOAT32 , int8 ").buildOrder());
        assertEquals(VectorEncoding.FLOAT32, HnswEncodings.BOTH.active());
        assertEquals(VectorEncoding.INT8, HnswEncodings.parse("int8").active());
        RecallException bad = assertThrows(RecallException.class, () -> HnswEncodings.parse("float32,fp16"));
        assertEquals("encodings: unknown value 'fp16' (allowed: float32, int8)", bad.getMessage());
        assertEquals("encodings", bad.details().get("field"));
        assertThrows(RecallException.class, () -> HnswEncodings.parse(""));
        assertThrows(RecallException.class, () -> HnswEncodings.parse("float32,"));
    }

    /** A float32-only tier of sentence vectors: no int8 rows, ratios or builds, and nothing breaks for it. */
    @Test
    void aFloat32OnlySentenceTierRunsEndToEnd() {
        BenchOptions options = new BenchOptions(List.of(300), VectorSource.SENTENCES, TinyCorpus.write(work, "e2e"),
                work.resolve("w"), false, 10, 7, null, false, Duration.ofMillis(100), HnswEncodings.parse("float32"), null);
        // queries holding an identifier are embedded as the vector leg embeds them (VectorQueryText); the bench's
        // precomputed query vectors must be keyed the same way or the run stops with "no precomputed vector"
        List<String> queries = QueryGenerator.generate(SentenceCorpus.load(options.corpus()), options.seed(),
                options.queries());
        assertTrue(queries.stream().anyMatch(q -> !VectorQueryText.of(q).equals(q)), queries.toString());
        BenchResult result = new Bench(options, "test", line -> {}).run();
        TierResult tier = result.tiers().getFirst();
        assertEquals("sentences", tier.vectors());
        assertNotNull(tier.query("vector.recall"));
        assertNotNull(tier.query("hybrid.recall"));
        assertNotNull(tier.build("hnsw_float32"));
        assertNull(tier.build("hnsw_int8"));
        assertTrue(tier.queries().stream().noneMatch(q -> q.key().contains("int8")), tier.queries().toString());
        assertTrue(tier.ratios().keySet().stream().noneMatch(k -> k.contains("int8")));
        assertNotNull(tier.query("vector.hnsw_float32_k100"));
        // 300 vectors and k=100: all but exhaustive.
        assertTrue(tier.query("vector.hnsw_float32_k100").recallAt10() > 0.9);
        assertTrue(tier.notes().stream().anyMatch(n -> n.startsWith("sentence vectors:")), tier.notes().toString());
        assertTrue(tier.embedding().source().startsWith("bench-sentences-"), tier.embedding().source());
        String table = MarkdownReport.render(result);
        assertTrue(table.contains("| 300 (sentences vectors) |"), table);
        assertTrue(!table.contains("int8"), table);
    }
}
