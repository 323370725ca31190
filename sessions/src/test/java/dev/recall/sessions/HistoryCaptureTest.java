package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.store.Database;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryCaptureTest {
    @TempDir
    Path tmp;

    Path project;
    Path transcript;
    Database db;
    OutputDir out;

    @BeforeEach
    void setUp() throws IOException {
        project = Files.createDirectories(tmp.resolve("ledgerd"));
        Fixtures.copy(tmp.resolve("home"), project.toString());
        transcript = Fixtures.claudeMain(tmp.resolve("home"));
        db = Database.open(tmp.resolve("data"));
        sync();
        out = OutputDir.resolve(project, ".recall");
    }

    @AfterEach
    void close() {
        db.close();
    }

    private void sync() {
        new SessionSync(db, SecretScanner.archive()).sync(TranscriptDiscovery.at(transcript), SyncProgress.none());
    }

    private String history() throws IOException {
        return Files.readString(project.resolve(".recall/history.md"));
    }

    @Test
    void capturesOnlyWhatIsNewEachTime() throws IOException {
        HistoryCapture capture = new HistoryCapture(db);
        HistoryCapture.Captured first = capture.capture(out, Fixtures.CLAUDE_SESSION);
        assertEquals(0, first.fromOrdinal());
        assertEquals(24, first.messages());
        String h1 = history();
        assertTrue(h1.startsWith(HistoryCapture.HEADER), h1);
        assertTrue(h1.contains("- ran `cat .env`"), h1);
        assertTrue(h1.contains("- edited src/main/java/ledgerd/ReconcileJob.java"), h1);
        assertTrue(h1.contains("  - failed: [error] ReconcileJobTest > cutoffMatchesJob FAILED"), h1);
        assertEquals(0, capture.capture(out, Fixtures.CLAUDE_SESSION).messages());
        assertEquals(h1, history());

        Files.writeString(transcript, "{\"type\":\"user\",\"uuid\":\"n1\",\"timestamp\":\"2026-09-02T09:00:00Z\","
                + "\"message\":{\"role\":\"user\",\"content\":\"Yes, backfill last week too.\"}}\n"
                + "{\"type\":\"assistant\",\"uuid\":\"n2\",\"timestamp\":\"2026-09-02T09:01:00Z\",\"message\":"
                + "{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Backfilling now.\"}]}}\n",
                StandardOpenOption.APPEND);
        sync();
        HistoryCapture.Captured second = capture.capture(out, Fixtures.CLAUDE_SESSION);
        assertEquals(2, second.messages());
        assertEquals(24, second.fromOrdinal());
        String h2 = history();
        assertTrue(h2.startsWith(h1));
        assertEquals("\n## 2026-09-02 09:00 UTC - claude-code session " + Fixtures.CLAUDE_SESSION
                + " - messages 24-25 - branch fix/flaky-recon\n\n- **user** 09:00: Yes, backfill last week too.\n"
                + "- **assistant** 09:01: Backfilling now.\n", h2.substring(h1.length()));
    }

    @Test
    void aDeletedHistoryStartsAgain() throws IOException {
        HistoryCapture capture = new HistoryCapture(db);
        capture.capture(out, Fixtures.CLAUDE_SESSION);
        Files.delete(project.resolve(".recall/history.md"));
        assertEquals(24, capture.capture(out, Fixtures.CLAUDE_SESSION).messages());
        assertEquals(1, history().split("# recall history", -1).length - 1);
    }

    @Test
    void aSymlinkedHistoryIsRefused() throws IOException {
        Path victim = Files.writeString(tmp.resolve("victim"), "keep");
        Files.createDirectories(project.resolve(".recall"));
        Files.createSymbolicLink(project.resolve(".recall/history.md"), victim);
        assertThrows(OutputDir.UnsafePathException.class,
                () -> new HistoryCapture(db).capture(out, Fixtures.CLAUDE_SESSION));
        assertEquals("keep", Files.readString(victim));
        assertEquals(List.of("keep"), Files.readAllLines(victim));
    }
}
