package dev.recall.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.index.analysis.AnalyzerKind;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Equal scores are ranked by entry id, not by where Lucene happens to hold the documents. */
class TieBreakTest {
    @TempDir
    Path dir;

    @Test
    void equalBm25ScoresRankByEntryIdWhateverTheIndexOrder() throws Exception {
        try (TestStore store = new TestStore(dir).sessions(TestStore.SESSION)) {
            // "tie-b" is indexed first, in a segment of its own, so Lucene's doc order puts it before "tie-a".
            store.entries(false, TestStore.entry("tie-b", "Quagga zebra stripes", "Zebra quagga notes.", ""));
            store.lexical.sync();
            store.entries(false, TestStore.entry("tie-a", "Quagga zebra stripes", "Zebra quagga notes.", ""));
            store.lexical.sync();
            try (DirectoryReader reader = store.lexical.openReader()) {
                List<LexicalLeg.Candidate> hits = new LexicalLeg(reader, AnalyzerKind.CODE, "zebra quagga", false,
                        LexicalWeights.DEFAULTS).search(null, 10).hits();
                assertEquals(List.of("tie-a", "tie-b"), hits.stream().map(LexicalLeg.Candidate::id).toList());
                assertEquals(hits.get(0).bm25(), hits.get(1).bm25(), "the two are a real tie");
                // the tie-break is what orders them: in Lucene's own order the earlier-indexed "tie-b" comes first
                assertTrue(hits.get(1).doc() < hits.get(0).doc(), "tie-b holds the lower Lucene doc: " + hits);
            }
        }
    }
}
