package dev.recall.index;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.Database;
import dev.recall.store.SessionArchiveImport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index directory with files but no commit is also what another writer's first build looks like while it runs
 * (the daemon keeps several readers of one data dir; the web page's browser test had two of them build a fresh
 * daemon's index at once). A reader must wait for that writer, never delete its files under it.
 */
class LexicalIndexConcurrencyTest {
    @TempDir
    Path dir;

    @Test
    void aBuildInProgressIsWaitedForNotDeleted() throws Exception {
        try (Database db = Database.open(dir.resolve("data"))) {
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                lines.add(PassageIndexTest.session("s" + i, "the rotor " + i + " spins"));
            }
            Path f = dir.resolve("a.jsonl");
            Files.write(f, lines);
            new SessionArchiveImport(db, t -> new dev.recall.store.Redactor.Redaction(t, List.of())).run(f);
            Path path = dir.resolve("passages");
            Files.createDirectories(path);
            try (LexicalIndex reader = LexicalIndex.open(path, new PassageSource(db), m -> {})) {
                CompletableFuture<LexicalIndex.SyncReport> sync;
                try (FSDirectory d = FSDirectory.open(path); IndexWriter other = new IndexWriter(d, new IndexWriterConfig())) {
                    Document doc = new Document();
                    doc.add(new StringField("k", "v", Field.Store.NO));
                    other.addDocument(doc);
                    other.flush(); // segment files on disk, no commit yet: a first build in progress
                    sync = CompletableFuture.supplyAsync(reader::sync);
                    Thread.sleep(1500);
                    assertFalse(sync.isDone(), "the reader waits for the writer's lock");
                    other.commit(); // the other writer's files are all still there
                }
                LexicalIndex.SyncReport r = sync.get();
                assertTrue(r.rebuilt(), "a commit of another format is rebuilt once the writer is gone");
                try (LexicalIndex.Lease lease = reader.acquire()) {
                    assertTrue(new IndexSearcher(lease.reader()).count(new MatchAllDocsQuery()) >= 20);
                }
            }
        }
    }
}
