package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.store.Database;
import dev.recall.store.Rereads;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import dev.recall.store.StoreSql;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IncrementalSyncTest {
    static final String ID = "11111111-2222-4333-8444-555555555555";

    @TempDir
    Path tmp;

    Database db;
    Path file;
    SessionSync sync;

    @BeforeEach
    void open() throws IOException {
        db = Database.open(tmp.resolve("data"));
        file = tmp.resolve("projects/-work-demo/" + ID + ".jsonl");
        Files.createDirectories(file.getParent());
        sync = new SessionSync(db, SecretScanner.archive());
    }

    @AfterEach
    void close() {
        db.close();
    }

    static String user(int i, String text) {
        return "{\"type\":\"user\",\"sessionId\":\"" + ID + "\",\"cwd\":\"/work/demo\",\"gitBranch\":\"b" + i
                + "\",\"uuid\":\"u" + i + "\",\"timestamp\":\"2026-01-01T00:0" + i + ":00Z\",\"message\":{\"role\":"
                + "\"user\",\"content\":\"" + text + "\"}}\n";
    }

    static String assistant(int i, String text) {
        return "{\"type\":\"assistant\",\"sessionId\":\"" + ID + "\",\"uuid\":\"a" + i + "\",\"timestamp\":"
                + "\"2026-01-01T00:0" + i + ":30Z\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":"
                + "\"text\",\"text\":\"" + text + "\"}]}}\n";
    }

    private SyncReport run() {
        return sync.sync(List.of(TranscriptDiscovery.classify(file)), SyncProgress.none());
    }

    private List<Message> messages(String id) {
        return new Sessions(db).messages(id);
    }

    private Session session(String id) {
        return new Sessions(db).get(id).orElseThrow();
    }

    private void write(String content) throws IOException {
        Files.writeString(file, content);
    }

    private void append(String content) throws IOException {
        Files.writeString(file, content, StandardOpenOption.APPEND);
    }

    @Test
    void aPartialTrailingLineWaitsForTheNextSync() throws IOException {
        String third = user(3, "third message");
        write(user(1, "first message") + assistant(1, "first reply") + third.substring(0, 40));
        SyncReport r1 = run();
        assertEquals(2, r1.messagesAdded());
        assertEquals(0, r1.malformedLines());
        assertEquals(1, session(ID).transcriptRevision());
        append(third.substring(40) + assistant(3, "third reply"));
        SyncReport r2 = run();
        assertEquals(2, r2.messagesAdded());
        assertEquals(0, r2.malformedLines());
        List<Message> ms = messages(ID);
        assertEquals(List.of("first message", "first reply", "third message", "third reply"),
                ms.stream().map(Message::text).toList());
        assertEquals(List.of(0, 1, 2, 3), ms.stream().map(Message::ordinal).toList());
        Session s = session(ID);
        assertEquals(Instant.parse("2026-01-01T00:03:30Z"), s.endedAt());
        assertEquals("b3", s.gitBranch());
        assertEquals(2, s.transcriptRevision());
        assertEquals(Set.of(ID), r2.sessionsWithNewMessages());
        assertEquals(1, r2.sessionsUpdated());
        assertEquals(1, run().unchanged());
    }

    @Test
    void malformedLinesAreCountedWithTheirLineNumbersAcrossIncrementalReads() throws IOException {
        write(user(1, "one") + "{broken\n");
        SyncReport r1 = run();
        assertEquals(1, r1.malformedLines());
        assertEquals(2, r1.malformed().get(0).line());
        append(assistant(1, "reply") + "[\"not an object\"]\n");
        SyncReport r2 = run();
        assertEquals(1, r2.malformedLines());
        assertEquals(4, r2.malformed().get(0).line());
        assertEquals(2, messages(ID).size());
    }

    @Test
    void aShrunkFileIsReReadAndNothingStoredIsRemoved() throws IOException {
        write(user(1, "one") + assistant(1, "reply one") + user(2, "two") + assistant(2, "reply two"));
        run();
        List<Message> before = messages(ID);
        write(user(1, "one") + assistant(1, "reply one"));
        SyncReport r = run();
        assertEquals(1, r.rereads().size());
        Rereads.Event e = r.rereads().get(0);
        assertEquals(Rereads.Outcome.TRUNCATED, e.outcome());
        assertEquals("shrunk", e.reason());
        assertEquals(ID, e.sessionId());
        assertEquals(before, messages(ID));
        assertEquals(2, session(ID).transcriptRevision());
        // the file grows back with the same messages and one more: confirmed from the start, then appended
        append(user(2, "two") + assistant(2, "reply two") + user(3, "three"));
        SyncReport again = run();
        assertEquals(Rereads.Outcome.APPENDED, again.rereads().get(0).outcome());
        assertEquals("regrown", again.rereads().get(0).reason());
        assertEquals(1, again.messagesAdded());
        assertEquals(before, messages(ID).subList(0, 4));
        assertEquals("three", messages(ID).get(4).text());
        assertEquals(List.of(ID), new Rereads(db).since(0).stream().map(Rereads.Event::sessionId).distinct().toList());
    }

    @Test
    void aRewriteWithTheSameContentIsConfirmedIdentical() throws IOException {
        String content = user(1, "one") + assistant(1, "reply one");
        write(content);
        run();
        write(content);
        Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 5000));
        SyncReport r = run();
        assertEquals(Rereads.Outcome.IDENTICAL, r.rereads().get(0).outcome());
        assertEquals("rewritten", r.rereads().get(0).reason());
        assertEquals(0, r.messagesAdded());
        assertEquals(1, session(ID).transcriptRevision());
    }

    @Test
    void divergentContentForksAndTheArchiveIsNotRewritten() throws IOException {
        write(user(1, "one") + assistant(1, "reply one") + user(2, "two"));
        run();
        List<Message> original = messages(ID);
        write(user(1, "one") + assistant(1, "a different reply") + user(2, "two") + user(3, "three"));
        SyncReport r = run();
        Rereads.Event e = r.rereads().get(0);
        assertEquals(Rereads.Outcome.DIVERGED, e.outcome());
        assertEquals("head_changed", e.reason());
        assertEquals(1, e.firstDivergentOrdinal());
        String fork = ID + "~2";
        assertEquals(fork, e.forkSessionId());
        assertEquals(original, messages(ID));
        assertEquals(2, session(ID).transcriptRevision());
        assertEquals(List.of("one", "a different reply", "two", "three"),
                messages(fork).stream().map(Message::text).toList());
        assertEquals(file.toRealPath().toString(), session(fork).sourcePath());
        // the file now continues in the fork
        append(assistant(3, "reply three"));
        SyncReport next = run();
        assertTrue(next.rereads().isEmpty());
        assertEquals(5, messages(fork).size());
        assertEquals(3, messages(ID).size());
        Rereads.Event logged = new Rereads(db).since(0).get(0);
        assertEquals(e.id(), logged.id());
        assertEquals(Rereads.Outcome.DIVERGED, logged.outcome());
        assertEquals(Set.of(ID), new Rereads(db).sessionsSince(0));
        assertTrue(new Rereads(db).since(logged.id()).isEmpty());
    }

    @Test
    void aSessionDeletedFromTheArchiveComesBackWholeWhenItsFileGrows() throws Exception {
        write(user(1, "one") + assistant(1, "reply one"));
        run();
        StoreSql.exec(db, "DELETE FROM sessions WHERE id = ?", ID);
        append(user(2, "two"));
        run();
        assertEquals(List.of(0, 1, 2), messages(ID).stream().map(Message::ordinal).toList());
    }

    @Test
    void aFileWithoutMessagesCreatesNoSession() throws IOException {
        write("{\"type\":\"summary\",\"summary\":\"x\",\"leafUuid\":\"l\"}\n");
        SyncReport r = run();
        assertEquals(0, r.sessionsCreated());
        assertTrue(new Sessions(db).get(ID).isEmpty());
        append(user(1, "now there is one"));
        assertEquals(1, run().sessionsCreated());
        assertNull(messages(ID).get(0).toolName());
    }
}
