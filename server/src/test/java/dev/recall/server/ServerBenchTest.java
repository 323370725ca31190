package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The `--server` bench tier against a real daemon on the testdata corpus: HTTP rows with no errors, a load test with
 * no errors, rows it cannot measure said so (no launcher, no hook script), and the data dir's own config.toml back
 * as it was.
 */
class ServerBenchTest {
    @TempDir
    Path tmp;

    @Test
    void measuresTheHttpPathAndSaysWhatItCouldNotMeasure() throws Exception {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        String own = "# the user's own settings\n";
        Files.writeString(data.resolve("config.toml"), own);
        List<String> queries = List.of("how do I run the integration tests", "postgres is unreachable",
                "rounding in FX conversion");
        String report = ServerBench.run(new ServerBench.Options(List.of(data), queries, null, null, null, List.of(), 0,
                2, Duration.ofSeconds(3), Duration.ofSeconds(1), line -> {}, null));
        assertTrue(report.contains("entries (data)"), report);
        String lexical = report.lines().filter(l -> l.startsWith("| HTTP lexical |")).findFirst().orElseThrow();
        assertTrue(lexical.endsWith("| 3 | 0 |"), "three timed queries, no errors: " + lexical);
        assertTrue(report.contains("| `recall query` through the daemon | not measured: no launcher"), report);
        assertTrue(report.contains("| Stop and SessionStart hooks through the daemon | not measured: no hook script"),
                report);
        assertTrue(report.contains("no import (no testdata/ beside the jar"), report);
        String load = report.lines().filter(l -> l.matches("\\| \\d+ \\| .*")).findFirst().orElseThrow();
        assertEquals("0", load.split("\\|")[5].strip(), "no errors under load: " + load);
        assertEquals(own, Files.readString(data.resolve("config.toml")), "the dir's config.toml is put back");
    }
}
