package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.store.Database;
import dev.recall.store.StoreSql;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** recall sessions list/show/trash and recall search through the command line, on the testdata archive. */
class SessionSearchCliTest {
    @TempDir
    Path tmp;

    Path data;

    @BeforeEach
    void setUp() {
        data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()).code());
        assertEquals(0, CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes").code());
    }

    @Test
    void listFiltersAndShowsTheFirstQuestion() {
        JsonNode all = CliRun.run(data, "sessions", "list", "--json").json();
        assertEquals(24, all.get("total").asInt());
        JsonNode ledgerd = CliRun.run(data, "sessions", "list", "--project", "ledgerd", "--agent", "codex", "--json").json();
        assertTrue(ledgerd.get("total").asInt() > 0);
        for (JsonNode s : ledgerd.get("sessions")) {
            assertEquals("ledgerd", s.get("project").asText());
            assertEquals("codex", s.get("agent").asText());
            assertTrue(s.get("messages").asInt() > 0);
            assertFalse(s.get("first_user_message").asText().isEmpty());
        }
        JsonNode september = CliRun.run(data, "sessions", "list", "--from", "2026-09-01", "--to", "2026-10-01", "--json").json();
        for (JsonNode s : september.get("sessions")) {
            assertTrue(s.get("started_at").asText().startsWith("2026-09"), s.toString());
        }
        CliRun bad = CliRun.run(data, "sessions", "list", "--from", "last tuesday");
        assertEquals(2, bad.code(), bad.toString());
        assertTrue(bad.err().contains("--from"), bad.err());
        CliRun empty = CliRun.run(data, "sessions", "list", "--from", "2026-10-01", "--to", "2026-09-01");
        assertEquals(2, empty.code(), empty.toString());
        assertTrue(empty.err().contains("--from must be before to"), empty.err());
        CliRun plain = CliRun.run(data, "sessions", "list", "--limit", "3");
        assertEquals(0, plain.code());
        assertTrue(plain.out().contains("more: --offset 3"), plain.out());
    }

    @Test
    void showPagesMessagesWithOrdinalsToolsAndCitations() {
        JsonNode j = CliRun.run(data, "sessions", "show", "sess-ledgerd-0001", "--from", "2", "--limit", "2", "--json").json();
        JsonNode messages = j.get("message_list");
        assertEquals(2, messages.size());
        assertEquals(2, messages.get(0).get("ordinal").asInt());
        assertEquals("Bash", messages.get(0).get("tool_name").asText());
        assertEquals("go test ./...", messages.get(0).get("tool_input").asText());
        assertEquals("ledgerd-fact-001", messages.get(0).get("cited_by").get(0).asText());
        assertEquals(4, j.get("next_from").asInt());
        CliRun plain = CliRun.run(data, "sessions", "show", "sess-ledgerd-0001", "--limit", "3");
        assertTrue(plain.out().contains("#2 tool Bash"), plain.out());
        assertTrue(plain.out().contains("$ go test ./..."), plain.out());
        assertTrue(plain.out().contains("more: recall sessions show sess-ledgerd-0001 --from 3"), plain.out());
        assertEquals(5, CliRun.run(data, "sessions", "show", "nope").code());
    }

    @Test
    void searchReturnsPassagesThatLinkToTheEntriesCitingThem() {
        JsonNode j = CliRun.run(data, "search", "integration tests cannot reach postgres", "--json", "--limit", "5").json();
        assertEquals("sessions", j.get("store").asText());
        JsonNode top = j.get("passages").get(0);
        assertTrue(top.get("session_id").asText().startsWith("sess-ledgerd"), top.toString());
        assertTrue(top.get("end_ordinal").asInt() >= top.get("start_ordinal").asInt());
        assertTrue(top.get("snippet").asText().contains("["), top.toString());
        assertEquals("recall sessions show " + top.get("session_id").asText() + " --from "
                + top.get("start_ordinal").asInt(), top.get("open").asText());
        assertTrue(top.get("score_breakdown").has("bm25.text"));
        // Some passage in the result is cited by an entry; that entry's evidence points back into the session.
        JsonNode cited = null;
        for (JsonNode p : j.get("passages")) {
            if (p.get("cited_by").size() > 0) {
                cited = p;
                break;
            }
        }
        assertNotNull(cited, j.toString());
        String entry = cited.get("cited_by").get(0).get("entry_id").asText();
        JsonNode evidence = CliRun.run(data, "get", entry, "--evidence", "--json").json().get("evidence");
        boolean pointsBack = false;
        for (JsonNode e : evidence) {
            pointsBack |= e.get("session_id").asText().equals(cited.get("session_id").asText())
                    && e.get("open").asText().startsWith("recall sessions show " + cited.get("session_id").asText());
        }
        assertTrue(pointsBack, evidence.toString());

        // `recall query --store sessions` is the same search.
        JsonNode alias = CliRun.run(data, "query", "--store", "sessions", "integration tests cannot reach postgres",
                "--json", "--limit", "5").json();
        assertEquals(j.get("passages"), alias.get("passages"));
        CliRun entryFilter = CliRun.run(data, "query", "--store", "sessions", "postgres", "--type", "fact");
        assertEquals(2, entryFilter.code(), entryFilter.toString());
    }

    @Test
    void hybridRefusesWithoutSessionVectorsAndTrashRemovesAndRevokes() {
        CliRun refused = CliRun.run(data, "search", "postgres", "--mode", "hybrid");
        assertEquals(4, refused.code(), refused.toString());
        assertTrue(refused.err().contains("recall embeddings build --store sessions"), refused.err());

        JsonNode before = CliRun.run(data, "search", "make db-up docker daemon", "--json", "--project", "ledgerd").json();
        String session = before.get("passages").get(0).get("session_id").asText();
        JsonNode trashed = CliRun.run(data, "sessions", "trash", session, "--json").json();
        assertTrue(trashed.get("changed").asBoolean());
        assertTrue(trashed.get("revoked_entries").size() > 0, trashed.toString());
        JsonNode entry = CliRun.run(data, "get", trashed.get("revoked_entries").get(0).asText(), "--json").json();
        assertFalse(entry.get("provenance_ok").asBoolean(), entry.toString());
        JsonNode after = CliRun.run(data, "search", "make db-up docker daemon", "--json", "--project", "ledgerd").json();
        for (JsonNode p : after.get("passages")) {
            assertNotEquals(session, p.get("session_id").asText());
        }
        assertEquals(23, CliRun.run(data, "sessions", "list", "--json").json().get("total").asInt());
        assertEquals(24, CliRun.run(data, "sessions", "list", "--include-hidden", "--json").json().get("total").asInt());
        assertEquals(5, CliRun.run(data, "sessions", "trash", "nope").code());
    }

    @Test
    void sessionSearchesGoToTheLedgerWithThePassagesTheyShowed() {
        String token = LedgerRedactionMigrationTest.TOKEN;
        JsonNode j = CliRun.run(data, "search", "integration tests cannot reach postgres " + token, "--json",
                "--limit", "5").json();
        assertTrue(j.get("query_id").isNumber(), j.toString());
        assertTrue(j.get("passages").size() > 0, j.toString());
        CliRun missed = CliRun.run(data, "query", "--store", "sessions", "zyxwvutsrq");
        assertEquals(0, missed.code(), missed.toString());
        CliRun unrecorded = CliRun.run(data, "search", "postgres", "--no-record");
        assertEquals(0, unrecorded.code(), unrecorded.toString());

        Path db = data.resolve(Database.FILE_NAME);
        List<Map<String, Object>> events = StoreSql.rowsOfFile(db, "SELECT id, surface, store, mode, query_text,"
                + " result_count, miss_reason, elapsed_ms, corpus_revision FROM recall_query_events ORDER BY id");
        assertEquals(2, events.size(), events.toString());
        Map<String, Object> found = events.get(0);
        assertEquals(j.get("query_id").asLong(), ((Number) found.get("id")).longValue());
        assertEquals("query", found.get("surface"));
        assertEquals("sessions", found.get("store"));
        assertEquals("lexical", found.get("mode"));
        assertEquals("integration tests cannot reach postgres [REDACTED:github_token]", found.get("query_text"));
        assertEquals(j.get("passages").size(), ((Number) found.get("result_count")).intValue());
        assertNull(found.get("miss_reason"));
        assertTrue(((Number) found.get("elapsed_ms")).longValue() >= 0);
        assertEquals(j.get("archive_revision").asLong(), ((Number) found.get("corpus_revision")).longValue());
        assertEquals("no_results", events.get(1).get("miss_reason"));
        assertEquals(0, ((Number) events.get(1).get("result_count")).intValue());

        // the passages shown, in rank order, by passage and session id: never their text
        List<Map<String, Object>> shown = StoreSql.rowsOfFile(db, "SELECT rank, passage_id, session_id FROM"
                + " recall_passage_exposures WHERE event_id = ? ORDER BY rank", j.get("query_id").asLong());
        assertEquals(j.get("passages").size(), shown.size());
        for (int i = 0; i < shown.size(); i++) {
            JsonNode p = j.get("passages").get(i);
            assertEquals(p.get("passage_id").asText(), shown.get(i).get("passage_id"));
            assertEquals(p.get("session_id").asText(), shown.get(i).get("session_id"));
        }
        assertEquals(0, ((Number) StoreSql.rowsOfFile(db, "SELECT count(*) AS n FROM recall_query_exposures")
                .getFirst().get("n")).intValue(), "passages are not entry exposures");

        JsonNode stats = CliRun.run(data, "ledger", "stats", "--json").json();
        assertEquals(2, stats.get("by_store").get("sessions").asInt(), stats.toString());
        assertEquals(j.get("passages").size(), stats.get("passage_exposures").asInt());
        assertEquals(2, stats.get("sessions_latency_ms").get("timed").asInt());
        assertEquals(0, stats.get("exposures").asInt());
        JsonNode topSession = stats.get("top_sessions").get(0);
        assertTrue(topSession.get("session_id").asText().startsWith("sess-"), stats.toString());
        CliRun plain = CliRun.run(data, "ledger", "stats");
        assertTrue(plain.out().contains("passages shown"), plain.out());
        assertTrue(plain.out().contains("sessions"), plain.out());
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> StoreSql.onFile(db,
                List.of("UPDATE recall_passage_exposures SET score = 0")));
        assertTrue(refused.getMessage().contains("append-only"), refused.getMessage());
    }
}
