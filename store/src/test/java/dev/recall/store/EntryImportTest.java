package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EntryImportTest {
    @TempDir
    Path dir;

    Database db;

    @BeforeEach
    void setUp() throws Exception {
        db = Fixtures.withSession(dir);
    }

    @AfterEach
    void tearDown() {
        db.close();
    }

    private EntryImport.Report importLines(boolean write, EntryImport.Options options, String... lines)
            throws Exception {
        return new EntryImport(db).run(Fixtures.write(dir, "in.jsonl", List.of(lines)), options, write);
    }

    private EntryImport.Report importLines(String... lines) throws Exception {
        return importLines(true, new EntryImport.Options(false, false), lines);
    }

    private long entries() {
        return Fixtures.count(db, "SELECT count(*) FROM recall_entries");
    }

    private void assertRejected(EntryImport.Report r, int line, String field, String reasonPart) {
        assertFalse(r.ok());
        assertFalse(r.written());
        var x = r.rejected().stream().filter(j -> j.line() == line).findFirst().orElseThrow(
                () -> new AssertionError("no rejection on line " + line + ": " + r.rejected()));
        assertEquals(field, x.field(), x.describe());
        assertTrue(x.reason().contains(reasonPart), x.describe());
        assertEquals(0, entries(), "nothing may be written when a line is rejected");
    }

    @Test
    void importsEntriesWithHostComputedEvidence() throws Exception {
        var r = importLines(Fixtures.entry("e1", "\"evidence\":[{\"start_ordinal\":1,\"end_ordinal\":2,"
                + "\"snippet\":\"BUILD SUCCESSFUL\",\"tool_use_id\":\"toolu_1\"}]"));
        assertTrue(r.ok(), r.rejected().toString());
        assertEquals(1, r.inserted());
        RecallEntry e = new Entries(db).get("e1").orElseThrow();
        assertEquals(ReviewState.UNREVIEWED_AUTO, e.reviewState());
        assertEquals("demo", e.project(), "project defaults to the session's");
        assertEquals("main", e.gitBranch());
        assertTrue(e.provenanceOk());
        assertFalse(e.trusted());
        Evidence ev = new Entries(db).evidence("e1").getFirst();
        assertEquals("a1", ev.startSourceUuid());
        assertEquals("t2", ev.endSourceUuid());
        assertEquals(Digests.anchor(new Sessions(db).messages("s1", 1, 2)), ev.contentDigest());
    }

    @Test
    void reviewedMarksHumanReviewedAndTrusted() throws Exception {
        assertTrue(importLines(true, new EntryImport.Options(true, false), Fixtures.entry("e1", "")).ok());
        RecallEntry e = new Entries(db).get("e1").orElseThrow();
        assertEquals(ReviewState.HUMAN_REVIEWED, e.reviewState());
        assertTrue(e.trusted());
    }

    @Test
    void dryRunCountsAndWritesNothing() throws Exception {
        importLines(Fixtures.entry("exists", ""));
        long queryState = new Counters(db).queryStateRevision();
        var r = importLines(false, new EntryImport.Options(false, false), Fixtures.entry("exists", ""),
                Fixtures.entry("new1", ""), Fixtures.entry("new2", ""));
        assertTrue(r.ok());
        assertFalse(r.written());
        assertEquals(2, r.inserted());
        assertEquals(1, r.skippedExisting());
        assertEquals(1, entries());
        assertEquals(queryState, new Counters(db).queryStateRevision());
    }

    @Test
    void reimportingAnExistingIdIsAnIdempotentSkip() throws Exception {
        importLines(Fixtures.entry("e1", ""));
        var r = importLines(Fixtures.entry("e1", "\"title\":\"a different title\"").replace("\"title\":\"Title e1\",", ""));
        assertTrue(r.ok(), r.rejected().toString());
        assertEquals(0, r.inserted());
        assertEquals(1, r.skippedExisting());
        assertEquals("Title e1", new Entries(db).get("e1").orElseThrow().title(), "ids are immutable");
    }

    @Test
    void unknownTypeNamesLineAndField() throws Exception {
        var r = importLines(Fixtures.entry("ok", ""), Fixtures.entry("bad", "").replace("procedure", "rumour"));
        assertRejected(r, 2, "type", "unknown value 'rumour'");
    }

    @Test
    void unknownScopeNamesLineAndField() throws Exception {
        assertRejected(importLines(Fixtures.entry("bad", "").replace("\"project\"", "\"galaxy\"")), 1, "scope",
                "allowed: global");
    }

    @Test
    void missingRequiredFieldNamesIt() throws Exception {
        assertRejected(importLines(Fixtures.entry("ok", ""), Fixtures.entry("bad", "").replace("\"title\":\"Title bad\",", "")),
                2, "title", "is required");
    }

    @Test
    void duplicateIdWithinAFileIsRejected() throws Exception {
        assertRejected(importLines(Fixtures.entry("dup", ""), Fixtures.entry("other", ""), Fixtures.entry("dup", "")),
                3, "id", "first on line 1");
    }

    @Test
    void evidenceEndingBeforeItStartsIsRejected() throws Exception {
        assertRejected(importLines(Fixtures.entry("bad", "\"evidence\":[{\"start_ordinal\":2,\"end_ordinal\":1}]")),
                1, "evidence[0].end_ordinal", "before start_ordinal");
    }

    @Test
    void evidenceOutsideTheSessionOrWithAForeignSnippetIsRejected() throws Exception {
        assertRejected(importLines(Fixtures.entry("bad", "\"evidence\":[{\"start_ordinal\":1,\"end_ordinal\":9}]")),
                1, "evidence[0].end_ordinal", "has no messages 1..9");
        assertRejected(importLines(Fixtures.entry("bad", "\"evidence\":[{\"start_ordinal\":0,\"end_ordinal\":0,"
                + "\"snippet\":\"not said\"}]")), 1, "evidence[0].snippet", "does not occur");
    }

    @Test
    void hostControlledFieldsAreRejected() throws Exception {
        assertRejected(importLines(Fixtures.entry("bad", "\"review_state\":\"human_reviewed\"")), 1, "review_state",
                "host-controlled");
        assertRejected(importLines(Fixtures.entry("bad", "\"provenance_ok\":true")), 1, "provenance_ok", "host-controlled");
        assertRejected(importLines(Fixtures.entry("bad", "\"evidence\":[{\"start_ordinal\":0,\"end_ordinal\":0,"
                + "\"content_digest\":\"abc\"}]")), 1, "evidence[0].content_digest", "host-controlled");
    }

    @Test
    void malformedJsonIsRejectedWithItsLine() throws Exception {
        var r = importLines(Fixtures.entry("ok", ""), "{\"id\": \"broken\",");
        assertRejected(r, 2, "", "malformed JSON");
    }

    @Test
    void unknownSessionNeedsPlaceholdersWhichLoseProvenance() throws Exception {
        String line = Fixtures.entry("e1", "").replace("\"s1\"", "\"ghost\"");
        assertRejected(importLines(line), 1, "source_session_id", "allow placeholder sessions");
        var r = importLines(true, new EntryImport.Options(true, true), line);
        assertTrue(r.ok(), r.rejected().toString());
        assertEquals(1, r.placeholderSessions());
        RecallEntry e = new Entries(db).get("e1").orElseThrow();
        assertFalse(e.provenanceOk());
        assertEquals("placeholder_session", e.provenanceReason());
        assertFalse(e.trusted(), "an entry without provenance is never trusted, reviewed or not");
        assertEquals(Session.PLACEHOLDER, new Sessions(db).get("ghost").orElseThrow().sourceKind());
    }

    @Test
    void supersessionArchivesTheTargetAndLinksBothWays() throws Exception {
        var r = importLines(Fixtures.entry("v1", ""), Fixtures.entry("v2", "\"supersedes\":\"v1\""),
                Fixtures.entry("v3", "\"supersedes\":\"v2\""));
        assertTrue(r.ok(), r.rejected().toString());
        assertEquals(2, r.superseded());
        Entries entries = new Entries(db);
        RecallEntry v1 = entries.get("v1").orElseThrow();
        RecallEntry v2 = entries.get("v2").orElseThrow();
        RecallEntry v3 = entries.get("v3").orElseThrow();
        assertEquals(EntryStatus.ARCHIVED, v1.status());
        assertEquals("v2", v1.supersededByEntryId());
        assertEquals(EntryStatus.ARCHIVED, v2.status());
        assertEquals("v1", v2.supersedesEntryId());
        assertEquals("v3", v2.supersededByEntryId());
        assertEquals(EntryStatus.ACCEPTED, v3.status());
        assertEquals("superseded", v1.lifecycle());
        assertEquals("replacement", v3.lifecycle());
    }

    @Test
    void supersedingATargetThatAlreadyHasASuccessorIsRejected() throws Exception {
        importLines(Fixtures.entry("v1", ""), Fixtures.entry("v2", "\"supersedes\":\"v1\""));
        long before = entries();
        var r = importLines(Fixtures.entry("fork", "\"supersedes\":\"v1\""));
        assertFalse(r.ok());
        assertEquals("supersedes", r.rejected().getFirst().field());
        assertTrue(r.rejected().getFirst().reason().contains("archived"), r.rejected().toString());
        assertEquals(before, entries());
        var missing = importLines(Fixtures.entry("x", "\"supersedes\":\"nope\""));
        assertTrue(missing.rejected().getFirst().reason().contains("does not exist"));
    }

    @Test
    void aMissingFileIsAClearError() {
        StoreException e = assertThrows(StoreException.class,
                () -> new EntryImport(db).run(dir.resolve("nope.jsonl"), new EntryImport.Options(false, false), true));
        assertTrue(e.getMessage().contains("does not exist"));
    }
}
