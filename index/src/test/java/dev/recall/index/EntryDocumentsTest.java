package dev.recall.index;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.ReviewState;
import dev.recall.store.Scope;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every entry document holds every BM25 field, so each field's norms are dense (read by position, not looked up in a
 * sparse set per scored document), and BM25 scores exactly as with the absent fields left out.
 */
class EntryDocumentsTest {
    @TempDir
    Path dir;

    private static final List<String> WORDS = List.of("ledger", "tests", "seed", "random", "integration", "flaky",
            "rounding", "cent", "deploy", "cache", "lock", "timeout", "retry", "schema", "index", "query");
    private static final Map<String, Float> WEIGHTS = new LinkedHashMap<>(Map.of(EntryFields.CONTENT, 1f,
            EntryFields.TITLE, 0.5f, EntryFields.TRIGGER, 0.5f, EntryFields.EVIDENCE, 0.3f));

    @Test
    void everyTextFieldHasANormForEveryDocumentAndTheScoresAreThoseWithoutTheEmptyFields() throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        List<RecallEntry> entries = new java.util.ArrayList<>();
        Map<String, List<Evidence>> evidence = new HashMap<>();
        for (int i = 0; i < 2000; i++) {
            // about a third with a trigger and a tenth with evidence, as the sparse fields are in real stores
            RecallEntry e = entry("e" + i, words(random, 4), words(random, 30),
                    random.nextInt(3) == 0 ? words(random, 6) : null);
            entries.add(e);
            if (random.nextInt(10) == 0) {
                evidence.put(e.id(), List.of(new Evidence(i, e.id(), "s1", 1, 2, "u1", "u2", null, words(random, 12),
                        "d")));
            }
        }
        try (Directory now = FSDirectory.open(dir.resolve("now")); Directory before = FSDirectory.open(dir.resolve("before"))) {
            write(now, entries, evidence, false);
            write(before, entries, evidence, true);
            try (DirectoryReader r = DirectoryReader.open(now); DirectoryReader old = DirectoryReader.open(before)) {
                LeafReader leaf = r.leaves().getFirst().reader();
                for (String field : EntryFields.TEXT) {
                    NumericDocValues norms = leaf.getNormValues(field);
                    assertNotNull(norms, field);
                    for (int doc = 0; doc < leaf.maxDoc(); doc++) {
                        assertTrue(norms.advanceExact(doc), field + " has a norm for doc " + doc);
                    }
                }
                IndexSearcher s = searcher(r);
                IndexSearcher o = searcher(old);
                for (String field : EntryFields.TEXT) {
                    CollectionStatistics want = o.collectionStatistics(field);
                    CollectionStatistics got = s.collectionStatistics(field);
                    assertEquals(want.docCount(), got.docCount(), field + ": documents holding a term");
                    assertEquals(want.sumTotalTermFreq(), got.sumTotalTermFreq(), field + ": the field's length");
                }
                assertTrue(s.collectionStatistics(EntryFields.TRIGGER).docCount() < r.maxDoc() / 2);
                for (Map<String, Integer> terms : List.of(Map.of("ledger", 1), Map.of("flaky", 1, "cache", 2),
                        Map.of("seed", 1, "random", 1, "integration", 1, "timeout", 1, "schema", 1))) {
                    Map<String, Float> want = scores(o, terms);
                    Map<String, Float> got = scores(s, terms);
                    assertFalse(want.isEmpty());
                    assertEquals(want, got, "the same documents with the same scores: " + terms);
                }
            }
        }
    }

    private static IndexSearcher searcher(DirectoryReader r) {
        IndexSearcher s = new IndexSearcher(r);
        s.setSimilarity(new BM25Similarity(1.2f, 0.75f));
        return s;
    }

    /** Every matching document's score, by entry id (the two indexes number their documents alike, ids decide). */
    private static Map<String, Float> scores(IndexSearcher s, Map<String, Integer> terms) throws IOException {
        ScoreDoc[] hits = s.search(BagOfWords.query(terms, WEIGHTS), Integer.MAX_VALUE).scoreDocs;
        String[] ids = DocIds.of(s.getIndexReader(), hits, EntryFields.ID);
        Map<String, Float> out = new HashMap<>();
        for (int i = 0; i < hits.length; i++) {
            out.put(ids[i], hits[i].score);
        }
        return out;
    }

    /** The entries' documents; {@code absentLeftOut}: the mapping before, with no field for a missing text. */
    private static void write(Directory d, List<RecallEntry> entries, Map<String, List<Evidence>> evidence,
            boolean absentLeftOut) throws IOException {
        try (IndexWriter w = new IndexWriter(d, new IndexWriterConfig(EntryFields.indexAnalyzer(AnalyzerKind.CODE)))) {
            for (RecallEntry e : entries) {
                Document doc = EntryDocuments.of(e, evidence.getOrDefault(e.id(), List.of()));
                if (absentLeftOut) {
                    if (e.trigger() == null) {
                        doc.removeFields(EntryFields.TRIGGER);
                    }
                    if (!evidence.containsKey(e.id())) {
                        doc.removeFields(EntryFields.EVIDENCE);
                    }
                }
                w.addDocument(doc);
            }
            w.forceMerge(1);
        }
    }

    private static String words(SplittableRandom random, int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(WORDS.get(random.nextInt(WORDS.size()))).append(' ');
        }
        return b.toString().strip();
    }

    private static RecallEntry entry(String id, String title, String body, String trigger) {
        return new RecallEntry(id, EntryType.FACT, Scope.PROJECT, EntryStatus.ACCEPTED, ReviewState.HUMAN_REVIEWED,
                title, body, trigger, 0.8, null, "demo", "/src/demo", "main", "claude-code", "s1", "manual",
                true, true, null, null, null, Instant.EPOCH, Instant.EPOCH);
    }
}
