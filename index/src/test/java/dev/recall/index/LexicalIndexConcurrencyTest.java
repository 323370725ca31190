package dev.recall.index;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.Database;
import dev.recall.store.SessionArchiveImport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.time.Duration;
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
     * A rebuild of a large corpus can hold the write lock longer than a reader waits (at 1M entries the daemon's
     * first query after a format change waited 30 s and gave up). Giving up is not finding the index unreadable:
     * the other writer's files stay, and the caller is told the index is locked.
     */
    @Test
    void aBuildThatOutlastsTheWaitIsLeftAloneAndReportedAsLocked() throws Exception {
        try (Database db = Database.open(dir.resolve("data"))) {
            importSessions(db, "a", 5);
            Path path = dir.resolve("passages");
            Files.createDirectories(path);
            try (LexicalIndex reader = LexicalIndex.open(path, new PassageSource(db), m -> {}, Duration.ofMillis(500));
                    FSDirectory d = FSDirectory.open(path);
                    IndexWriter other = new IndexWriter(d, new IndexWriterConfig())) {
                other.addDocument(doc());
                other.flush();
                Set<String> building = files(path);
                IndexException e = assertThrows(IndexException.class, reader::sync);
                assertTrue(e.getMessage().contains("is locked by another recall process"), e.getMessage());
                assertEquals(dev.recall.store.RecallException.Remedy.RETRY_LATER, e.remedy(), "busy, not broken");
                assertTrue(files(path).containsAll(building), "the build's files survive: " + files(path));
                other.commit();
                assertEquals(1, other.getDocStats().numDocs, "and the other writer finishes its build");
            }
        }
    }

    /**
     * An index of an older format is rebuilt, but another process may be rebuilding it already: its new segments
     * sit next to the old commit until it commits, and must not be deleted as "unknown format".
     */
    @Test
    void anOldFormatIndexIsRebuiltOnceNotDeletedUnderAnotherRebuild() throws Exception {
        try (Database db = Database.open(dir.resolve("data"))) {
            importSessions(db, "a", 5);
            Path path = dir.resolve("passages");
            Files.createDirectories(path);
            try (FSDirectory d = FSDirectory.open(path); IndexWriter old = new IndexWriter(d, new IndexWriterConfig())) {
                old.addDocument(doc());
                old.commit(); // no format in its commit data: an index of another format
            }
            try (LexicalIndex first = LexicalIndex.open(path, new PassageSource(db), m -> {});
                    LexicalIndex second = LexicalIndex.open(path, new PassageSource(db), m -> {})) {
                CompletableFuture<LexicalIndex.SyncReport> a;
                CompletableFuture<LexicalIndex.SyncReport> b;
                try (FSDirectory d = FSDirectory.open(path);
                        IndexWriter other = new IndexWriter(d, new IndexWriterConfig()
                                .setOpenMode(IndexWriterConfig.OpenMode.CREATE))) {
                    other.addDocument(doc());
                    other.flush();
                    Set<String> building = files(path);
                    a = CompletableFuture.supplyAsync(first::sync);
                    b = CompletableFuture.supplyAsync(second::sync);
                    Thread.sleep(1500);
                    assertFalse(a.isDone() || b.isDone(), "both wait for the rebuild's lock");
                    assertTrue(files(path).containsAll(building), "its files survive: " + files(path));
                }
                LexicalIndex.SyncReport ra = a.get();
                LexicalIndex.SyncReport rb = b.get();
                assertEquals(1, (ra.rebuilt() ? 1 : 0) + (rb.rebuilt() ? 1 : 0),
                        "one rebuilds, the other finds it rebuilt once it gets the lock: " + ra + " " + rb);
                assertEquals(ra.toRevision(), rb.toRevision());
                assertEquals(5, searchable(first));
                assertEquals(5, searchable(second));
            }
        }
    }

    private static Document doc() {
        Document doc = new Document();
        doc.add(new StringField("k", "v", Field.Store.NO));
        return doc;
    }

    private static Set<String> files(Path path) throws java.io.IOException {
        try (var s = Files.list(path)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
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
