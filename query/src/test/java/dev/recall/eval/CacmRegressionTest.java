package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.recall.index.EntryFields;
import dev.recall.index.VectorBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Terms;
import org.junit.jupiter.api.Test;

/**
 * End to end on the real CACM collection: the product's store, lexical index and query path, with Anserini's analysis
 * and BM25 parameters, must reproduce Anserini's published BM25 figures. Skipped when the shared collections are not present.
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
        EvalSettings anserini = EvalSettings.anserini();
        try (CollectionStore store = CollectionStore.build(collection, anserini.analysis(), Optional.empty(),
                anserini.encoding(), VectorBuilder.Progress.NONE, notice -> {});
                DirectoryReader reader = store.lexicalIndex().openReader()) {
            // Anserini's index of CACM: 14,363 unique and 320,968 total terms. The content field holds the title (a
            // CACM document has none, so the entry is titled by its id) and then the text: equal counts once the
            // title field's terms are added mean equal text
            Terms content = MultiTerms.getTerms(reader, EntryFields.CONTENT);
            Terms titles = MultiTerms.getTerms(reader, EntryFields.TITLE);
            assertEquals(320_968 + titles.getSumTotalTermFreq(), content.getSumTotalTermFreq());
            assertTrue(content.size() >= 14_363 && content.size() <= 14_363 + titles.size(),
                    content.size() + " unique terms, " + titles.size() + " of them possibly from the ids");
            EvalResult result = new EvalRunner().run(collection, store.retriever(anserini));
            assertEquals(ANSERINI_MAP, result.map(), 0.005, result.toString());
            assertEquals(ANSERINI_P30, result.p30(), 0.005, result.toString());
        }
    }
}
