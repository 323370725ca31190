package dev.recall.sessions;

import static dev.recall.sessions.IncrementalSyncTest.ID;
import static dev.recall.sessions.IncrementalSyncTest.assistant;
import static dev.recall.sessions.IncrementalSyncTest.user;
import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.EntryImport;
import dev.recall.store.RecallEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Evidence is verified again whenever its session's transcript is re-read; revocation is sticky. */
class ProvenanceCheckTest {
    @TempDir
    Path tmp;

    Database db;
    Path file;

    @BeforeEach
    void open() throws IOException {
        db = Database.open(tmp.resolve("data"));
        file = tmp.resolve("projects/-work-demo/" + ID + ".jsonl");
        Files.createDirectories(file.getParent());
        Files.writeString(file, user(1, "how do we run the tests") + assistant(1, "use make test, it sets the tags")
                + user(2, "thanks") + assistant(2, "you are welcome"));
        sync();
        Path entries = tmp.resolve("e.jsonl");
        Files.write(entries, List.of(
                entry("early", 0, 1, "use make test"),
                entry("late", 2, 3, "you are welcome")));
        var r = new EntryImport(db, SecretScanner.archive()).run(entries, new EntryImport.Options(true, false), true);
        assertTrue(r.ok(), r.rejected().toString());
        assertTrue(entry("early").trusted() && entry("late").trusted());
    }

    @AfterEach
    void close() {
        db.close();
    }

    private static String entry(String id, int from, int to, String snippet) {
        return "{\"id\":\"" + id + "\",\"type\":\"procedure\",\"scope\":\"project\",\"title\":\"" + id + "\",\"body\":\"b\","
                + "\"source_session_id\":\"" + ID + "\",\"evidence\":[{\"start_ordinal\":" + from + ",\"end_ordinal\":" + to
                + ",\"snippet\":\"" + snippet + "\"}]}";
    }

    private SyncReport sync() {
        return new SessionSync(db, SecretScanner.archive()).sync(List.of(TranscriptDiscovery.classify(file)),
                SyncProgress.none());
    }

    private RecallEntry entry(String id) {
        return new Entries(db).get(id).orElseThrow();
    }

    @Test
    void aChangedAnchoredMessageRevokesOnlyTheEntriesAnchoredThere() throws IOException {
        Files.writeString(file, user(1, "how do we run the tests") + assistant(1, "use make test, it sets the tags")
                + user(2, "thanks") + assistant(2, "something else entirely"));
        SyncReport r = sync();
        assertEquals(List.of(new ProvenanceCheck.Revocation("late", ID, ProvenanceCheck.CHANGED)), r.revocations());
        assertTrue(entry("early").provenanceOk());
        assertFalse(entry("late").provenanceOk());
        assertEquals(ProvenanceCheck.CHANGED, entry("late").provenanceReason());
        assertFalse(entry("late").trusted());
    }

    @Test
    void aDisappearedAnchoredMessageRevokesAndTheRevocationIsSticky() throws IOException {
        Files.writeString(file, user(1, "how do we run the tests") + assistant(1, "use make test, it sets the tags"));
        SyncReport r = sync();
        assertEquals(1, r.revocations().size());
        assertEquals(ProvenanceCheck.MISSING, entry("late").provenanceReason());
        assertTrue(entry("early").provenanceOk());

        // the transcript comes back as it was: provenance stays revoked
        Files.writeString(file, user(1, "how do we run the tests") + assistant(1, "use make test, it sets the tags")
                + user(2, "thanks") + assistant(2, "you are welcome"));
        sync();
        assertFalse(entry("late").provenanceOk());
        assertEquals(ProvenanceCheck.MISSING, entry("late").provenanceReason());
    }

    @Test
    void anAmbiguousAnchorRevokes() throws IOException {
        // the same source uuid now names two messages
        Files.writeString(file, user(1, "how do we run the tests") + assistant(1, "use make test, it sets the tags")
                + user(2, "thanks") + assistant(2, "you are welcome") + assistant(2, "you are welcome"));
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5000));
        Files.writeString(file, user(1, "how do we run the tests") + assistant(1, "use make test, it sets the tags")
                + user(2, "thanks again") + assistant(2, "you are welcome") + assistant(2, "you are welcome"));
        sync();
        assertFalse(entry("late").provenanceOk());
        assertTrue(List.of(ProvenanceCheck.AMBIGUOUS, ProvenanceCheck.CHANGED).contains(entry("late").provenanceReason()),
                entry("late").provenanceReason());
    }

    @Test
    void anAppendOnlySyncRevokesNothing() throws IOException {
        Files.writeString(file, user(3, "one more question") , java.nio.file.StandardOpenOption.APPEND);
        SyncReport r = sync();
        assertTrue(r.revocations().isEmpty());
        assertTrue(entry("early").trusted() && entry("late").trusted());
    }
}
