package dev.recall.bench;

import dev.recall.index.BagOfWords;
import dev.recall.index.EntryFields;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.LexicalWeights;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;

/**
 * recall's BM25 query on a reader kept open, without the product's re-scoring: the engine-to-engine comparison
 * with FTS5's bm25 top k. The query is built as recall's lexical leg builds it (code-aware analyzer, one OR
 * clause per field, the default field weights and BM25 parameters).
 */
final class LuceneBm25 implements AutoCloseable {
    private final IndexSearcher searcher;
    private final Analyzer analyzer = AnalyzerKind.CODE.newQueryAnalyzer();
    private final Map<String, Float> fieldWeights = new LinkedHashMap<>();

    LuceneBm25(DirectoryReader reader, LexicalWeights weights) {
        this.searcher = new IndexSearcher(reader);
        searcher.setSimilarity(new BM25Similarity(weights.k1(), weights.b()));
        fieldWeights.put(EntryFields.TITLE, weights.title());
        fieldWeights.put(EntryFields.BODY, weights.body());
        fieldWeights.put(EntryFields.TRIGGER, weights.trigger());
        fieldWeights.put(EntryFields.EVIDENCE, weights.evidence());
    }

    /** Entry ids of the top k, best first. */
    List<String> top(String text, int k) {
        try {
            TopDocs top = searcher.search(BagOfWords.query(BagOfWords.terms(analyzer, text), fieldWeights), k);
            StoredFields stored = searcher.storedFields();
            List<String> ids = new ArrayList<>(top.scoreDocs.length);
            for (ScoreDoc sd : top.scoreDocs) {
                ids.add(stored.document(sd.doc, Set.of(EntryFields.ID)).get(EntryFields.ID));
            }
            return ids;
        } catch (IOException e) {
            throw new BenchException("Lucene query failed for '" + text + "': " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        analyzer.close();
    }
}
