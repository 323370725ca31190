package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * V26: the ledger keeps one event per request id, so an invocation whose answer was lost after its record (a
 * handover to a daemon that then died) and that ran again is counted once; events of no id are all kept.
 */
class LedgerRequestIdTest {
    @TempDir
    Path dir;

    private static QueryLedger.Event event(String text, String requestId) {
        return new QueryLedger.Event("query", text, "lexical", "{}", 2, null, 1.5, null, 1, 1)
                .withRequestId(requestId);
    }

    private static List<QueryLedger.Exposure> shown(String... ids) {
        List<QueryLedger.Exposure> out = new java.util.ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            out.add(new QueryLedger.Exposure(i + 1, ids[i], 1.0 / (i + 1), false));
        }
        return out;
    }

    @Test
    void aSecondEventOfTheSameRequestIsTheFirstOne() {
        try (Database db = Database.open(dir)) {
            QueryLedger ledger = new QueryLedger(db);
            long first = ledger.record(event("how do I run the tests", "41-19a-7f"), shown("e1", "e2"));
            long again = ledger.record(event("how do I run the tests", "41-19a-7f"), shown("e3"));
            assertEquals(first, again, "the first event's id is the answer's query_id");
            assertEquals(1, Fixtures.count(db, "SELECT count(*) FROM recall_query_events"));
            assertEquals(2, Fixtures.count(db, "SELECT count(*) FROM recall_query_exposures"), "the first's exposures");
            assertEquals(0, Fixtures.count(db, "SELECT count(*) FROM recall_query_exposures WHERE entry_id = 'e3'"));

            // a passage search under an id the ledger holds is the same event too
            long passages = ledger.recordPassages(event("how do I run the tests", "41-19a-7f"),
                    List.of(new QueryLedger.PassageExposure(1, "p1", "s1", 2.0)));
            assertEquals(first, passages);
            assertEquals(0, Fixtures.count(db, "SELECT count(*) FROM recall_passage_exposures"));

            // other ids, and events of no id, are each their own
            long other = ledger.record(event("how do I run the tests", "41-19a-80"), shown("e1"));
            long none1 = ledger.record(event("how do I run the tests", null), shown("e1"));
            long none2 = ledger.record(event("how do I run the tests", null), shown("e1"));
            assertEquals(4, List.of(first, other, none1, none2).stream().distinct().count());
            assertEquals(4, Fixtures.count(db, "SELECT count(*) FROM recall_query_events"));
            assertEquals(2, Fixtures.count(db, "SELECT count(*) FROM recall_query_events WHERE request_id IS NULL"));
        }
    }

    @Test
    void theSchemaHoldsTheRuleForAnyWriter() {
        try (Database db = Database.open(dir)) {
            new QueryLedger(db).record(event("q", "r-1"), shown());
            // a writer that skipped the check still cannot add the id twice, nor an empty or oversized one
            for (String bad : List.of("'r-1'", "''", "'" + "x".repeat(129) + "'")) {
                assertThrows(StoreException.class, () -> db.inTransaction(c -> c.createStatement().executeUpdate(
                        "INSERT INTO recall_query_events (created_at, surface, query_text, mode, result_count,"
                                + " corpus_revision, query_state_revision, request_id) VALUES"
                                + " ('2026-12-02T00:00:00Z', 'query', 'q', 'lexical', 0, 1, 1, " + bad + ")")), bad);
            }
            assertEquals(1, Fixtures.count(db, "SELECT count(*) FROM recall_query_events"));
        }
    }
}
