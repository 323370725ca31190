package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** V5 widens the ledger's surfaces (http, mcp) by rebuilding both ledger tables: every recorded row survives. */
class LedgerSurfacesMigrationTest {
    @TempDir
    Path dir;

    private static String script(String name) throws Exception {
        try (InputStream in = Database.class.getResourceAsStream("migrations/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theLedgerKeepsItsRowsAndTakesHttpAndMcpAfterwards() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(Database.FILE_NAME));
                Statement st = c.createStatement()) {
            st.execute("PRAGMA foreign_keys = ON");
            for (String v : List.of("V1.sql", "V2.sql", "V3.sql", "V4.sql")) {
                for (String s : SqlScript.split(script(v))) {
                    st.execute(s);
                }
            }
            st.execute("PRAGMA user_version = 4");
            st.execute("INSERT INTO recall_query_events (id, created_at, surface, query_text, mode, result_count,"
                    + " corpus_revision, query_state_revision) VALUES (7, '2026-11-30T10:00:00Z', 'query', 'q', 'lexical',"
                    + " 2, 1, 1)");
            st.execute("INSERT INTO recall_query_exposures (event_id, rank, entry_id, score) VALUES (7, 1, 'e1', 1.5),"
                    + " (7, 2, 'e2', 1.0)");
            assertThrows(java.sql.SQLException.class, () -> st.execute("INSERT INTO recall_query_events (created_at,"
                    + " surface, query_text, mode, result_count, corpus_revision, query_state_revision) VALUES"
                    + " ('2026-11-30T10:00:00Z', 'http', 'q', 'lexical', 0, 1, 1)"), "before V5 http is refused");
        }
        try (Database db = Database.open(dir)) {
            assertEquals(Database.MIGRATIONS.size(), db.schemaVersion());
            assertEquals(1, Fixtures.count(db, "SELECT count(*) FROM recall_query_events WHERE id = 7"));
            assertEquals(2, Fixtures.count(db, "SELECT count(*) FROM recall_query_exposures WHERE event_id = 7"));
            for (String surface : List.of("http", "mcp")) {
                new QueryLedger(db).record(new QueryLedger.Event(surface, "q", "lexical", "{}", 1, null, 1.0, null, 1,
                        1), List.of(new QueryLedger.Exposure(1, "e1", 1.0, false)));
            }
            assertEquals(1, Fixtures.count(db, "SELECT count(*) FROM recall_query_events WHERE surface = 'mcp'"));
            // still append-only, and exposures still belong to their event
            assertThrows(StoreException.class, () -> db.inTransaction(c -> c.createStatement()
                    .executeUpdate("UPDATE recall_query_events SET query_text = 'x' WHERE id = 7")));
            assertEquals(1, Fixtures.count(db, "SELECT count(*) FROM pragma_foreign_key_list('recall_query_exposures')"
                    + " WHERE \"table\" = 'recall_query_events'"));
        }
    }
}
