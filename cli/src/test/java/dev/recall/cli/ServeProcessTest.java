package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.server.DaemonClient;
import dev.recall.server.ServeInfo;
import dev.recall.store.StoreSql;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `recall serve` as a real process: one per data dir, --detach/--status/--stop, and kill -9 in the middle of a write. */
class ServeProcessTest {
    @TempDir
    Path tmp;

    private Process serve(Path data, String... extra) throws IOException {
        return RecallProcess.serve(tmp, data, tmp.resolve("serve-" + System.nanoTime() + ".log"), extra);
    }

    private static DaemonClient awaitDaemon(Path data, Process p) throws InterruptedException {
        return RecallProcess.awaitDaemon(data, p);
    }

    @Test
    void oneDaemonPerDataDirAndKillNineMidWriteLeavesTheStoreConsistent() throws Exception {
        Path data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl")
                .toString()).code());
        Process first = serve(data);
        try {
            DaemonClient client = awaitDaemon(data, first);
            // a second daemon on the same data dir is refused and names the pid that holds it
            CliRun second = CliRun.run(data, "serve", "--no-schedulers");
            assertEquals(1, second.code(), second.toString());
            assertTrue(second.err().contains("pid " + first.pid()), second.err());
            CliRun status = CliRun.run(data, "serve", "--status");
            assertEquals(0, status.code(), status.toString());
            assertTrue(status.out().contains("pid " + first.pid()) && status.out().contains("sync"), status.out());

            // a large import through the API, killed -9 while it runs
            StringBuilder jsonl = new StringBuilder();
            String template = Files.readAllLines(CliRun.TESTDATA.resolve("entries/part-a.jsonl")).getFirst();
            for (int i = 0; i < 3000; i++) {
                jsonl.append(template.replace("ledgerd-proc-001", "bulk-" + i)).append('\n');
            }
            Thread writer = new Thread(() -> {
                try {
                    client.post("/api/v1/recall/import?yes=true", jsonl.toString().getBytes(StandardCharsets.UTF_8),
                            "application/x-ndjson");
                } catch (DaemonClient.UnreachableException e) {
                    // expected: the daemon is killed
                }
            });
            writer.start();
            Thread.sleep(300);
            first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            writer.join(30_000);
        } finally {
            first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        // the store is consistent: the import is all there or not there at all
        Path db = data.resolve("recall.db");
        assertEquals("ok", StoreSql.rowsOfFile(db, "PRAGMA integrity_check").getFirst().values().iterator().next());
        long count = ((Number) StoreSql.rowsOfFile(db, "SELECT count(*) AS n FROM recall_entries").getFirst().get("n"))
                .longValue();
        assertTrue(count == 0 || count == 3000, "all or nothing: " + count);
        // the next start recovers: the lock died with the process, serve.json is rewritten
        Process again = serve(data);
        try {
            DaemonClient client = awaitDaemon(data, again);
            JsonNode stats = new ObjectMapper().readTree(client.get("/api/v1/recall/stats").body());
            assertTrue(stats.path("total").asLong() == 0 || stats.path("total").asLong() == 3000, stats.toString());
            assertEquals(again.pid(), ServeInfo.read(data).orElseThrow().pid());
            CliRun stop = CliRun.run(data, "serve", "--stop");
            assertEquals(0, stop.code(), stop.toString());
            assertTrue(again.waitFor(60, TimeUnit.SECONDS), "stopped");
            assertFalse(Files.exists(data.resolve(ServeInfo.FILE)), "serve.json goes with a graceful stop");
        } finally {
            again.destroyForcibly();
        }
        CliRun none = CliRun.run(data, "serve", "--status");
        assertEquals(5, none.code(), none.toString());
        assertTrue(none.out().contains("no recall daemon"), none.out());
    }

    /**
     * A daemon says which collector its JVM runs (a measurement of it under G1 is not of the daemon the launchers
     * start, with Serial); the parallel collector here, which neither the launchers nor a test JVM run.
     */
    @Test
    void theDaemonNamesTheCollectorItRunsUnder() throws Exception {
        Path data = tmp.resolve("collector");
        Process p = RecallProcess.serve(tmp, data, tmp.resolve("serve-gc.log"), List.of("-XX:+UseParallelGC"));
        try {
            DaemonClient client = awaitDaemon(data, p);
            JsonNode jvm = new ObjectMapper().readTree(client.get("/api/v1/health").body()).path("jvm");
            assertEquals("Parallel", jvm.path("gc").asText(), jvm.toString());
            assertTrue(jvm.path("gc_beans").toString().contains("PS Scavenge"), jvm.toString());
            CliRun status = CliRun.run(data, "serve", "--status");
            assertEquals(0, status.code(), status.toString());
            assertTrue(status.out().contains("  jvm: Java " + Runtime.version().feature()), status.out());
            assertTrue(status.out().contains(", Parallel collector\n"), status.out());
        } finally {
            p.destroy();
            p.waitFor(60, TimeUnit.SECONDS);
            p.destroyForcibly();
        }
    }

    @Test
    void detachRefusesBadSettingsWithTheReasonInsteadOfPointingAtTheLog() {
        Path data = tmp.resolve("refused");
        CliRun refused = CliRun.runIn(data, tmp, Map.of("HOME", tmp.toString(), "PATH", System.getenv("PATH")),
                "serve", "--detach", "--host", "0.0.0.0", "--no-schedulers");
        assertEquals(2, refused.code(), refused.toString());
        assertTrue(refused.err().contains("--listen-public"), refused.err());
        assertFalse(Files.exists(data.resolve(ServeInfo.FILE)), "nothing was started");
        assertFalse(Files.exists(data.resolve(ServeCommand.LOG_FILE)), "no background process wrote a log");
    }

    @Test
    void detachStartsItInTheBackground() throws Exception {
        Path data = tmp.resolve("detached");
        CliRun started = CliRun.runIn(data, tmp, Map.of("HOME", tmp.toString(), "PATH", System.getenv("PATH")),
                "serve", "--detach", "--no-schedulers", "--idle-timeout", "2m");
        assertEquals(0, started.code(), started.toString());
        assertTrue(started.out().contains("recall daemon started: pid"), started.out());
        long pid = ServeInfo.read(data).orElseThrow().pid();
        try {
            assertTrue(ProcessHandle.of(pid).orElseThrow().isAlive());
            CliRun stop = CliRun.run(data, "serve", "--stop");
            assertEquals(0, stop.code(), stop.toString());
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        } finally {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
