package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
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
            assertTrue(new EntryImport(db).run(f, new EntryImport.Options(false, false), true).ok());
            Fixtures.exec(db, "DELETE FROM sessions WHERE id = 's1'");
            assertEquals(0, Fixtures.count(db, "SELECT count(*) FROM recall_entries"));
            assertEquals(0, Fixtures.count(db, "SELECT count(*) FROM recall_evidence"));
            assertEquals(0, Fixtures.count(db, "SELECT count(*) FROM messages"));
        }
    }
}
