package dev.recall.index;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bag-of-words query is flat (one clause per field and term, so Lucene can prune), and scores every document
 * exactly as the per-field grouping it replaced: a field's weight times the sum of its terms' BM25.
 */
class BagOfWordsTest {
    @TempDir
    Path dir;

    private static final List<String> WORDS = List.of("ledger", "tests", "seed", "random", "integration", "flaky",
            "rounding", "cent", "deploy", "cache", "lock", "timeout", "retry", "schema", "index", "query");
    private static final Map<String, Float> WEIGHTS = new LinkedHashMap<>(Map.of(EntryFields.CONTENT, 1f,
            EntryFields.TITLE, 2.5f, EntryFields.TRIGGER, 1.5f, EntryFields.EVIDENCE, 0.5f));

    @Test
    void theFlatQueryScoresEveryDocumentAsTheGroupedOne() throws IOException {
        try (Directory d = FSDirectory.open(dir)) {
            index(d, 3000);
            try (DirectoryReader r = DirectoryReader.open(d)) {
                IndexSearcher s = new IndexSearcher(r);
                s.setSimilarity(new BM25Similarity(0.9f, 0.4f));
                for (Map<String, Integer> terms : List.of(Map.of("ledger", 1), Map.of("ledger", 2, "seed", 1),
                        new LinkedHashMap<>(Map.of("flaky", 1, "integration", 1, "tests", 3, "cache", 1, "nowhere", 1)))) {
                    Query flat = BagOfWords.query(terms, WEIGHTS);
                    assertTrue(flat instanceof BooleanQuery b && b.clauses().stream()
                            .noneMatch(c -> c.query() instanceof BooleanQuery
                                    || c.query() instanceof BoostQuery q && q.getQuery() instanceof BooleanQuery),
                            "one level of clauses: " + flat);
                    assertEquals(terms.size() * WEIGHTS.size(), ((BooleanQuery) flat).clauses().size());
                    Map<Integer, Float> want = scores(s, grouped(terms));
                    Map<Integer, Float> got = scores(s, flat);
                    assertFalse(want.isEmpty());
                    assertEquals(want.keySet(), got.keySet(), "the same documents match: " + terms);
                    want.forEach((doc, score) -> assertEquals(score, got.get(doc), 1e-5 * score, terms + " doc " + doc));
                }
            }
        }
    }

    @Test
    void noTermsMatchNothing() {
        assertEquals("MatchNoDocsQuery", BagOfWords.query(Map.of(), WEIGHTS).getClass().getSimpleName());
    }

    /** The shape this replaced: per field an OR of the terms, boosted by the field's weight. */
    private static Query grouped(Map<String, Integer> terms) {
        BooleanQuery.Builder all = new BooleanQuery.Builder();
        WEIGHTS.forEach((field, weight) -> {
            BooleanQuery.Builder perField = new BooleanQuery.Builder();
            terms.forEach((t, n) -> {
                Query q = new TermQuery(new Term(field, t));
                perField.add(n == 1 ? q : new BoostQuery(q, n), BooleanClause.Occur.SHOULD);
            });
            all.add(new BoostQuery(perField.build(), weight), BooleanClause.Occur.SHOULD);
        });
        return all.build();
    }

    private static Map<Integer, Float> scores(IndexSearcher s, Query q) throws IOException {
        Map<Integer, Float> out = new HashMap<>();
        for (ScoreDoc sd : s.search(q, s.getIndexReader().maxDoc()).scoreDocs) {
            out.put(sd.doc, sd.score);
        }
        return out;
    }

    /** Documents of random words; the title, trigger and evidence fields only in some, as in a real store. */
    private static void index(Directory d, int n) throws IOException {
        SplittableRandom random = new SplittableRandom(42);
        try (IndexWriter w = new IndexWriter(d, new IndexWriterConfig(new StandardAnalyzer()))) {
            for (int i = 0; i < n; i++) {
                Document doc = new Document();
                doc.add(new TextField(EntryFields.CONTENT, words(random, 5 + random.nextInt(60)), Field.Store.NO));
                for (String f : List.of(EntryFields.TITLE, EntryFields.TRIGGER, EntryFields.EVIDENCE)) {
                    if (random.nextInt(3) > 0) {
                        doc.add(new TextField(f, words(random, 1 + random.nextInt(12)), Field.Store.NO));
                    }
                }
                w.addDocument(doc);
            }
        }
    }

    private static String words(SplittableRandom random, int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(WORDS.get(random.nextInt(WORDS.size()))).append(' ');
        }
        return b.toString();
    }
}
