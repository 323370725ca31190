package dev.recall.search;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.index.BagOfWords;
import dev.recall.index.EntryFields;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
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
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A one-segment index cut into parts searched at once answers exactly as one pass over it does. */
class PartitionedSearcherTest {
    @TempDir
    Path dir;

    private static final List<String> WORDS = List.of("ledger", "tests", "seed", "random", "integration", "flaky",
            "rounding", "cent", "deploy", "cache", "lock", "timeout", "retry", "schema", "index", "query", "merge",
            "branch", "commit", "rebase", "build", "release", "token", "secret");

    @Test
    void thePartsFindTheSameTopHitsAsOnePass() throws IOException {
        try (Directory d = FSDirectory.open(dir)) {
            index(d, 6000);
            try (DirectoryReader r = DirectoryReader.open(d)) {
                assertEquals(1, r.leaves().size(), "one segment, as a rebuilt lexical index");
                IndexSearcher whole = new IndexSearcher(r);
                IndexSearcher parts = PartitionedSearcher.of(r, 2, 1000);
                assertEquals(2, parts.getSlices().length, "one segment, two parts");
                assertEquals(r.maxDoc(), Arrays.stream(parts.getSlices())
                        .flatMap(s -> Arrays.stream(s.partitions)).mapToInt(p -> p.maxDocId - p.minDocId).sum(),
                        "the parts cover every document once");
                for (IndexSearcher s : List.of(whole, parts)) {
                    s.setSimilarity(new BM25Similarity(0.9f, 0.4f));
                }
                Map<String, Float> weights = Map.of(EntryFields.CONTENT, 1f, EntryFields.TITLE, 2f);
                for (Map<String, Integer> terms : List.of(Map.of("ledger", 1), Map.of("flaky", 1, "tests", 2),
                        Map.of("merge", 1, "branch", 1, "rebase", 1, "commit", 1, "secret", 1, "token", 1))) {
                    Query q = BagOfWords.query(terms, weights);
                    for (int k : List.of(10, 50)) {
                        TopDocs want = whole.search(q, k);
                        TopDocs got = parts.search(q, k);
                        assertEquals(k, got.scoreDocs.length);
                        assertEquals(hits(want), hits(got), terms + " top " + k);
                    }
                }
            }
        }
    }

    /**
     * Few distinct texts, so most scores tie: Lucene merges the parts' hits by score, then document, the order one
     * pass keeps, so the same documents make the cut at every depth, however many parts.
     */
    @Test
    void tiesComeBackAsOnePassOrdersThem() throws IOException {
        try (Directory d = FSDirectory.open(dir)) {
            SplittableRandom random = new SplittableRandom(11);
            List<String> texts = List.of("ledger tests seed", "flaky integration tests", "ledger rounding cent",
                    "merge branch rebase", "deploy cache lock timeout");
            try (IndexWriter w = new IndexWriter(d, new IndexWriterConfig(new StandardAnalyzer()))) {
                for (int i = 0; i < 9000; i++) {
                    Document doc = new Document();
                    doc.add(new TextField(EntryFields.CONTENT, texts.get(random.nextInt(texts.size())), Field.Store.NO));
                    w.addDocument(doc);
                }
                w.forceMerge(1);
            }
            try (DirectoryReader r = DirectoryReader.open(d)) {
                IndexSearcher whole = new IndexSearcher(r);
                Query q = BagOfWords.query(Map.of("ledger", 1, "tests", 1), Map.of(EntryFields.CONTENT, 1f));
                for (int parts : List.of(2, 3, 4, 7)) {
                    IndexSearcher s = PartitionedSearcher.of(r, parts, 1000);
                    assertTrue(s.getSlices().length > 1, parts + " parts asked");
                    for (int k : List.of(1, 10, 50, 333, 2500)) {
                        TopDocs want = whole.search(q, k);
                        TopDocs got = s.search(q, k);
                        assertEquals(hits(want), hits(got), parts + " parts, top " + k);
                        assertEquals(want.totalHits.value() > k, got.totalHits.value() > k, "more matched than " + k);
                    }
                }
                ScoreDoc[] top = whole.search(q, 51).scoreDocs;
                assertEquals(top[0].score, top[50].score, "the cut at 50 falls inside a tie");
            }
        }
    }

    @Test
    void theThreadsPolicyDecidesAsEachSearchStarts() throws IOException {
        try (Directory d = FSDirectory.open(dir)) {
            index(d, 3000);
            try (DirectoryReader r = DirectoryReader.open(d)) {
                java.util.concurrent.atomic.AtomicBoolean alone = new java.util.concurrent.atomic.AtomicBoolean(true);
                SearchThreads threads = new SearchThreads(2, alone::get);
                assertEquals(2, threads.partsNow());
                alone.set(false);
                assertEquals(1, threads.partsNow(), "another request in flight: the caller's thread alone");
                assertEquals(1, SearchThreads.ONE.partsNow());
                assertEquals(1, new SearchThreads(1, () -> true).partsNow(), "one core");
                assertEquals(1, PartitionedSearcher.of(r, threads).getSlices().length, "below the parts' minimum");
                assertThrows(IllegalArgumentException.class, () -> new SearchThreads(0, () -> true));
                assertThrows(IllegalArgumentException.class, () -> new SearchThreads(2, null));
            }
        }
    }

    @Test
    void aSmallIndexIsSearchedWhole() throws IOException {
        try (Directory d = FSDirectory.open(dir)) {
            index(d, 1500);
            try (DirectoryReader r = DirectoryReader.open(d)) {
                assertEquals(1, PartitionedSearcher.of(r, 2, 1000).getSlices().length);
                assertEquals(1, PartitionedSearcher.of(r, 1, 100).getSlices().length, "one core, one part");
                assertEquals(3, PartitionedSearcher.of(r, 3, 100).getSlices().length);
                assertEquals(1, PartitionedSearcher.of(r, SearchThreads.perCore()).getSlices().length,
                        "far below the parts' minimum");
            }
        }
    }

    private static List<String> hits(TopDocs top) {
        return Arrays.stream(top.scoreDocs).map((ScoreDoc s) -> s.doc + ":" + s.score).toList();
    }

    private static void index(Directory d, int n) throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        try (IndexWriter w = new IndexWriter(d, new IndexWriterConfig(new StandardAnalyzer()))) {
            for (int i = 0; i < n; i++) {
                Document doc = new Document();
                doc.add(new TextField(EntryFields.CONTENT, words(random, 5 + random.nextInt(40)), Field.Store.NO));
                if (random.nextBoolean()) {
                    doc.add(new TextField(EntryFields.TITLE, words(random, 1 + random.nextInt(8)), Field.Store.NO));
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
        return b.toString();
    }
}
