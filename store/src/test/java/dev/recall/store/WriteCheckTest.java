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
}
