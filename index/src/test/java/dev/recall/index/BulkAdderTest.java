package dev.recall.index;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Batches added on several threads all land, once each; a batch that fails fails the rebuild. */
class BulkAdderTest {
    @TempDir
    Path dir;

    @Test
    void everyDocumentOfEveryBatchIsAddedOnce() throws IOException {
        try (Directory d = FSDirectory.open(dir); IndexWriter w = new IndexWriter(d,
                new IndexWriterConfig(new StandardAnalyzer()).setRAMBufferSizeMB(1))) {
            int added;
            try (BulkAdder adder = new BulkAdder(w, 4)) {
                for (int b = 0; b < 40; b++) {
                    List<Document> batch = new ArrayList<>();
                    for (int i = 0; i < 150; i++) {
                        batch.add(doc("k" + (b * 150 + i), "passage text number " + i + " of batch " + b));
                    }
                    adder.add(batch);
                }
                adder.add(List.of());
                added = adder.finish();
            }
            w.commit();
            assertEquals(6000, added);
            try (DirectoryReader r = DirectoryReader.open(d)) {
                assertEquals(6000, r.numDocs());
                Set<String> keys = new HashSet<>();
                StoredFields stored = r.storedFields();
                for (int i = 0; i < r.maxDoc(); i++) {
                    assertTrue(keys.add(stored.document(i).get("key")), "added twice");
                }
                assertTrue(r.leaves().size() > 1, "1 MB buffers on 4 threads flush several segments");
            }
        }
    }

    @Test
    void aFailingBatchFailsTheRebuild() throws IOException {
        try (Directory d = FSDirectory.open(dir);
                IndexWriter w = new IndexWriter(d, new IndexWriterConfig(new StandardAnalyzer()))) {
            // a keyword term longer than Lucene's 32,766-byte limit is refused by addDocuments
            Document immense = new Document();
            immense.add(new StringField("key", "x".repeat(40_000), Field.Store.NO));
            IOException e = assertThrows(IOException.class, () -> {
                try (BulkAdder adder = new BulkAdder(w, 2)) {
                    adder.add(List.of(doc("a", "fine")));
                    adder.add(List.of(immense));
                    adder.finish();
                }
            });
            assertTrue(e.getMessage().contains("immense term"), e.getMessage());
        }
    }

    private static Document doc(String key, String text) {
        Document d = new Document();
        d.add(new StringField("key", key, Field.Store.YES));
        d.add(new TextField("text", text, Field.Store.NO));
        return d;
    }
}
