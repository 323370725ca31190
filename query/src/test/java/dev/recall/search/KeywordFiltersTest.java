package dev.recall.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.index.EntryFields;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cheaper form of a dense filter (excluding the field's other values) must rank exactly as requiring the value
 * does: the same documents, scores, order and match counts, for every judged query of testdata/regression over the
 * testdata corpus (20 of its 394 entries archived), before and after updates leave deleted documents behind.
 */
class KeywordFiltersTest {
    @TempDir
    Path dir;

    private static final List<EntryFilter> FILTERS = List.of(
            EntryFilter.builder().status(EntryStatus.ACCEPTED).build(),
            EntryFilter.builder().status(EntryStatus.ARCHIVED).build(),
            EntryFilter.builder().status(EntryStatus.ACCEPTED).type(EntryType.PROCEDURE).build(),
            EntryFilter.builder().trustedOnly(true).build(),
            EntryFilter.builder().status(EntryStatus.ACCEPTED).project("tidewatch").build());

    @Test
    void theExcludingFormRanksExactlyAsTheRequiringForm() throws Exception {
        List<String> queries = judgedQueries();
        assertTrue(queries.size() >= 20, "the judged queries: " + queries.size());
        try (TestStore store = new TestStore(dir).testdata()) {
            store.lexical.sync();
            assertSameRanking(store, queries, "one commit");
            store.archiveSomeAndRestoreOthers();
            assertSameRanking(store, queries, "after updates");
        }
    }

    private static void assertSameRanking(TestStore store, List<String> queries, String when) throws Exception {
        try (DirectoryReader reader = store.lexical.openReader()) {
            assertEquals(List.of(new BytesRef("archived")), KeywordFilters.othersIfDense(reader, EntryFields.STATUS,
                    new BytesRef("accepted")), "the default filter takes the excluding form (" + when + ")");
            assertNull(KeywordFilters.othersIfDense(reader, EntryFields.STATUS, new BytesRef("archived")),
                    "a sparse value keeps its filter clause");
            IndexSearcher searcher = new IndexSearcher(reader);
            searcher.setSimilarity(new BM25Similarity(LexicalWeights.DEFAULTS.k1(), LexicalWeights.DEFAULTS.b()));
            int compared = 0;
            for (String q : queries) {
                LexicalLeg leg = new LexicalLeg(reader, AnalyzerKind.CODE, q, false, LexicalWeights.DEFAULTS);
                for (EntryFilter f : FILTERS) {
                    Query requiring = LexicalLeg.withFilter(leg.scoringQuery(), f);
                    Query cheaper = KeywordFilters.apply(reader, leg.scoringQuery(), f);
                    for (int window : new int[] {1, 10, 50, 500}) {
                        TopDocs expected = searcher.search(requiring, window);
                        TopDocs actual = searcher.search(cheaper, window);
                        String what = when + ", '" + q + "', " + f.asMap() + ", window " + window;
                        assertEquals(expected.totalHits, actual.totalHits, what);
                        assertEquals(expected.scoreDocs.length, actual.scoreDocs.length, what);
                        for (int i = 0; i < expected.scoreDocs.length; i++) {
                            assertEquals(expected.scoreDocs[i].doc, actual.scoreDocs[i].doc, what + " #" + i);
                            assertEquals(expected.scoreDocs[i].score, actual.scoreDocs[i].score, what + " #" + i);
                        }
                        compared += expected.scoreDocs.length;
                    }
                }
            }
            assertTrue(compared > 1000, "hits compared: " + compared);
        }
    }

    @Test
    void aFieldSomeDocumentsLackOrHoldTwiceKeepsTheFilterClause() throws Exception {
        try (ByteBuffersDirectory d = new ByteBuffersDirectory()) {
            try (IndexWriter w = new IndexWriter(d, new IndexWriterConfig())) {
                for (int i = 0; i < 10; i++) {
                    w.addDocument(doc("a"));
                }
                w.addDocument(doc("b"));
                w.commit();
                try (DirectoryReader r = DirectoryReader.open(d)) {
                    assertEquals(List.of(new BytesRef("b")), KeywordFilters.othersIfDense(r, "f", new BytesRef("a")));
                    Query all = new MatchAllDocsQuery();
                    assertSame(all, KeywordFilters.apply(r, all, EntryFilter.ANY), "no filter: the query as it is");
                    assertNull(KeywordFilters.othersIfDense(r, "absent", new BytesRef("a")));
                }
                w.addDocument(new Document()); // a document without the field
                w.commit();
                try (DirectoryReader r = DirectoryReader.open(d)) {
                    assertNull(KeywordFilters.othersIfDense(r, "f", new BytesRef("a")), "one document lacks it");
                }
                w.deleteAll();
                for (int i = 0; i < 10; i++) {
                    w.addDocument(doc("a"));
                }
                Document two = doc("a");
                two.add(new KeywordField("f", "c", Field.Store.NO));
                w.addDocument(two);
                w.commit();
                try (DirectoryReader r = DirectoryReader.open(d)) {
                    assertNull(KeywordFilters.othersIfDense(r, "f", new BytesRef("a")), "one document holds two");
                }
                w.deleteAll();
                for (int i = 0; i < 10; i++) {
                    w.addDocument(doc("a"));
                }
                w.commit();
                try (DirectoryReader r = DirectoryReader.open(d)) {
                    assertEquals(List.of(), KeywordFilters.othersIfDense(r, "f", new BytesRef("a")));
                }
            }
        }
    }

    @Test
    void aFilterEveryDocumentPassesLeavesTheScoringQueryAsItIs() throws Exception {
        try (TestStore store = new TestStore(dir).testdata()) {
            store.exec("UPDATE recall_entries SET status = 'accepted'");
            store.lexical.sync();
            try (DirectoryReader reader = store.lexical.openReader()) {
                Query scoring = new LexicalLeg(reader, AnalyzerKind.CODE, "ledger tests", false,
                        LexicalWeights.DEFAULTS).scoringQuery();
                assertSame(scoring, KeywordFilters.apply(reader, scoring,
                        EntryFilter.builder().status(EntryStatus.ACCEPTED).build()));
            }
        }
    }

    private static Document doc(String value) {
        Document d = new Document();
        d.add(new KeywordField("f", value, Field.Store.NO));
        return d;
    }

    private static List<String> judgedQueries() throws Exception {
        List<String> out = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        try (var files = Files.list(TestStore.TESTDATA.resolve("regression"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList()) {
                for (String line : Files.readAllLines(f)) {
                    if (!line.isBlank()) {
                        out.add(json.readTree(line).get("query").asText());
                    }
                }
            }
        }
        return out;
    }
}
