package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The archive revision and its journal: what moves them, and the catalog's listing and marks. */
class ArchiveRevisionTest {
    @TempDir
    Path dir;

    Database db;
    Counters counters;

    @BeforeEach
    void setUp() throws Exception {
        db = Fixtures.withSession(dir);
        counters = new Counters(db);
        Path f = Fixtures.write(dir, "e.jsonl", List.of(
                Fixtures.entry("live", "\"evidence\":[{\"start_ordinal\":1,\"end_ordinal\":2}]")));
        assertTrue(new EntryImport(db, Fixtures.NO_SECRETS).run(f, new EntryImport.Options(false, false), true).ok());
    }

    @AfterEach
    void tearDown() {
        db.close();
    }

    @Test
    void everyArchivedMessageMovesTheRevisionAndJournalsItsSession() {
        assertEquals(3, counters.archiveRevision(), "three messages imported");
        assertEquals(Map.of("s1", 3L), counters.archiveChangesSince(0));
        assertEquals(Map.of(), counters.archiveChangesSince(3));
        // Entries do not touch the archive.
        Fixtures.exec(db, "UPDATE recall_entries SET body = 'changed' WHERE id = 'live'");
        assertEquals(3, counters.archiveRevision());
    }

    @Test
    void aRedactedMessageAReReadAndATrashMoveIt() {
        Fixtures.exec(db, "UPDATE messages SET text = '[REDACTED]' WHERE session_id = 's1' AND ordinal = 1");
        assertEquals(4, counters.archiveRevision());
        Fixtures.exec(db, "INSERT INTO session_rereads (session_id, source_path, reason, outcome, transcript_revision,"
                + " detected_at) VALUES ('s1', '/x', 'shrunk', 'identical', 1, '2026-01-01T00:00:00.000Z')");
        assertEquals(5, counters.archiveRevision());
        var marked = new SessionCatalog(db).mark("s1", SessionCatalog.Mark.TRASHED, Instant.now()).orElseThrow();
        assertTrue(marked.changed());
        assertEquals(6, counters.archiveRevision());
        assertEquals(Map.of("s1", 6L), counters.archiveChangesSince(5));
        // Marking again is a no-op: nothing moves.
        var again = new SessionCatalog(db).mark("s1", SessionCatalog.Mark.TRASHED, Instant.now()).orElseThrow();
        assertFalse(again.changed());
        assertEquals(List.of(), again.revokedEntries());
        assertEquals(6, counters.archiveRevision());
    }

    @Test
    void markingASessionRevokesTheEntriesItAnchorsAndHidesItFromSearchReads() {
        var marked = new SessionCatalog(db).mark("s1", SessionCatalog.Mark.AUTOMATED, Instant.now()).orElseThrow();
        assertEquals(List.of("live"), marked.revokedEntries());
        RecallEntry e = new Entries(db).get("live").orElseThrow();
        assertFalse(e.provenanceOk());
        assertFalse(e.trusted());
        assertEquals(1, Fixtures.count(db,
                "SELECT count(*) FROM recall_entries WHERE provenance_reason = 'source_session_automated'"));
        assertEquals(Map.of(), new ArchiveScan(db).sessions(List.of("s1")));
        assertEquals(0, new SessionCatalog(db).count(SessionFilter.ALL));
        assertEquals(1, new SessionCatalog(db).count(new SessionFilter(null, null, null, null, null, null, true)));
        assertTrue(new SessionCatalog(db).mark("nope", SessionCatalog.Mark.TRASHED, Instant.now()).isEmpty());
    }

    @Test
    void theCatalogListsWithFiltersAndSummaries() {
        SessionCatalog catalog = new SessionCatalog(db);
        List<SessionSummary> all = catalog.list(SessionFilter.ALL, 10, 0);
        assertEquals(1, all.size());
        assertEquals(3, all.getFirst().messages());
        assertEquals("How do I run the tests?", all.getFirst().firstUserMessage());
        assertEquals(1, catalog.count(new SessionFilter("demo", "claude-code", "/home/u/demo", "main",
                Instant.parse("2026-09-01T00:00:00Z"), Instant.parse("2026-09-02T00:00:00Z"), false)));
        assertEquals(0, catalog.count(new SessionFilter("other", null, null, null, null, null, false)));
        assertEquals(0, catalog.count(new SessionFilter(null, null, null, null,
                Instant.parse("2026-09-02T00:00:00Z"), null, false)));
        RecallException empty = assertThrows(RecallException.class, () -> new SessionFilter(null, null, null, null,
                Instant.parse("2026-09-02T00:00:00Z"), Instant.parse("2026-09-01T00:00:00Z"), false));
        assertEquals(RecallException.Kind.INVALID, empty.kind());
        assertEquals("from", empty.details().get("field"));
        var scanned = new java.util.ArrayList<SessionMessages>();
        new ArchiveScan(db).forEachSession(scanned::add);
        assertEquals(1, scanned.size());
        assertEquals(3, scanned.getFirst().messages().size());
        assertEquals(1, new ArchiveScan(db).evidenceBySession(List.of("s1")).get("s1").size());
    }
}
