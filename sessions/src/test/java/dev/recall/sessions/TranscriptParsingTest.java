package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptParsingTest {
    @TempDir
    Path tmp;

    Database db;
    SyncReport report;

    @BeforeEach
    void sync() {
        db = Database.open(tmp.resolve("data"));
        TranscriptDiscovery.Roots roots = Fixtures.copy(tmp.resolve("home"), null);
        report = new SessionSync(db, SecretScanner.archive()).sync(TranscriptDiscovery.all(roots),
                SyncProgress.none());
    }

    @AfterEach
    void close() {
        db.close();
    }

    private List<Message> messages(String id) {
        return new Sessions(db).messages(id);
    }

    private static String all(List<Message> ms) {
        return ms.stream().map(m -> m.role() + "|" + m.text() + "|" + m.toolName() + "|" + m.toolInput())
                .collect(Collectors.joining("\n"));
    }

    @Test
    void discoversFourTranscriptsAndReportsMalformedLines() {
        assertEquals(4, report.files());
        assertEquals(4, report.sessionsCreated());
        assertEquals(4, report.malformedLines(), report.malformed().toString());
        assertTrue(report.problems().isEmpty(), report.problems().toString());
        // each malformed line is named by file and line number
        assertTrue(report.malformed().stream().anyMatch(m -> m.path().endsWith(Fixtures.CLAUDE_SESSION + ".jsonl")
                && m.reason().startsWith("malformed JSON")));
        assertTrue(report.malformed().stream().anyMatch(m -> m.reason().equals("not a JSON object")));
    }

    @Test
    void claudeSessionMetadata() {
        Session s = new Sessions(db).get(Fixtures.CLAUDE_SESSION).orElseThrow();
        assertEquals("claude-code", s.agent());
        assertEquals("ledgerd", s.project());
        assertEquals(Fixtures.FIXTURE_CWD, s.cwd());
        assertEquals("fix/flaky-recon", s.gitBranch());
        assertEquals(Instant.parse("2026-09-02T08:00:00Z"), s.startedAt()); // the /clear that opened it
        assertEquals(Instant.parse("2026-09-02T08:12:00Z"), s.endedAt());
        assertEquals(Session.TRANSCRIPT, s.sourceKind());
        assertTrue(s.sourcePath().endsWith(Fixtures.CLAUDE_SESSION + ".jsonl"));
        assertEquals(1, s.transcriptRevision());
    }

    @Test
    void claudeMessagesKeepTheWorkAndSkipTheNoise() {
        List<Message> ms = messages(Fixtures.CLAUDE_SESSION);
        String text = all(ms);
        for (int i = 0; i < ms.size(); i++) {
            assertEquals(i, ms.get(i).ordinal());
            assertNotNull(ms.get(i).contentDigest());
        }
        Message goal = ms.get(0);
        assertEquals("user", goal.role());
        assertTrue(goal.text().startsWith("The reconciliation test in ledgerd is flaky on CI"), goal.text());
        assertEquals("c-0004-4a1b-8c2d-9e3f4a5b6c7d", goal.sourceUuid());
        assertEquals(Instant.parse("2026-09-02T08:01:00Z"), goal.timestamp());
        // noise and thinking never reach the archive
        for (String noise : List.of("Caveat:", "<command-name>", "local-command-stdout", "SIDECHAIN-REPLY",
                "Request interrupted", "THINKING-MUST-NOT-BE-ARCHIVED", "system-reminder", "malware",
                "The user opened", "Running PostToolUse hooks", "Fix flaky reconciliation test")) {
            assertFalse(text.contains(noise), noise + " leaked into:\n" + text);
        }
        // tool calls keep what ran and what was touched; results carry the call's name and summary
        Message read = ms.stream().filter(m -> "Read".equals(m.toolName()) && m.role().equals("assistant"))
                .findFirst().orElseThrow();
        assertEquals(Fixtures.FIXTURE_CWD + "/src/test/java/ledgerd/ReconcileJobTest.java", read.toolInput());
        assertEquals("", read.text());
        Message readResult = ms.get(read.ordinal() + 1);
        assertEquals("tool", readResult.role());
        assertEquals("Read", readResult.toolName());
        assertTrue(readResult.text().contains("class ReconcileJobTest"));
        assertTrue(ms.stream().anyMatch(m -> "Bash".equals(m.toolName())
                && "./gradlew test --tests ReconcileJobTest --rerun-tasks -Drepeat=50".equals(m.toolInput())));
        assertTrue(ms.stream().anyMatch(m -> "tool".equals(m.role()) && m.text().startsWith("[error] ")
                && m.text().contains("cutoffMatchesJob FAILED")));
        assertTrue(ms.stream().anyMatch(m -> "TodoWrite".equals(m.toolName()) && m.toolInput() != null
                && m.toolInput().contains("[pending] Backfill the nightly export for the missed days")));
        // the user's text part keeps the words but loses the injected reminder
        assertTrue(ms.stream().anyMatch(m -> m.role().equals("user") && m.text().startsWith("Also, the deploy")
                && !m.text().contains("reminder")));
        assertEquals("assistant", ms.get(ms.size() - 1).role());
        assertTrue(ms.get(ms.size() - 1).text().endsWith("Should I also backfill the exports from last week?"));
    }

    @Test
    void subagentFileIsItsOwnSessionWithItsSidechainKept() {
        Session s = new Sessions(db).get(Fixtures.SUBAGENT_SESSION).orElseThrow();
        assertEquals("claude-code", s.agent());
        List<Message> ms = messages(Fixtures.SUBAGENT_SESSION);
        assertEquals(List.of("user", "assistant", "tool", "assistant"), ms.stream().map(Message::role).toList());
        assertEquals("LocalDate.now\\( in " + Fixtures.FIXTURE_CWD + "/src", ms.get(1).toolInput());
        assertEquals("Grep", ms.get(2).toolName());
    }

    @Test
    void codexRolloutPairsTwinsAndKeepsToolCalls() {
        Session s = new Sessions(db).get(Fixtures.CODEX_SESSION).orElseThrow();
        assertEquals("codex", s.agent());
        assertEquals("main", s.gitBranch());
        assertEquals(Fixtures.FIXTURE_CWD, s.cwd());
        List<Message> ms = messages(Fixtures.CODEX_SESSION);
        String text = all(ms);
        assertFalse(text.contains("environment_context"), text);
        assertFalse(text.contains("Always run ./gradlew check"), text);
        assertFalse(text.contains("THINKING-MUST-NOT-BE-ARCHIVED"), text);
        assertFalse(text.contains("summary of earlier turns"), text);
        // the prompt is recorded twice (response item + event) and archived once
        assertEquals(1, ms.stream().filter(m -> m.text().startsWith("The nightly export job fails")).count());
        assertEquals(1, ms.stream().filter(m -> m.text().startsWith("The job still reads the old bucket")).count());
        assertEquals(1, ms.stream().filter(m -> m.text().startsWith("ExportJobTest still fails")).count());
        // "continue" said twice is two turns
        assertEquals(2, ms.stream().filter(m -> m.role().equals("user") && m.text().equals("continue")).count());
        Message shell = ms.stream().filter(m -> "shell".equals(m.toolName()) && m.role().equals("assistant"))
                .findFirst().orElseThrow();
        assertEquals("cat config/export.env", shell.toolInput());
        assertEquals("call_FAKE0001", shell.sourceUuid());
        Message out = ms.get(shell.ordinal() + 1);
        assertEquals("tool", out.role());
        assertEquals("shell", out.toolName());
        assertTrue(out.text().startsWith("EXPORT_BUCKET=ledgerd-exports"), out.text());
        Message patch = ms.stream().filter(m -> "apply_patch".equals(m.toolName()) && m.role().equals("assistant"))
                .findFirst().orElseThrow();
        assertEquals("config/export.env\nsrc/test/java/ledgerd/ExportJobTest.java", patch.toolInput());
        assertTrue(ms.stream().anyMatch(m -> "update_plan".equals(m.toolName()) && m.role().equals("assistant")
                && m.toolInput().contains("[pending] Ask ops to delete the old bucket")));
        assertTrue(ms.stream().anyMatch(m -> m.role().equals("tool") && m.text().startsWith("[exit 1] ")));
    }

    @Test
    void compressedRolloutIsRead() {
        List<Message> ms = messages(Fixtures.CODEX_ZST_SESSION);
        assertEquals(List.of("user", "assistant", "tool", "assistant"), ms.stream().map(Message::role).toList());
        assertEquals("sed -i s/old/new/ ci/settings.env", ms.get(1).toolInput());
        assertEquals("local_shell", ms.get(1).toolName());
        assertTrue(ms.get(3).text().startsWith("Rotated the token"));
        assertNull(ms.get(0).toolName());
    }

    @Test
    void aSecondSyncOfUnchangedFilesReadsNothing() {
        SyncReport again = new SessionSync(db, SecretScanner.archive())
                .sync(TranscriptDiscovery.all(Fixtures.copy(tmp.resolve("home2"), null)), SyncProgress.none());
        // same session ids from other paths: refused as conflicts, nothing appended
        assertEquals(0, again.messagesAdded());
        assertEquals(4, again.problems().size(), again.problems().toString());
        SyncReport third = new SessionSync(db, SecretScanner.archive())
                .sync(TranscriptDiscovery.all(new TranscriptDiscovery.Roots(
                        List.of(tmp.resolve("home/claude/projects")), List.of(tmp.resolve("home/codex/sessions")))),
                        SyncProgress.none());
        assertEquals(4, third.unchanged());
        assertEquals(0, third.read());
    }
}
