package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** issue 12 item 3: an entry's text carries a digest, so text changed outside recall is found. */
class EntryDigestsTest {
    @TempDir
    Path dir;

    private Database importTwo() throws Exception {
        Database db = Fixtures.withSession(dir);
        var r = new EntryImport(db, Fixtures.NO_SECRETS).run(Fixtures.write(dir, "e.jsonl",
                List.of(Fixtures.entry("a", ""), Fixtures.entry("b", "\"trigger\":\"when testing\""))),
                new EntryImport.Options(false, false), true);
        assertTrue(r.ok(), r.rejected().toString());
        return db;
    }

    private static void sql(Database db, String statement) throws Exception {
        try (Statement st = db.connection().createStatement()) {
            st.execute(statement);
        }
    }

    @Test
    void textChangedOutsideRecallIsFoundUntilStampedAgain() throws Exception {
        try (Database db = importTwo()) {
            EntryDigests digests = new EntryDigests(db);
            assertEquals(List.of(), digests.verify(), "every write of recall stamps the digest");
            assertEquals(2, digests.count());

            sql(db, "UPDATE recall_entries SET body = 'Body of b, edited by hand' WHERE id = 'b'");
            sql(db, "UPDATE recall_entries SET text_digest = NULL WHERE id = 'a'");
            assertEquals(List.of(new EntryDigests.Mismatch("a", true), new EntryDigests.Mismatch("b", false)),
                    digests.verify());

            long corpus = new Counters(db).corpusRevision();
            assertEquals(2, digests.stamp());
            assertTrue(new Counters(db).corpusRevision() > corpus, "vectors of the old text become stale");
            assertEquals(List.of(), digests.verify());
            assertEquals(0, digests.stamp(), "stamping is idempotent");
        }
    }

    /**
     * A store made before V9 gets its entries stamped by the migration, in the same transaction. The old store is
     * built from the migrations before V9 alone (later ones cannot be rolled back by hand), its rows written in SQL.
     */
    @Test
    void theMigrationStampsEntriesWrittenBeforeIt() throws Exception {
        Path data = dir.resolve("old");
        List<String> rows = new java.util.ArrayList<>(List.of("INSERT INTO sessions (id, agent, created_at, updated_at)"
                + " VALUES ('s1', 'claude-code', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')"));
        for (String id : List.of("a", "b")) {
            rows.add("INSERT INTO recall_entries (id, type, scope, title, body, source_session_id, created_at,"
                    + " updated_at) VALUES ('" + id + "', 'fact', 'project', 'Title " + id + "', 'Body of " + id
                    + "', 's1', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')");
        }
        StoreSql.oldStore(data, "V9.sql", rows.toArray(String[]::new));
        try (Database db = Database.open(data)) {
            assertEquals(Database.MIGRATIONS.size(), db.schemaVersion());
            assertEquals(List.of(), new EntryDigests(db).verify());
            assertEquals(2, new EntryDigests(db).count());
        }
    }
}
