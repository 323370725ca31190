package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.extract.Extraction;
import dev.recall.index.VectorBuilder;
import dev.recall.service.RecallService;
import dev.recall.store.SessionCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reconcile-only mode with a real daemon: extraction was once enabled and its generation served, then disabled. A
 * session trashed since must stop serving its extracted entries without any new extraction, and the scheduler says
 * that it only reconciled.
 */
class ExtractionReconcileTest {
    private static final String TRASHED = "sess-ledgerd-0001";
    private static final String KEPT = "sess-ledgerd-0003";

    @TempDir
    Path tmp;

    @Test
    void withExtractionDisabledAPassOnlyWithdrawsWhatTrashedSessionsServed() throws Exception {
        Path data = tmp.resolve("data");
        Files.createDirectories(data);
        Files.writeString(data.resolve("config.toml"), """
                [recall.extract]
                enabled = false
                extractor = "local"
                """);
        try (RecallService s = new RecallService(data, Map.of(), Clock.systemUTC(), m -> {})) {
            s.sessions().importArchive(TestDaemon.TESTDATA.resolve("sessions/part-a.jsonl"));
            s.extraction().run(new Extraction.RunOptions(TRASHED, false, 1));
            s.extraction().run(new Extraction.RunOptions(KEPT, false, 1));
            s.extraction().activate(null, VectorBuilder.Progress.NONE);
            s.archive().mark(TRASHED, SessionCatalog.Mark.TRASHED);
        }
        ServeSettings.Schedules fast = new ServeSettings.Schedules(true, Duration.ofMillis(300), Duration.ZERO,
                Duration.ofMillis(300), Duration.ZERO, Duration.ofMillis(300), Duration.ZERO, Duration.ofHours(1));
        try (TestDaemon d = TestDaemon.start(data, TestDaemon.quiet().withSchedules(fast),
                Map.of("HOME", tmp.resolve("nohome").toString()))) {
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            JsonNode ex = null;
            while (System.nanoTime() < deadline) {
                ex = SchedulersTest.scheduler(d.http, "extraction");
                if (ex.path("runs").asLong() >= 1 && ex.hasNonNull("last_result")) {
                    break;
                }
                Thread.sleep(200);
            }
            assertNotNull(ex);
            assertTrue(ex.path("last_result").asText().startsWith("reconcile only"), ex.toString());
            assertFalse(ex.hasNonNull("last_error"), ex.toString());
            JsonNode entries = d.http.get("/api/v1/recall/entries?limit=500").json().path("entries");
            long trashed = 0;
            long kept = 0;
            for (JsonNode e : entries) {
                trashed += e.path("source_session_id").asText().equals(TRASHED) ? 1 : 0;
                kept += e.path("source_session_id").asText().equals(KEPT) ? 1 : 0;
            }
            assertEquals(0, trashed, "the trashed session's extracted entries are no longer served: " + entries);
            assertTrue(kept > 0, "the other session's entries are still served");
            JsonNode status = d.http.get("/api/v1/recall/extraction/status").json();
            assertEquals(2, status.path("done").asLong(), "nothing was extracted again: " + status);
        }
    }
}
