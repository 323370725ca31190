package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file is checked once before a process's first write, however many connections it writes through. */
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
}
