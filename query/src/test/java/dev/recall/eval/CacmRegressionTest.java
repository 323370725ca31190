package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * End to end on the real CACM collection: our reading, analysis, BM25 and trec_eval arithmetic must reproduce
 * Anserini's published BM25 figures. Skipped when the shared collections are not present.
 */
class CacmRegressionTest {
    /** Anserini's published BM25 figures for CACM at k1=0.9, b=0.4. */
    private static final double ANSERINI_MAP = 0.3123;
    private static final double ANSERINI_P30 = 0.1942;

    static Path evalDir() {
        // surefire runs in the module directory; the shared collections sit beside the repository
        return Path.of(System.getProperty("recall.eval.dir", "../../shared/eval"));
    }

    @Test
    void englishBm25ReproducesAnserini() throws Exception {
        Path cacm = evalDir().resolve("cacm");
        assumeTrue(Files.isRegularFile(cacm.resolve(CacmCollection.ARCHIVE)), "CACM not found under " + cacm.toAbsolutePath());

        TestCollection collection = CollectionFormat.TREC.read(cacm);
        assertEquals(3204, collection.docs().size());
        assertEquals(52, collection.judgedTopics().size());
        try (LexicalCollectionIndex index = LexicalCollectionIndex.build(collection, LexicalSettings.anserini())) {
            // Anserini's index of CACM: 14,363 unique and 320,968 total terms; equal counts mean equal text
            assertEquals(new LexicalCollectionIndex.FieldStats(14_363, 320_968),
                    index.stats(LexicalCollectionIndex.CONTENTS));
            EvalResult result = new EvalRunner().run(collection, index.retriever());
            assertEquals(ANSERINI_MAP, result.map(), 0.005, result.toString());
            assertEquals(ANSERINI_P30, result.p30(), 0.005, result.toString());
        }
    }
}
