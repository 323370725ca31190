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
        return new EntryImport(db, Fixtures.NO_SECRETS).run(Fixtures.write(dir, "in.jsonl", List.of(lines)), options, write);
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
        assertRejected(r, 2, null, "malformed JSON at column 17: the line ends before the JSON is complete");
        assertEquals("line 2: malformed JSON at column 17: the line ends before the JSON is complete (a closing } or ]"
                + " is missing)", r.rejected().getFirst().describe(), "no empty field name, no parser internals");
    }

    /** issue 12 item 11: a key given twice was silently last-wins; two contradicting values must not pass. */
    @Test
    void aKeyGivenTwiceIsRejected() throws Exception {
        var r = importLines(Fixtures.entry("ok", ""), "{\"id\":\"dup\",\"type\":\"fact\",\"scope\":\"global\","
                + "\"title\":\"first\",\"body\":\"b\",\"source_session_id\":\"s1\",\"title\":\"second\"}");
        assertRejected(r, 2, null, "malformed JSON at column 103: field 'title' appears more than once");
    }

    /** issue 12 item 11: a cycle was reported as "does not exist" on every line of it. */
    @Test
    void aSupersedesCycleIsNamedAsACycle() throws Exception {
        var two = importLines(Fixtures.entry("a", "\"supersedes\":\"b\""), Fixtures.entry("b", "\"supersedes\":\"a\""));
        assertRejected(two, 1, "supersedes", "supersedes cycle a -> b -> a (lines 1, 2)");
        assertRejected(two, 2, "supersedes", "supersedes cycle a -> b -> a (lines 1, 2)");
        var three = importLines(Fixtures.entry("x", ""), Fixtures.entry("c", "\"supersedes\":\"d\""),
                Fixtures.entry("d", "\"supersedes\":\"e\""), Fixtures.entry("e", "\"supersedes\":\"c\""));
        assertEquals(3, three.rejected().size(), three.rejected().toString());
        assertTrue(three.rejected().stream().allMatch(x -> x.reason().contains("(lines 2, 3, 4)")), three.rejected().toString());
        var self = importLines(Fixtures.entry("me", "\"supersedes\":\"me\""));
        assertRejected(self, 1, "supersedes", "supersedes cycle me -> me (lines 1)");
    }

    /** A replacement may come before the entry it replaces in the file: the target is inserted first. */
    @Test
    void aReplacementMayPrecedeItsTargetInTheFile() throws Exception {
        var bad = importLines(Fixtures.entry("w2", "\"supersedes\":\"w1\""), Fixtures.entry("w1", "\"type\":\"nonsense\""));
        assertRejected(bad, 1, "supersedes", "entry 'w1' (line 2) was rejected");
        assertRejected(bad, 2, "type", "nonsense");
        assertEquals(List.of(1, 2), bad.rejected().stream().map(EntryImport.Rejection::line).toList(), "in line order");

        var r = importLines(Fixtures.entry("v2", "\"supersedes\":\"v1\""), Fixtures.entry("v1", ""));
        assertTrue(r.ok(), r.rejected().toString());
        assertEquals(2, r.inserted());
        assertEquals(1, r.superseded());
        assertEquals(EntryStatus.ARCHIVED, new Entries(db).get("v1").orElseThrow().status());
        assertEquals("v2", new Entries(db).get("v1").orElseThrow().supersededByEntryId());
    }

    @Test
    void aByteOrderMarkBeforeTheFirstLineIsNotAnError() throws Exception {
        Path f = dir.resolve("bom.jsonl");
        byte[] line = (Fixtures.entry("bom", "") + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] bytes = new byte[line.length + 3];
        bytes[0] = (byte) 0xef;
        bytes[1] = (byte) 0xbb;
        bytes[2] = (byte) 0xbf;
        System.arraycopy(line, 0, bytes, 3, line.length);
        java.nio.file.Files.write(f, bytes);
        var r = new EntryImport(db, Fixtures.NO_SECRETS).run(f, new EntryImport.Options(false, false), true);
        assertTrue(r.ok(), r.rejected().toString());
        assertEquals(1, r.inserted());
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

    /** issue 12 item 9: an entry without provenance may replace only another unverified entry. */
    @Test
    void aPlaceholderEntryCannotSupersedeAProvenanceValidOne() throws Exception {
        importLines(Fixtures.entry("trusted", ""));
        String ghostly = Fixtures.entry("usurper", "\"supersedes\":\"trusted\"").replace("\"s1\"", "\"ghost\"");
        var r = importLines(true, new EntryImport.Options(false, true), ghostly);
        assertFalse(r.ok());
        assertEquals("supersedes", r.rejected().getFirst().field());
        assertTrue(r.rejected().getFirst().reason().contains("only supersede another unverified entry"),
                r.rejected().toString());
        assertEquals(1, entries(), "nothing was written");
        assertEquals(EntryStatus.ACCEPTED, new Entries(db).get("trusted").orElseThrow().status());

        // an unverified target may be replaced by another unverified entry
        importLines(true, new EntryImport.Options(false, true),
                Fixtures.entry("guess", "").replace("\"s1\"", "\"ghost\""));
        var ok = importLines(true, new EntryImport.Options(false, true),
                Fixtures.entry("guess2", "\"supersedes\":\"guess\"").replace("\"s1\"", "\"ghost\""));
        assertTrue(ok.ok(), ok.rejected().toString());
        assertEquals(EntryStatus.ARCHIVED, new Entries(db).get("guess").orElseThrow().status());
    }

    /** issue 12 item 11: invalid UTF-8 had no line and exit 1. */
    @Test
    void invalidUtf8IsRejectedWithItsLine() throws Exception {
        Path bad = dir.resolve("bad-utf8.jsonl");
        byte[] good = (Fixtures.entry("a", "") + "\n" + Fixtures.entry("b", "") + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] bytes = java.util.Arrays.copyOf(good, good.length + 3);
        bytes[good.length] = (byte) 0xC3;
        bytes[good.length + 1] = (byte) 0x28;
        bytes[good.length + 2] = '\n';
        java.nio.file.Files.write(bad, bytes);
        RecallException e = assertThrows(RecallException.class,
                () -> new EntryImport(db, Fixtures.NO_SECRETS).run(bad, new EntryImport.Options(false, false), true));
        assertEquals(RecallException.Kind.REJECTED, e.kind());
        assertTrue(e.getMessage().contains("not valid UTF-8 at line 3"), e.getMessage());
        assertEquals(0, entries());
    }

    @Test
    void anEmptySnippetIsNotAnAnchor() throws Exception {
        for (String snippet : List.of("", "   ")) {
            var r = importLines(Fixtures.entry("e1", "\"evidence\":[{\"start_ordinal\":1,\"end_ordinal\":2,"
                    + "\"snippet\":\"" + snippet + "\"}]"));
            assertRejected(r, 1, "evidence[0].snippet", "empty");
        }
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
    void aMissingFileIsAClearError() throws Exception {
        RecallException e = assertThrows(RecallException.class,
                () -> new EntryImport(db, Fixtures.NO_SECRETS).run(dir.resolve("nope.jsonl"), new EntryImport.Options(false, false), true));
        assertTrue(e.getMessage().contains("does not exist"));
        assertEquals(RecallException.Kind.NOT_FOUND, e.kind());
        // a FIFO would block the reader forever: refused before it is opened
        Path fifo = dir.resolve("fifo.jsonl");
        new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
        RecallException f = assertThrows(RecallException.class,
                () -> new EntryImport(db, Fixtures.NO_SECRETS).run(fifo, new EntryImport.Options(false, false), true));
        assertEquals(RecallException.Kind.REJECTED, f.kind());
        assertTrue(f.getMessage().contains("is not a regular file"), f.getMessage());
    }
}
