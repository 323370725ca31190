package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One test per counter rule: what moves the corpus revision, what moves only the query state. */
class CounterTriggersTest {
    @TempDir
    Path dir;

    Database db;
    Counters counters;

    @BeforeEach
    void setUp() throws Exception {
        db = Fixtures.withSession(dir);
        counters = new Counters(db);
        Path f = Fixtures.write(dir, "e.jsonl", List.of(
                Fixtures.entry("live", "\"evidence\":[{\"start_ordinal\":1,\"end_ordinal\":2}]"),
                Fixtures.entry("old", "\"status\":\"archived\"")));
        assertTrue(new EntryImport(db, Fixtures.NO_SECRETS).run(f, new EntryImport.Options(false, false), true).ok());
    }

    @AfterEach
    void tearDown() {
        db.close();
    }

    /** Both counters, read one at a time and together (what a search reads): the same values. */
    private long[] revisions() {
        long[] each = {counters.corpusRevision(), counters.queryStateRevision()};
        Counters.Revisions both = counters.revisions();
        assertArrayEquals(each, new long[] {both.corpus(), both.queryState()}, "revisions() reads the two counters");
        return each;
    }

    private void assertMoved(long[] before, int corpusDelta, boolean queryMoved) {
        assertEquals(before[0] + corpusDelta, counters.corpusRevision(), "corpus revision");
        assertEquals(counters.corpusRevision(), counters.revisions().corpus());
        assertEquals(counters.queryStateRevision(), counters.revisions().queryState());
        if (queryMoved) {
            assertTrue(counters.queryStateRevision() > before[1], "query state should move");
        } else {
            assertEquals(before[1], counters.queryStateRevision(), "query state should not move");
        }
    }

    @Test
    void importingAnAcceptedEntryMovesTheCorpusAndJournalsIt() {
        // One accepted entry inserted: +1; the archived one does not count.
        assertEquals(1, counters.corpusRevision());
        assertEquals(java.util.Map.of("live", 1L), counters.embeddingChangesSince(0));
        assertTrue(counters.entryChangesSince(0).keySet().containsAll(List.of("live", "old")));
    }

    @Test
    void aConfidenceChangeMovesTheQueryStateButNotTheCorpus() {
        long[] before = revisions();
        Fixtures.exec(db, "UPDATE recall_entries SET confidence = 0.3 WHERE id = 'live'");
        assertMoved(before, 0, true);
    }

    @Test
    void titleBodyAndTriggerChangesMoveTheCorpus() {
        for (String column : List.of("title", "body", "trigger")) {
            long[] before = revisions();
            Fixtures.exec(db, "UPDATE recall_entries SET " + column + " = 'changed " + column + "' WHERE id = 'live'");
            assertMoved(before, 1, true);
            assertEquals(counters.corpusRevision(), counters.embeddingChangesSince(0).get("live"));
        }
    }

    @Test
    void editingTheTextOfAnArchivedEntryDoesNotMoveTheCorpus() {
        long[] before = revisions();
        Fixtures.exec(db, "UPDATE recall_entries SET body = 'new body' WHERE id = 'old'");
        assertMoved(before, 0, true);
    }

    @Test
    void flippingAcceptedStatusMovesTheCorpusBothWays() {
        long[] before = revisions();
        Fixtures.exec(db, "UPDATE recall_entries SET status = 'archived' WHERE id = 'live'");
        assertMoved(before, 1, true);
        before = revisions();
        Fixtures.exec(db, "UPDATE recall_entries SET status = 'accepted' WHERE id = 'old'");
        assertMoved(before, 1, true);
    }

    @Test
    void deletingAnAcceptedEntryMovesTheCorpusAndJournalsTheDeletion() {
        long[] before = revisions();
        Fixtures.exec(db, "DELETE FROM recall_entries WHERE id = 'live'");
        assertMoved(before, 1, true);
        assertEquals(counters.corpusRevision(), counters.embeddingChangesSince(before[0]).get("live"));
        before = revisions();
        Fixtures.exec(db, "DELETE FROM recall_entries WHERE id = 'old'");
        assertMoved(before, 0, true);
    }

    @Test
    void evidenceChangesMoveOnlyTheQueryState() {
        long[] before = revisions();
        Fixtures.exec(db, "UPDATE recall_evidence SET snippet = 'BUILD SUCCESSFUL' WHERE entry_id = 'live'");
        assertMoved(before, 0, true);
        before = revisions();
        Fixtures.exec(db, "DELETE FROM recall_evidence WHERE entry_id = 'live'");
        assertMoved(before, 0, true);
        assertEquals(counters.queryStateRevision(), counters.entryChangesSince(before[1]).get("live"));
    }

    @Test
    void evidenceMustBelongToTheEntrysSourceSession() {
        Fixtures.exec(db, "INSERT INTO sessions (id, agent, created_at, updated_at) VALUES ('other', 'codex', 'x', 'x')");
        long[] before = revisions();
        StoreException e = assertThrows(StoreException.class, () -> Fixtures.exec(db,
                "INSERT INTO recall_evidence (entry_id, session_id, start_ordinal, end_ordinal) VALUES ('live', 'other', 0, 0)"));
        assertTrue(e.getMessage().contains("source_session_id"), e.getMessage());
        assertMoved(before, 0, false);
    }

    @Test
    void theQueryLedgerIsAppendOnly() {
        Fixtures.exec(db, "INSERT INTO recall_query_events (created_at, surface, query_text, mode, result_count,"
                + " corpus_revision, query_state_revision) VALUES ('now', 'query', 'q', 'lexical', 0, 1, 1)");
        assertThrows(StoreException.class, () -> Fixtures.exec(db, "UPDATE recall_query_events SET result_count = 5"));
    }
}
