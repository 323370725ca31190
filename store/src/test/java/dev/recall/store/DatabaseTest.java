package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseTest {
    @TempDir
    Path dir;

    @Test
    void migratesToTheLatestVersionOnceAndUsesWal() {
        try (Database db = Database.open(dir)) {
            assertEquals(Database.MIGRATIONS.size(), db.schemaVersion());
            assertEquals("wal", db.read(c -> {
                try (var st = c.createStatement(); var rs = st.executeQuery("PRAGMA journal_mode")) {
                    rs.next();
                    return rs.getString(1);
                }
            }));
            assertEquals(1, Fixtures.count(db, "SELECT count(*) FROM pragma_foreign_keys WHERE foreign_keys = 1"));
        }
        try (Database again = Database.open(dir)) {
            assertEquals(Database.MIGRATIONS.size(), again.schemaVersion());
            assertEquals(0, new Counters(again).corpusRevision());
        }
    }

    /**
     * Turning WAL on writes a new file's header under a lock that SQLite takes without calling the busy handler:
     * while another connection held the new file, the open failed at once with "locked by another writer" instead of
     * waiting (the daemon's writer and its store check open a new store together; HandoffTest failed so under load).
     * The other connection here holds the write lock of the empty file until the opener is seen waiting for it.
     */
    @Test
    void anOpenWaitsForAnotherConnectionHoldingTheNewFile() throws Exception {
        Files.createFile(dir.resolve(Database.FILE_NAME));
        try (var holder = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(Database.FILE_NAME));
                var st = holder.createStatement()) {
            st.execute("BEGIN IMMEDIATE");
            var failure = new java.util.concurrent.atomic.AtomicReference<Throwable>();
            var opened = new java.util.concurrent.atomic.AtomicInteger(-1);
            Thread opener = Thread.ofPlatform().start(() -> {
                try (Database db = Database.open(dir)) {
                    opened.set(db.schemaVersion());
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            // It cannot open while the lock is held: it either waits (sleeps between tries) or has given up.
            while (opener.getState() != Thread.State.TIMED_WAITING && opener.getState() != Thread.State.TERMINATED) {
                Thread.sleep(1);
            }
            assertNull(failure.get(), () -> "gave up instead of waiting: " + failure.get());
            st.execute("ROLLBACK");
            opener.join();
            assertNull(failure.get(), () -> "failed after the other connection let go: " + failure.get());
            assertEquals(Database.MIGRATIONS.size(), opened.get());
        }
        try (Database db = Database.open(dir)) {
            assertEquals("wal", db.read(c -> {
                try (var st = c.createStatement(); var rs = st.executeQuery("PRAGMA journal_mode")) {
                    rs.next();
                    return rs.getString(1);
                }
            }));
        }
    }

    /** The race itself: connections opening one new store at the same moment, again and again, all open it. */
    @Test
    void connectionsOpeningOneNewStoreAtOnceAllOpenIt() throws Exception {
        int connections = 3;
        var pool = java.util.concurrent.Executors.newFixedThreadPool(connections);
        try {
            for (int round = 0; round < 80; round++) {
                Path data = dir.resolve("race-" + round);
                var start = new java.util.concurrent.CyclicBarrier(connections);
                List<java.util.concurrent.Future<Integer>> opens = new java.util.ArrayList<>();
                for (int i = 0; i < connections; i++) {
                    opens.add(pool.submit(() -> {
                        start.await();
                        try (Database db = Database.open(data)) {
                            return db.schemaVersion();
                        }
                    }));
                }
                for (var open : opens) {
                    assertEquals(Database.MIGRATIONS.size(), open.get(), "round " + round);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** issue 12 item 7: the data dir was created 0755 and recall.db 0644. */
    @Test
    void aNewStoreIsTheOwnersAlone() throws Exception {
        Path data = dir.resolve("fresh/data");
        try (Database db = Database.open(data)) {
            new StoreIdentity(db).id();
            db.inTransaction(c -> {
                try (var st = c.createStatement()) {
                    st.execute("INSERT INTO sessions (id, agent, created_at, updated_at) VALUES ('s', 'a', 'x', 'x')");
                }
                return null;
            });
            assertEquals("rwx------", mode(data));
            for (String f : java.util.List.of("recall.db", "recall.db-wal", "recall.db-shm")) {
                assertEquals("rw-------", mode(data.resolve(f)), f);
            }
        }
    }

    private static String mode(Path p) throws java.io.IOException {
        return java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    @Test
    void refusesADatabaseFromANewerRecall() throws Exception {
        Database.open(dir).close();
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(Database.FILE_NAME));
                var st = c.createStatement()) {
            st.execute("PRAGMA user_version = 99");
        }
        StoreException e = assertThrows(StoreException.class, () -> Database.open(dir));
        assertTrue(e.getMessage().contains("newer than this recall understands"), e.getMessage());
    }

    @Test
    void aCorruptFileIsReportedAndLeftUntouched() throws Exception {
        Path file = dir.resolve(Database.FILE_NAME);
        byte[] garbage = "this is not a sqlite database, just some text that happens to be long enough".repeat(100)
                .getBytes();
        Files.write(file, garbage);
        StoreException e = assertThrows(StoreException.class, () -> Database.open(dir));
        assertTrue(e.getMessage().contains("corrupt"), e.getMessage());
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertArrayEquals(garbage, Files.readAllBytes(file));
    }

    @Test
    void aDataDirThatCannotBeCreatedIsAClearError() throws Exception {
        Path blocker = dir.resolve("plain-file");
        Files.writeString(blocker, "x");
        StoreException e = assertThrows(StoreException.class, () -> Database.open(blocker.resolve("data")));
        assertTrue(e.getMessage().startsWith("cannot create data dir " + blocker.resolve("data")), e.getMessage());
    }

    @Test
    void aSecondWriterWaitsForTheBusyTimeoutThenFailsClearly() throws Exception {
        try (Database first = Database.open(dir);
                Database second = Database.open(dir, Duration.ofMillis(300))) {
            var c = first.connection();
            c.setAutoCommit(false); // IMMEDIATE: takes the write lock now
            try (var st = c.createStatement()) {
                st.execute("UPDATE recall_query_state SET revision = revision WHERE id = 1");
            }
            long start = System.nanoTime();
            StoreException e = assertThrows(StoreException.class,
                    () -> Fixtures.exec(second, "UPDATE recall_corpus_state SET revision = 5 WHERE id = 1"));
            long waitedMs = (System.nanoTime() - start) / 1_000_000;
            assertTrue(e.getMessage().contains("locked by another writer"), e.getMessage());
            assertTrue(waitedMs >= 250, "should wait for the busy timeout, waited " + waitedMs + " ms");
            c.rollback();
            c.setAutoCommit(true);
            assertEquals(0, new Counters(second).corpusRevision());
        }
    }

    /** issue 12 item 10: a writer queues behind one that keeps making progress, however long it takes in all. */
    @Test
    void aWriterQueuesWhileTheOtherKeepsWritingAndIsToldItIsWaiting() throws Exception {
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (Database first = Database.open(dir);
                Database second = Database.open(dir, Duration.ofMillis(1500), notices::add)) {
            var c = first.connection();
            try (var st = c.createStatement()) {
                st.execute("PRAGMA cache_size = 10"); // so its transaction spills to the WAL as it goes
            }
            c.setAutoCommit(false);
            Thread.startVirtualThread(() -> {
                // 7 s of work in one transaction, in steps the WAL shows: well past the 1.5 s patience
                try (var st = c.createStatement()) {
                    for (int i = 0; i < 14; i++) {
                        st.execute("INSERT INTO sessions (id, agent, created_at, updated_at) VALUES ('w" + i
                                + "', 'a', 'x', '" + "x".repeat(200_000) + "')");
                        Thread.sleep(500);
                    }
                    c.commit();
                    c.setAutoCommit(true); // the driver began the next transaction at commit: end it
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(200);
            long start = System.nanoTime();
            Fixtures.exec(second, "UPDATE recall_corpus_state SET revision = 5 WHERE id = 1");
            long waited = (System.nanoTime() - start) / 1_000_000;
            assertTrue(waited > 3000, "waited only " + waited + " ms: it should have queued behind the first writer");
            assertEquals(5, new Counters(second).corpusRevision());
            assertEquals(14, Fixtures.count(second, "SELECT count(*) FROM sessions WHERE id LIKE 'w%'"));
            assertTrue(notices.stream().anyMatch(n -> n.contains("waiting for another recall process")), notices.toString());
        }
    }

    /** issue 12 item 3: reads of a damaged file may still work, but nothing is written into it. */
    @Test
    void writesIntoADamagedDatabaseAreRefused() throws Exception {
        try (Database db = Database.open(dir)) {
            db.inTransaction(c -> {
                try (var st = c.createStatement()) {
                    for (int i = 0; i < 400; i++) {
                        st.execute("INSERT INTO sessions (id, agent, created_at, updated_at) VALUES ('s" + i
                                + "', 'a', 'x', '" + "y".repeat(500) + "')");
                    }
                }
                return null;
            });
        }
        Path file = dir.resolve(Database.FILE_NAME);
        byte[] bytes = Files.readAllBytes(file);
        int pageSize = 4096;
        int pages = bytes.length / pageSize;
        for (int i = (pages - 3) * pageSize + 8; i < (pages - 2) * pageSize; i++) {
            bytes[i] = (byte) 0x5A;
        }
        Files.write(file, bytes);
        try (Database damaged = Database.open(dir)) {
            StoreException e = assertThrows(StoreException.class, () -> Fixtures.exec(damaged,
                    "INSERT INTO sessions (id, agent, created_at, updated_at) VALUES ('new', 'a', 'x', 'x')"));
            assertTrue(e.getMessage().contains("is damaged") && e.getMessage().contains("nothing was written")
                    && e.getMessage().contains("recall doctor"), e.getMessage());
            assertFalse(damaged.check("integrity_check").equals(List.of("ok")));
        }
        assertArrayEquals(bytes, Files.readAllBytes(file), "the damaged file was not written to");
    }

    @Test
    void checkConstraintsRejectUnknownEnumValues() throws Exception {
        try (Database db = Fixtures.withSession(dir)) {
            String insert = "INSERT INTO recall_entries (id, type, scope, title, body, source_session_id, created_at,"
                    + " updated_at) VALUES ('x', '%s', '%s', 't', 'b', 's1', 'now', 'now')";
            assertThrows(StoreException.class, () -> Fixtures.exec(db, insert.formatted("rumour", "project")));
            assertThrows(StoreException.class, () -> Fixtures.exec(db, insert.formatted("fact", "galaxy")));
            Fixtures.exec(db, insert.formatted("fact", "project"));
            assertThrows(StoreException.class,
                    () -> Fixtures.exec(db, "UPDATE recall_entries SET status = 'deleted' WHERE id = 'x'"));
            assertThrows(StoreException.class,
                    () -> Fixtures.exec(db, "UPDATE recall_entries SET review_state = 'trusted' WHERE id = 'x'"));
            assertThrows(StoreException.class,
                    () -> Fixtures.exec(db, "UPDATE recall_entries SET confidence = 1.5 WHERE id = 'x'"));
        }
    }

    @Test
    void deletingASessionCascadesToItsEntriesAndEvidence() throws Exception {
        try (Database db = Fixtures.withSession(dir)) {
            Path f = Fixtures.write(dir, "e.jsonl", java.util.List.of(Fixtures.entry("e1",
                    "\"evidence\":[{\"start_ordinal\":0,\"end_ordinal\":1,\"snippet\":\"run the tests\"}]")));
            assertTrue(new EntryImport(db, Fixtures.NO_SECRETS).run(f, new EntryImport.Options(false, false), true).ok());
            Fixtures.exec(db, "DELETE FROM sessions WHERE id = 's1'");
            assertEquals(0, Fixtures.count(db, "SELECT count(*) FROM recall_entries"));
            assertEquals(0, Fixtures.count(db, "SELECT count(*) FROM recall_evidence"));
            assertEquals(0, Fixtures.count(db, "SELECT count(*) FROM messages"));
        }
    }
}
