package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
        // a launcher's collector other than this JVM's: the daemon measured here is not the one users start
        String collector = GarbageCollector.current().name();
        String launchers = collector.equals("Serial") ? "G1" : "Serial";
        ServerBench.Report result = ServerBench.run(new ServerBench.Options(List.of(data), queries, null, null, null,
                List.of(), 0, 2, Duration.ofSeconds(3), Duration.ofSeconds(1), line -> {}, null, launchers));
        String report = result.markdown();
        assertEquals(collector, result.collector());
        assertEquals(collector, result.tiers().getFirst().daemonCollector(), "as the daemon's health says");
        assertEquals(Runtime.version().toString(), result.tiers().getFirst().daemonJava());
        assertTrue(report.contains("Collector: " + collector + " (this JVM"), report);
        assertTrue(report.contains("Daemon: Java " + Runtime.version() + ", " + collector + " collector"), report);
        assertEquals(1, result.warnings().size(), result.warnings().toString());
        assertTrue(report.contains("**warning**: the daemon measured on " + data + " ran under the " + collector
                + " collector, the launchers run recall with " + launchers), report);
        JsonNode json = new ObjectMapper().readTree(new ObjectMapper().writeValueAsString(result));
        assertEquals(collector, json.path("collector").asText());
        assertEquals(launchers, json.path("launcherCollector").asText());
        assertEquals(collector, json.path("tiers").path(0).path("daemonCollector").asText());
        assertEquals(3, json.path("tiers").path(0).path("rows").path(0).path("n").asInt(), json.toString());
        assertTrue(json.path("tiers").path(0).path("rows").path(0).path("p50Ms").isNumber(), json.toString());
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

    @Test
    void saysNothingWhenTheDaemonRunsUnderTheLaunchersCollector() throws Exception {
        Path data = tmp.resolve("same");
        TestDaemon.seed(data);
        ServerBench.Report result = ServerBench.run(new ServerBench.Options(List.of(data), List.of("postgres"), null,
                null, null, List.of(), 0, 0, Duration.ofSeconds(1), Duration.ZERO, line -> {}, null,
                GarbageCollector.current().name()));
        assertEquals(List.of(), result.warnings());
        assertFalse(result.markdown().contains("warning"), result.markdown());
    }
}
