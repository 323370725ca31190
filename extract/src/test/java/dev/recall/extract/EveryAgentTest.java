package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.sessions.AgentFixtures;
import dev.recall.sessions.HistoryCapture;
import dev.recall.sessions.OutputDir;
import dev.recall.sessions.ProjectContext;
import dev.recall.sessions.ProvenanceCheck;
import dev.recall.sessions.SecretScanner;
import dev.recall.sessions.SessionSync;
import dev.recall.sessions.SyncProgress;
import dev.recall.sessions.SyncReport;
import dev.recall.sessions.TranscriptDiscovery;
import dev.recall.store.Database;
import dev.recall.store.EntryImport;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.Entries;
import dev.recall.store.Message;
import dev.recall.store.RecallEntry;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What recall does with a session does not depend on the agent that wrote it: for every adapter, the same
 * conversation (in that agent's format) is redacted before storage, captured into history.md and context.md without
 * its secret, distilled by extraction into the same kind of entry carrying the adapter's name, and an entry anchored
 * in it loses its provenance when the agent's copy changes.
 */
class EveryAgentTest {
    static final Clock LATER = Clock.fixed(Instant.parse("2027-01-01T00:00:00Z"), ZoneOffset.UTC);
    static final String QUESTION = "How do we run the integration tests here?";

    @TempDir
    Path tmp;

    Database db;

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    static Stream<AgentFixtures.Expected> agents() {
        return AgentFixtures.ALL.stream();
    }

    private SyncReport sync(String agent, Path home) {
        TranscriptDiscovery.Roots roots = new TranscriptDiscovery.Roots(
                Map.of(agent, List.of(AgentFixtures.location(home, agent))));
        return new SessionSync(db, SecretScanner.archive()).sync(TranscriptDiscovery.all(roots), SyncProgress.none());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("agents")
    void redactionContextHistoryExtractionAndProvenanceWorkTheSame(AgentFixtures.Expected e) throws IOException {
        String agent = e.agent();
        Path home = tmp.resolve("home");
        Path project = Files.createDirectories(tmp.resolve("ledgerd"));
        AgentFixtures.layOut(home, project.toString());
        if (agent.equals("aider")) {
            project = home.resolve("aider/ledgerd"); // aider's history lives in the repository it ran in
        }
        // a project is a git work tree (recall save refuses a directory that is neither in git nor where a session
        // ran, and Cursor's sessions carry no working directory)
        Files.createDirectories(project.resolve(".git"));
        db = Database.open(tmp.resolve("data"));
        SyncReport synced = sync(agent, home);
        assertTrue(synced.problems().isEmpty(), synced.problems().toString());
        Session good = goodSession();
        assertEquals(agent, good.agent());
        List<Message> messages = new Sessions(db).messages(good.id());

        // redaction: the planted token is nowhere in the archive, and its finding is recorded
        String archived = messages.stream().map(m -> m.text() + "\n" + m.toolInput()).collect(Collectors.joining("\n"));
        assertFalse(archived.contains(AgentFixtures.SECRET), archived);
        assertTrue(synced.secretsRedacted() >= 1, synced.toString());

        // history.md and context.md: the conversation, never the secret
        OutputDir out = OutputDir.resolve(project, ".recall");
        HistoryCapture.Captured captured = new HistoryCapture(db).capture(out, good.id());
        assertEquals(messages.size(), captured.messages());
        String history = Files.readString(captured.file());
        assertTrue(history.contains(QUESTION), history);
        assertFalse(history.contains(AgentFixtures.SECRET), history);
        ProjectContext.Saved saved = new ProjectContext(db).save(project, out, ProjectContext.DEFAULT_BUDGET);
        String context = Files.readString(saved.file());
        assertFalse(context.contains(AgentFixtures.SECRET), context);
        if (agent.equals("cursor")) {
            assertEquals(0, saved.sessions(), "Cursor's workspace is not in the global store (docs/agents.md)");
        } else {
            String cwd = project.toString();
            long here = new Sessions(db).list(null, 100).stream().filter(s -> cwd.equals(s.cwd())).count();
            assertEquals(Math.min(here, ProjectContext.SESSIONS), saved.sessions(), context);
            assertTrue(context.startsWith("# Project context: ledgerd"), context);
        }

        // extraction: the same warning, carrying the adapter's name and anchored in the session
        Extraction x = new Extraction(db, ExtractConfig.local(), k -> null, LATER);
        x.run(new Extraction.RunOptions(good.id(), false, 10));
        x.activate(null);
        List<RecallEntry> entries = new Entries(db).list(EntryFilter.builder().status(EntryStatus.ACCEPTED)
                .build(), 100);
        RecallEntry warning = entries.stream().filter(r -> r.type() == dev.recall.store.EntryType.WARNING).findFirst()
                .orElseThrow(() -> new AssertionError("no warning extracted from " + agent + ": " + entries));
        assertTrue(warning.body().contains("production database") || warning.title().contains("production database"),
                warning.toString());
        assertEquals(agent, warning.agent());
        assertEquals(good.id(), warning.sourceSessionId());
        assertTrue(warning.provenanceOk());

        // provenance: an entry anchored on the question is revoked when the agent's copy of it changes
        Path lines = tmp.resolve("anchored.jsonl");
        Files.writeString(lines, "{\"id\":\"anchored\",\"type\":\"fact\",\"scope\":\"project\",\"title\":\"how tests"
                + " run\",\"body\":\"make integration\",\"source_session_id\":\"" + good.id() + "\",\"evidence\":"
                + "[{\"start_ordinal\":0,\"end_ordinal\":0,\"snippet\":\"integration tests\"}]}\n");
        var imported = new EntryImport(db, SecretScanner.archive()).run(lines, new EntryImport.Options(true, false), true);
        assertTrue(imported.ok(), imported.rejected().toString());
        assertTrue(new Entries(db).get("anchored").orElseThrow().trusted());
        AgentFixtures.edit(home, agent, QUESTION, "How do we run the unit tests here?");
        SyncReport resynced = sync(agent, home);
        assertTrue(resynced.revocations().contains(
                new ProvenanceCheck.Revocation("anchored", good.id(), ProvenanceCheck.CHANGED)),
                resynced.revocations() + " " + resynced.rereads());
        assertFalse(new Entries(db).get("anchored").orElseThrow().trusted());
        assertEquals(messages.size(), new Sessions(db).messages(good.id()).size(), "the archive is never rewritten");
    }

    private Session goodSession() {
        for (Session s : new Sessions(db).list(null, 100)) {
            if (new Sessions(db).messages(s.id()).stream().anyMatch(m -> m.text().contains(QUESTION))) {
                return s;
            }
        }
        throw new AssertionError("no session holds the question");
    }
}
