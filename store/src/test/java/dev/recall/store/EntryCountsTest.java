package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * V28: the statistics of every entry, kept by triggers beside the writes, are what a scan of the store counts, after
 * every kind of write (imports, updates of each counted attribute, supersession set and cleared, evidence added and
 * removed, entries and whole sessions deleted), on a new store and on one migrated from V26 with entries in it.
 */
class EntryCountsTest {
    @TempDir
    Path dir;

    private static String session(String id, String project) {
        return Fixtures.SESSION.replace("\"id\":\"s1\"", "\"id\":\"" + id + "\"")
                .replace("\"project\":\"demo\"", "\"project\":\"" + project + "\"");
    }

    private static List<String> entries(String prefix, int n, String session) {
        String[] types = {"procedure", "fact", "warning", "decision"};
        String[] projects = {"demo", "", "ledgerd", "Ünïcode"};
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String extra = "\"type\":\"" + types[i % types.length] + "\",\"source_session_id\":\"" + session + "\"";
            if (!projects[i % projects.length].isEmpty()) {
                extra += ",\"project\":\"" + projects[i % projects.length] + "\"";
            }
            if (i % 3 == 0) {
                extra += ",\"evidence\":[{\"start_ordinal\":0,\"end_ordinal\":1,\"snippet\":\"run the tests\"},"
                        + "{\"start_ordinal\":2,\"end_ordinal\":2,\"snippet\":\"BUILD SUCCESSFUL\"}]";
            }
            if (i % 5 == 1) {
                extra += ",\"git_branch\":\"feature-" + (i % 2) + "\",\"agent\":\"codex\"";
            }
            lines.add(Fixtures.entry(prefix + i, extra));
        }
        return lines;
    }

    private void importEntries(Database db, String name, List<String> lines) throws Exception {
        var r = new EntryImport(db, Fixtures.NO_SECRETS).run(Fixtures.write(dir, name, lines),
                new EntryImport.Options(false, false), true);
        assertTrue(r.ok(), r.rejected().toString());
    }

    private void importSessions(Database db, String... sessions) throws Exception {
        new SessionArchiveImport(db, Fixtures.NO_SECRETS).run(Fixtures.write(dir, "sessions-" + sessions.length
                + "-" + System.nanoTime() + ".jsonl", List.of(sessions)));
    }

    /** The kept counts answer (the store says they are complete) and equal the scan, in the same order. */
    private static void assertKeptIsTheScan(Database db, String after) {
        assertEquals(1, Fixtures.count(db, "SELECT complete FROM recall_entry_counts_state"), after);
        EntryStats kept = EntryStats.of(db);
        EntryStats scan = db.read(c -> EntryStats.tally(c, "1 = 1", List.of()).stats());
        assertEquals(scan, kept, after);
        assertEquals(scan.toString(), kept.toString(), after + ": the same order");
        assertEquals(0, Fixtures.count(db, "SELECT count(*) FROM recall_entry_counts WHERE n < 0"), after);
    }

    /** Writes of every kind the counts must follow; the store holds sessions s1 and s2 and entries of both. */
    private void writeEverything(Database db, String prefix) throws Exception {
        importEntries(db, prefix + "a.jsonl", entries(prefix, 24, "s1"));
        assertKeptIsTheScan(db, "import");
        importEntries(db, prefix + "b.jsonl", entries(prefix + "b", 6, "s2"));
        assertKeptIsTheScan(db, "second session's import");
        Fixtures.exec(db, "UPDATE recall_entries SET review_state = 'human_reviewed' WHERE id LIKE '" + prefix
                + "%1'");
        Fixtures.exec(db, "UPDATE recall_entries SET status = 'archived' WHERE id IN ('" + prefix + "2', '" + prefix
                + "3')");
        assertKeptIsTheScan(db, "status change");
        Fixtures.exec(db, "UPDATE recall_entries SET review_state = 'human_reviewed', project = 'zeta', cwd = '/w',"
                + " extractor_method = 'local-v8', source_run_id = 'r1', source_episode_id = 'ep' WHERE id = '"
                + prefix + "4'");
        Fixtures.exec(db, "UPDATE recall_entries SET transferable = 0 WHERE id = '" + prefix + "5'");
        Fixtures.exec(db, "UPDATE recall_entries SET provenance_ok = 0, provenance_reason = 'secret' WHERE id = '"
                + prefix + "6'");
        Fixtures.exec(db, "UPDATE recall_entries SET review_state = '' WHERE id = '" + prefix + "7'");
        Fixtures.exec(db, "UPDATE recall_entries SET body = 'a new body', updated_at = 'x' WHERE id = '" + prefix
                + "8'"); // no counted column
        assertKeptIsTheScan(db, "attribute updates");
        Fixtures.exec(db, "UPDATE recall_entries SET superseded_by_entry_id = '" + prefix + "10' WHERE id = '"
                + prefix + "9'");
        Fixtures.exec(db, "UPDATE recall_entries SET supersedes_entry_id = '" + prefix + "9' WHERE id = '" + prefix
                + "10'");
        assertKeptIsTheScan(db, "supersession");
        Fixtures.exec(db, "DELETE FROM recall_entries WHERE id = '" + prefix + "10'"); // ON DELETE SET NULL on 9
        assertKeptIsTheScan(db, "deleting a replacement clears its link");
        Fixtures.exec(db, "DELETE FROM recall_evidence WHERE entry_id = '" + prefix + "0' AND start_ordinal = 0");
        assertKeptIsTheScan(db, "one of two anchors removed");
        Fixtures.exec(db, "DELETE FROM recall_evidence WHERE entry_id IN ('" + prefix + "0', '" + prefix + "3')");
        assertKeptIsTheScan(db, "last anchors removed");
        Fixtures.exec(db, "INSERT INTO recall_evidence (entry_id, session_id, start_ordinal, end_ordinal) VALUES ('"
                + prefix + "1', 's1', 0, 0), ('" + prefix + "1', 's1', 1, 1)");
        assertKeptIsTheScan(db, "anchors added");
        Fixtures.exec(db, "DELETE FROM recall_entries WHERE id = '" + prefix + "6'"); // with its evidence
        assertKeptIsTheScan(db, "entry with evidence deleted");
        importEntries(db, prefix + "c.jsonl", List.of(Fixtures.entry(prefix + "11", "\"type\":\"preference\","
                + "\"scope\":\"global\",\"project\":\"moved\"")));
        assertKeptIsTheScan(db, "an entry imported again with new values");
        Fixtures.exec(db, "DELETE FROM sessions WHERE id = 's2'"); // cascades to its entries and their evidence
        assertKeptIsTheScan(db, "a session deleted");
    }

    @Test
    void aNewStoreKeepsItsCountsThroughEveryWrite() throws Exception {
        try (Database db = Database.open(dir.resolve("data"))) {
            assertKeptIsTheScan(db, "empty");
            assertEquals(0, EntryStats.of(db).total());
            importSessions(db, session("s1", "demo"), session("s2", "other"));
            writeEverything(db, "n");
            assertEquals(EntryStats.of(db).total(), Fixtures.count(db, "SELECT count(*) FROM recall_entries"));
            assertFalse(EntryCounts.complete(db), "complete already: nothing to scan");
        }
    }

    @Test
    void aStoreMigratedWithEntriesCountsFromItsFirstFullCount() throws Exception {
        Path data = dir.resolve("old");
        List<String> rows = new ArrayList<>();
        rows.add("INSERT INTO sessions (id, agent, project, created_at, updated_at) VALUES ('o1', 'claude-code', 'demo',"
                + " 'now', 'now'), ('o2', 'codex', 'other', 'now', 'now')");
        for (int i = 0; i < 30; i++) {
            rows.add("INSERT INTO recall_entries (id, type, scope, status, review_state, title, body, project, agent,"
                    + " source_session_id, transferable, created_at, updated_at) VALUES ('old" + i + "', '"
                    + (i % 2 == 0 ? "fact" : "warning") + "', 'project', '" + (i % 7 == 0 ? "archived" : "accepted")
                    + "', '" + (i % 3 == 0 ? "human_reviewed" : "unreviewed_auto") + "', 't', 'b', "
                    + (i % 4 == 0 ? "NULL" : "'p" + (i % 3) + "'") + ", 'codex', '" + (i % 5 == 0 ? "o2" : "o1")
                    + "', " + (i % 6 == 0 ? 0 : 1) + ", 'now', 'now')");
            if (i % 4 == 1) {
                rows.add("INSERT INTO recall_evidence (entry_id, session_id, start_ordinal, end_ordinal) VALUES ('old"
                        + i + "', '" + (i % 5 == 0 ? "o2" : "o1") + "', 0, 1)");
            }
        }
        rows.add("UPDATE recall_entries SET superseded_by_entry_id = 'old2' WHERE id = 'old1'");
        StoreSql.oldStore(data, "V28.sql", rows.toArray(String[]::new));

        try (Database db = Database.open(data)) {
            assertEquals(Database.MIGRATIONS.size(), db.schemaVersion());
            assertEquals(0, Fixtures.count(db, "SELECT complete FROM recall_entry_counts_state"),
                    "the migration counted no entry");
            // changes after the migration, before the first full count: the triggers count them from zero
            Fixtures.exec(db, "DELETE FROM recall_entries WHERE id IN ('old2', 'old5')"); // old5: o2's only p2 entry
            Fixtures.exec(db, "UPDATE recall_entries SET status = 'archived', project = 'fresh' WHERE id = 'old4'");
            Fixtures.exec(db, "DELETE FROM recall_evidence WHERE entry_id = 'old9'");
            Fixtures.exec(db, "INSERT INTO recall_entries (id, type, scope, title, body, source_session_id, created_at,"
                    + " updated_at) VALUES ('new1', 'decision', 'global', 't', 'b', 'o2', 'now', 'now')");
            EntryStats scan = db.read(c -> EntryStats.tally(c, "1 = 1", List.of()).stats());
            assertEquals(scan.toString(), EntryStats.of(db).toString(), "the first count scans and answers the same");
            assertEquals(29, scan.total()); // 30 - 2 deleted + 1 new
            assertKeptIsTheScan(db, "after the baseline");
            importSessions(db, session("s1", "demo"), session("s2", "other"));
            writeEverything(db, "m");
        }
    }

    @Test
    void completingCountsTheBaselineOnceAndTheMigrationLeavesANewStoreComplete() throws Exception {
        Path data = dir.resolve("old");
        StoreSql.oldStore(data, "V28.sql", "INSERT INTO sessions (id, agent, created_at, updated_at) VALUES ('s1',"
                + " 'codex', 'now', 'now')", "INSERT INTO recall_entries (id, type, scope, title, body,"
                + " source_session_id, created_at, updated_at) VALUES ('e1', 'fact', 'tool', 't', 'b', 's1', 'now',"
                + " 'now')");
        try (Database db = Database.open(data)) {
            assertTrue(EntryCounts.complete(db), "a scan adds the baseline");
            assertFalse(EntryCounts.complete(db), "once");
            assertKeptIsTheScan(db, "completed");
            assertEquals(1, EntryStats.of(db).total());
        }
        Path empty = dir.resolve("empty-old");
        StoreSql.oldStore(empty, "V28.sql");
        try (Database db = Database.open(empty)) {
            assertEquals(1, Fixtures.count(db, "SELECT complete FROM recall_entry_counts_state"),
                    "no entries at the migration: complete at once");
        }
    }
}
