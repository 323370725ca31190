package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file is checked once before a process's first write, however many connections it writes through; a deferring
 * check queues ledger appends made before its verdict instead of making them wait.
 */
class WriteCheckTest {
    @TempDir
    Path dir;

    @Test
    void connectionsSharingTheCheckRunItOnceAndOthersRunTheirOwn() {
        Path data = dir.resolve("data");
        try (Database setup = Database.open(data)) { // created and migrated: nothing left to write at the next opens
            Fixtures.exec(setup, "CREATE TABLE write_check_probe (x TEXT)");
        }
        WriteCheck shared = new WriteCheck();
        WriteCheck own = new WriteCheck();
        try (Database a = Database.open(data, Database.DEFAULT_WRITE_WAIT, m -> {}, shared);
                Database b = Database.open(data, Database.DEFAULT_WRITE_WAIT, m -> {}, shared);
                Database c = Database.open(data, Database.DEFAULT_WRITE_WAIT, m -> {}, own)) {
            assertEquals(0, shared.runs(), "opening writes nothing, so checks nothing");
            Fixtures.exec(a, "INSERT INTO write_check_probe VALUES ('a')");
            Fixtures.exec(b, "INSERT INTO write_check_probe VALUES ('b')");
            Fixtures.exec(a, "INSERT INTO write_check_probe VALUES ('a2')");
            assertEquals(1, shared.runs(), "one check for both connections");
            assertEquals(0, own.runs());
            Fixtures.exec(c, "INSERT INTO write_check_probe VALUES ('c')");
            assertEquals(1, own.runs(), "a connection with its own check runs it");
            assertEquals(1, shared.runs());
            assertEquals(4, Fixtures.count(a, "SELECT count(*) FROM write_check_probe"));
        }
    }

    @Test
    void runNowChecksAheadOfTheWritesAndAFailureIsKeptWithoutCheckingAgain() throws Exception {
        Path data = dir.resolve("data");
        try (Database setup = Database.open(data)) {
            Fixtures.exec(setup, "CREATE TABLE filler (x TEXT)");
            for (int i = 0; i < 400; i++) {
                Fixtures.exec(setup, "INSERT INTO filler VALUES ('" + "y".repeat(500) + i + "')");
            }
            setup.checkpoint();
        }
        WriteCheck sound = new WriteCheck();
        assertEquals(WriteCheck.State.PENDING, sound.status().state());
        sound.runNow(data);
        assertEquals(WriteCheck.State.PASSED, sound.status().state());
        assertNotNull(sound.status().finishedAt());
        try (Database a = Database.open(data, Database.DEFAULT_WRITE_WAIT, m -> {}, sound)) {
            Fixtures.exec(a, "INSERT INTO filler VALUES ('after')");
        }
        assertEquals(1, sound.runs(), "the write found the check done");

        Path file = data.resolve(Database.FILE_NAME);
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        int pages = bytes.length / 4096;
        for (int i = (pages - 3) * 4096 + 8; i < (pages - 2) * 4096; i++) {
            bytes[i] = (byte) 0x5A;
        }
        java.nio.file.Files.write(file, bytes);
        WriteCheck damaged = new WriteCheck();
        StoreException e = assertThrows(StoreException.class, () -> damaged.runNow(data));
        assertEquals(Database.DAMAGED, e.details().get("reason"));
        assertEquals(WriteCheck.State.FAILED, damaged.status().state());
        assertEquals(e.getMessage(), damaged.status().problem());
        try (Database b = Database.open(data, Database.DEFAULT_WRITE_WAIT, m -> {}, damaged)) {
            StoreException again = assertThrows(StoreException.class,
                    () -> Fixtures.exec(b, "INSERT INTO filler VALUES ('refused')"));
            assertEquals(e.getMessage(), again.getMessage());
        }
        assertEquals(1, damaged.runs(), "the failure is kept: the file is not read through again");
        assertArrayEquals(bytes, java.nio.file.Files.readAllBytes(file), "nothing was written");
    }

    private static QueryLedger.Event event(String text, String requestId) {
        return new QueryLedger.Event("http", text, "lexical", "{}", 1, null, 1.0, null, 1, 1).withRequestId(requestId);
    }

    /** Runs the daemon's check in the background, held before it reads the file until {@code release} opens. */
    private static Thread heldCheck(WriteCheck check, Path data) {
        Thread t = new Thread(() -> {
            try {
                check.runNow(data);
            } catch (StoreException e) {
                // kept in the check's status
            }
        });
        t.start();
        return t;
    }

    @Test
    void appendsBeforeTheVerdictAreQueuedThenWrittenInOrderBeforeWaitingWrites() throws Exception {
        Path data = dir.resolve("data");
        try (Database setup = Database.open(data)) {
            Fixtures.exec(setup, "CREATE TABLE write_check_probe (x TEXT)");
            new QueryLedger(setup).record(event("before", null), List.of());
        }
        List<String> warnings = new CopyOnWriteArrayList<>();
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        WriteCheck check = WriteCheck.deferringAppends(warnings::add, () -> {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread checking = heldCheck(check, data);
        assertTrue(entered.await(60, TimeUnit.SECONDS));
        try (Database a = Database.open(data, Database.DEFAULT_WRITE_WAIT, m -> {}, check);
                Database b = Database.open(data, Database.DEFAULT_WRITE_WAIT, m -> {}, check)) {
            long first = new QueryLedger(a).record(event("first", "r1"), List.of(new QueryLedger.Exposure(1, "e1", 1.0,
                    false)));
            assertEquals(2, first, "above the highest id the ledger holds");
            assertEquals(first, new QueryLedger(b).record(event("first again", "r1"), List.of()), "same invocation");
            long second = new QueryLedger(b).record(event("second", null), List.of());
            assertEquals(3, second);
            new ToolCalls(a).record(new ToolCalls.Call("mcp", "recall_query", true, null, 1, second, 5), Instant.now());
            assertEquals(3, check.status().appendsQueued());
            assertEquals(1, Fixtures.count(a, "SELECT count(*) FROM recall_query_events"), "nothing written yet");
            // a write waits for the verdict (and the queued appends are written before it goes ahead)
            CompletableFuture<Void> write = CompletableFuture.runAsync(
                    () -> Fixtures.exec(b, "INSERT INTO write_check_probe VALUES ('after')"));
            release.countDown();
            write.get(60, TimeUnit.SECONDS);
            checking.join();
            WriteCheck.Status s = check.status();
            assertEquals(WriteCheck.State.PASSED, s.state());
            assertEquals(3, s.appendsWritten());
            assertEquals(0, s.appendsQueued());
            assertEquals("before,first,second", StoreSql.text(a,
                    "SELECT group_concat(query_text, ',') FROM (SELECT query_text FROM recall_query_events ORDER BY id)"));
            assertEquals(1, Fixtures.count(a, "SELECT count(*) FROM recall_query_exposures WHERE event_id = 2"));
            assertEquals(3, Fixtures.count(a, "SELECT query_event_id FROM recall_tool_calls"));
            assertEquals(4, new QueryLedger(a).record(event("now", null), List.of()), "written at once after");
            assertEquals(List.of(), warnings);
        }
    }

    @Test
    void anIdTakenMeanwhileByAnotherProcessDropsTheQueuedRecordWithAWarning() throws Exception {
        Path data = dir.resolve("data");
        try (Database setup = Database.open(data)) {
            Fixtures.exec(setup, "CREATE TABLE write_check_probe (x TEXT)");
        }
        List<String> warnings = new CopyOnWriteArrayList<>();
        CountDownLatch release = new CountDownLatch(1);
        WriteCheck check = WriteCheck.deferringAppends(warnings::add, () -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread checking = heldCheck(check, data);
        try (Database a = Database.open(data, Database.DEFAULT_WRITE_WAIT, m -> {}, check);
                Database other = Database.open(data)) { // another process: its own check, its own ids
            long reserved = new QueryLedger(a).record(event("queued", null), List.of());
            assertEquals(1, reserved);
            assertEquals(1, new QueryLedger(other).record(event("other process", null), List.of()));
            release.countDown();
            checking.join();
            assertEquals(WriteCheck.State.PASSED, check.status().state());
            assertEquals(1, check.status().appendsDropped());
            assertEquals("other process", StoreSql.text(a, "SELECT group_concat(query_text) FROM recall_query_events"));
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.getFirst().contains("could not be written"), warnings.toString());
        }
    }
}
