package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** serve.json as written and as read back by clients, including what an older or damaged file holds. */
class ServeInfoTest {
    @TempDir
    Path data;

    @Test
    void roundTripsEveryField() {
        ServeInfo info = new ServeInfo(4242, "::1", 43210, "tok-en", data.toString(), "2026-12-01T19:00:00Z", true,
                "0.1.0");
        info.write(data);
        assertEquals(info, ServeInfo.read(data).orElseThrow());
        assertEquals("http://127.0.0.1:43210", ServeInfo.read(data).orElseThrow().url(),
                "a public daemon is still reached on loopback");
    }

    @Test
    void unknownFieldsAreIgnoredAndMissingOnesAreNull() throws Exception {
        Files.writeString(data.resolve(ServeInfo.FILE), """
                {"pid": 7, "host": "127.0.0.1", "port": 8080, "token": "t", "newer_field": [1, 2]}""");
        ServeInfo info = ServeInfo.read(data).orElseThrow();
        assertEquals(new ServeInfo(7, "127.0.0.1", 8080, "t", null, null, false, null), info);
        assertEquals("http://127.0.0.1:8080", info.url());
    }

    @Test
    void aDamagedOrMissingFileNamesNoDaemon() throws Exception {
        assertTrue(ServeInfo.read(data).isEmpty(), "no serve.json");
        Files.writeString(data.resolve(ServeInfo.FILE), "{\"pid\": 7, \"host\": ");
        assertTrue(ServeInfo.read(data).isEmpty(), "cut off mid-write");
        Files.writeString(data.resolve(ServeInfo.FILE), "[1, 2]");
        assertTrue(ServeInfo.read(data).isEmpty(), "not an object");
    }
}
