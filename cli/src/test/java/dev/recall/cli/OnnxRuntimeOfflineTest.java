package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Found by the fault-injection run (issue 12): ONNX Runtime 1.29 on Linux collects telemetry when its environment is
 * created. It wrote a device id and event database under {@code ~/.cache/Microsoft}, looked up
 * {@code mobile.events.data.microsoft.com} to send them, and parsed {@code /proc/self/cmdline} recursively, so a
 * command line of a few thousand characters (a long query, a long class path) overflowed the stack and the process
 * died with SIGSEGV, no message. A real recall process, with its own HOME and a 10,000-character vector query, must
 * answer and leave nothing of ONNX Runtime's under HOME.
 */
class OnnxRuntimeOfflineTest {
    @TempDir
    Path tmp;

    @Test
    void aVectorQueryWithALongCommandLineAnswersAndLeavesNoTelemetry() throws Exception {
        Path data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes",
                "--reviewed", "--allow-placeholder-sessions").code());
        assertEquals(0, CliRun.run(data, "embeddings", "build").code());
        Path home = Files.createDirectories(tmp.resolve("home"));
        String query = "the integration suite cannot reach the postgres database ".repeat(180);
        assertTrue(query.length() > 10_000);

        Path log = tmp.resolve("query.log");
        Process p = RecallProcess.start(home, data, List.of("query", query, "--mode", "vector", "--json",
                "--no-record"), log);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the query did not finish");
        String out = Files.readString(log);
        assertEquals(0, p.exitValue(), "exit " + p.exitValue() + " (139 is SIGSEGV): " + out);
        assertTrue(out.contains("\"entries\""), out);
        assertFalse(Files.exists(home.resolve(".cache/Microsoft")), "ONNX Runtime telemetry was written under HOME");
    }
}
