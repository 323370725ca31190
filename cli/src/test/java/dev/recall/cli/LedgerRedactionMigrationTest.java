package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.Database;
import dev.recall.store.StoreSql;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12: query text is redacted before the ledger keeps it, but a store from before that fix holds secrets pasted
 * into queries verbatim. The first recall to open it (migration V13 and the redaction pass it owes) redacts them
 * through the same scanner, once, leaves every other row and the ledger's append-only trigger as they were, and
 * rebuilds the file so no free page keeps the old text.
 */
class LedgerRedactionMigrationTest {
    static final String TOKEN = "ghp_" + "Q2xvY2tUZXN0SXNGbGFreVJlYWxseQ1234".repeat(1) + "ab";
    static final String PASSWORD = "hunter2-Correct-Horse-77";

    @TempDir
    Path tmp;

    @Test
    void secretsInQueriesFromBeforeTheFixAreRedactedOnceOnFirstOpen() throws Exception {
        Path data = tmp.resolve("old");
        StoreSql.oldStore(data, "V13.sql",
                event(1, "why does push fail with " + TOKEN),
                event(2, "postgres password=" + PASSWORD + " rejected"),
                event(3, "integration tests postgres"),
                "INSERT INTO recall_query_exposures (event_id, rank, entry_id, score) VALUES (3, 1, 'e1', 2.5)");
        Path db = data.resolve(Database.FILE_NAME);
        assertTrue(contains(db, TOKEN), "the planted secret is in the old file");

        CliRun ledger = CliRun.run(data, "ledger", "stats", "--json");
        assertEquals(0, ledger.code(), ledger.toString());
        assertTrue(ledger.err().contains("redacted secrets in 2 of 3 query texts"), ledger.err());

        List<Map<String, Object>> rows = StoreSql.rowsOfFile(db, "SELECT id, query_text FROM recall_query_events"
                + " ORDER BY id");
        assertEquals(3, rows.size());
        assertEquals("why does push fail with [REDACTED:github_token]", rows.get(0).get("query_text"));
        String second = (String) rows.get(1).get("query_text");
        assertFalse(second.contains(PASSWORD), second);
        assertTrue(second.startsWith("postgres password=[REDACTED:"), second);
        assertEquals("integration tests postgres", rows.get(2).get("query_text"));
        assertEquals(1L, ((Number) StoreSql.rowsOfFile(db, "SELECT count(*) AS n FROM recall_query_exposures")
                .getFirst().get("n")).longValue());
        Map<String, Object> pass = StoreSql.rowsOfFile(db, "SELECT rows_scanned, rows_redacted, finished_at FROM"
                + " recall_ledger_redactions").getFirst();
        assertEquals(3, ((Number) pass.get("rows_scanned")).intValue());
        assertEquals(2, ((Number) pass.get("rows_redacted")).intValue());
        assertNotNull(pass.get("finished_at"));
        // nothing of the old text anywhere in the file or its WAL
        for (String f : List.of(Database.FILE_NAME, Database.FILE_NAME + "-wal")) {
            Path file = data.resolve(f);
            assertFalse(Files.exists(file) && (contains(file, TOKEN) || contains(file, PASSWORD)), f);
        }
        // still append-only
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> StoreSql.onFile(db,
                List.of("UPDATE recall_query_events SET query_text = 'x' WHERE id = 3")));
        assertTrue(refused.getMessage().contains("append-only"), refused.getMessage());

        // once: the next open finds nothing owed and says nothing
        CliRun again = CliRun.run(data, "ledger", "stats", "--json");
        assertEquals(0, again.code(), again.toString());
        assertFalse(again.err().contains("redacted"), again.err());
        assertEquals(1L, ((Number) StoreSql.rowsOfFile(db, "SELECT count(*) AS n FROM recall_ledger_redactions")
                .getFirst().get("n")).longValue());
    }

    @Test
    void aNewStoreOwesNothingAndNewQueriesAreRedactedOnTheWayIn() throws Exception {
        Path data = tmp.resolve("new");
        assertEquals(0, CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes",
                "--reviewed", "--allow-placeholder-sessions").code());
        CliRun q = CliRun.run(data, "query", "deploy token " + TOKEN);
        assertEquals(0, q.code(), q.toString());
        Path db = data.resolve(Database.FILE_NAME);
        assertEquals("deploy token [REDACTED:github_token]", StoreSql.rowsOfFile(db,
                "SELECT query_text FROM recall_query_events").getFirst().get("query_text"));
        assertEquals(0, ((Number) StoreSql.rowsOfFile(db, "SELECT rows_redacted FROM recall_ledger_redactions")
                .getFirst().get("rows_redacted")).intValue());
    }

    private static String event(int id, String text) {
        return "INSERT INTO recall_query_events (id, created_at, surface, query_text, mode, result_count,"
                + " corpus_revision, query_state_revision) VALUES (" + id + ", '2026-11-30T10:00:00Z', 'query', '"
                + text.replace("'", "''") + "', 'lexical', 1, 1, 1)";
    }

    private static boolean contains(Path file, String text) throws Exception {
        return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(text);
    }
}
