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

    /**
     * A process remembers the revision of the last commit it read (reading the segments file per query cost a tenth
     * of the daemon's lexical query). Another process's commits, even a rebuild from nothing that reuses the
     * generation number, must still be seen.
     */
    @Test
    void anotherProcessesCommitsAreSeenEvenARebuildThatReusesTheGeneration() throws Exception {
        try (Database db = Database.open(dir.resolve("data"))) {
            importSessions(db, "a", 5);
            Path path = dir.resolve("passages");
            Files.createDirectories(path);
            try (LexicalIndex daemon = LexicalIndex.open(path, new PassageSource(db), m -> {})) {
                LexicalIndex.SyncReport first = daemon.sync();
                assertEquals(first.toRevision(), daemon.sync().fromRevision(), "nothing changed: the same revision");
                assertEquals(0, daemon.sync().updated());
                int before = searchable(daemon);
                assertEquals(before, searchable(daemon), "no commit since: the same reader, not refreshed");

                importSessions(db, "b", 5);
                long stored = new PassageSource(db).revision();
                assertTrue(stored > first.toRevision());
                // another process deletes the index and builds it again from nothing: generation 1 again
                for (Path f : Files.list(path).toList()) {
                    Files.delete(f);
                }
                try (LexicalIndex other = LexicalIndex.open(path, new PassageSource(db), m -> {})) {
                    assertTrue(other.sync().rebuilt());
                }
                LexicalIndex.SyncReport seen = daemon.sync();
                assertEquals(stored, seen.fromRevision(), "the rebuilt commit's revision, not the remembered one");
                assertEquals(0, seen.updated(), "nothing left to apply");
                int rebuilt = searchable(daemon);
                assertTrue(rebuilt > before, "the readers follow the other process's rebuild: " + rebuilt);
                importSessions(db, "c", 1);
                LexicalIndex.SyncReport next = daemon.sync();
                assertEquals(stored, next.fromRevision());
                assertTrue(next.updated() > 0, "and its own next sync applies only what changed since");
                assertTrue(searchable(daemon) > rebuilt, "and the readers follow its own commit");
                assertEquals(next.toRevision(), daemon.sync().fromRevision(), "then remembers its own commit");
            }
        }
    }

    /** Documents the index's shared reader serves now. */
    private static int searchable(LexicalIndex index) {
        try (LexicalIndex.Lease lease = index.acquire()) {
            return lease.reader().numDocs();
        }
    }

    private void importSessions(Database db, String prefix, int n) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            lines.add(PassageIndexTest.session(prefix + i, "the rotor " + prefix + i + " spins"));
        }
        Path f = dir.resolve(prefix + ".jsonl");
        Files.write(f, lines);
        new SessionArchiveImport(db, t -> new dev.recall.store.Redactor.Redaction(t, List.of())).run(f);
    }
}
