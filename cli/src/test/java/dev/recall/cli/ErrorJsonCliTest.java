package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** issue 12 item 11: exit codes by what went wrong, and with --json the failure as a JSON object on stdout. */
class ErrorJsonCliTest {
    @TempDir
    Path tmp;

    @Test
    void failuresAreJsonObjectsWithTheirExitCodes() throws Exception {
        Path data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()).code());

        CliRun missing = CliRun.run(data, "embeddings", "activate", "999", "--json");
        assertEquals(5, missing.code(), missing.toString());
        assertEquals("not_found", missing.json().path("error").path("code").asText(), missing.out());
        assertTrue(missing.json().path("error").path("message").asText().contains("999"));

        CliRun stale = CliRun.run(data, "query", "tests", "--mode", "vector", "--json");
        assertEquals(4, stale.code(), stale.toString());
        assertEquals("stale", stale.json().path("error").path("code").asText());
        assertTrue(stale.json().path("error").path("hint").asText().contains("recall embeddings build --store recall"),
                stale.out());

        byte[] bad = {'{', '"', 'i', 'd', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}', '\n'};
        Path file = Files.write(tmp.resolve("bad.jsonl"), bad);
        CliRun utf8 = CliRun.run(data, "import", file.toString(), "--yes", "--json");
        assertEquals(3, utf8.code(), utf8.toString());
        assertTrue(utf8.json().path("error").path("message").asText().contains("line 1"), utf8.out());

        CliRun human = CliRun.run(data, "embeddings", "retire", "999");
        assertEquals(5, human.code());
        assertEquals("", human.out(), "without --json nothing goes to stdout");
    }
}
