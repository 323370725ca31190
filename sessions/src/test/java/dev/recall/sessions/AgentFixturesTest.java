package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.store.Database;
import dev.recall.store.Rereads;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import dev.recall.store.StoreSql;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every adapter against fixtures written in its agent's real format: counts, content, recognition, re-reads. */
class AgentFixturesTest {
    static final String CWD = "/work/ledgerd";

    @TempDir
    Path tmp;

    Database db;
    Path home;

    @BeforeEach
    void open() {
        db = Database.open(tmp.resolve("data"));
        home = tmp.resolve("home");
        AgentFixtures.layOut(home, CWD);
    }

    @AfterEach
    void close() {
        db.close();
    }

    static Stream<AgentFixtures.Expected> agents() {
        return AgentFixtures.ALL.stream();
    }

    private SyncReport syncLocation(String agent, Path location) {
        TranscriptDiscovery.Roots roots = new TranscriptDiscovery.Roots(Map.of(agent, List.of(location)));
        return new SessionSync(db, SecretScanner.archive()).sync(TranscriptDiscovery.all(roots), SyncProgress.none());
    }

    private List<Session> sessions() {
        List<Session> out = new ArrayList<>();
        for (var row : StoreSql.rows(db, "SELECT id FROM sessions ORDER BY id")) {
            out.add(new Sessions(db).get((String) row.get("id")).orElseThrow());
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("agents")
    void syncReadsTheAgentsFixturesFromItsLocation(AgentFixtures.Expected e) {
        SyncReport r = syncLocation(e.agent(), AgentFixtures.location(home, e.agent()));
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertTrue(r.unrecognised().isEmpty(), r.unrecognised().toString());
        assertEquals(e.sessions(), r.sessionsCreated(), "sessions");
        assertEquals(e.messages(), r.messagesAdded(), "messages");
        assertEquals(e.malformed(), r.malformedLines(), r.malformed().toString());
        SyncReport.PerAgent per = r.byAgent().get(e.agent());
        assertEquals(Set.of(e.agent()), r.byAgent().keySet());
        assertEquals(e.sessions(), per.sessionsCreated());
        assertEquals(e.messages(), per.messagesAdded());
        assertEquals(e.malformed(), per.malformedLines());

        List<Session> sessions = sessions();
        assertEquals(e.sessions(), sessions.size());
        assertTrue(sessions.stream().allMatch(s -> s.agent().equals(e.agent())), sessions.toString());
        // the good session: the question (its token redacted), the command run and its output, the answer
        Session good = sessions.stream().filter(s -> new Sessions(db).messages(s.id()).stream()
                .anyMatch(m -> m.text().contains("How do we run the integration tests"))).findFirst().orElseThrow();
        List<Message> ms = new Sessions(db).messages(good.id());
        String all = ms.stream().map(m -> m.role() + "|" + m.text() + "|" + m.toolName() + "|" + m.toolInput())
                .collect(Collectors.joining("\n"));
        assertFalse(all.contains(AgentFixtures.SECRET), all);
        assertTrue(ms.get(0).text().contains("[REDACTED:"), all);
        assertEquals("user", ms.get(0).role());
        assertEquals("assistant", ms.get(ms.size() - 1).role());
        assertTrue(ms.get(ms.size() - 1).text().startsWith("Run `make integration`"), all);
        assertTrue(ms.stream().anyMatch(m -> m.role().equals("tool") && m.text().contains("PASS: 42 tests")), all);
        if (!Set.of("aider", "gptme").contains(e.agent())) { // both keep tool calls inside the answer's text
            assertTrue(ms.stream().anyMatch(m -> m.toolName() != null && "make integration".equals(m.toolInput())
                    && m.role().equals("assistant")), all);
            Message result = ms.stream().filter(m -> m.role().equals("tool")).findFirst().orElseThrow();
            assertEquals("make integration", result.toolInput(), "a result names the call it answers: " + all);
        }
        if (!e.agent().equals("cursor")) { // Cursor keeps the workspace in a per-workspace database
            assertEquals(e.agent().equals("aider") ? home.resolve("aider/ledgerd").toString() : CWD, good.cwd());
        }
        assertNotNull(good.startedAt(), "started");

        SyncReport again = syncLocation(e.agent(), AgentFixtures.location(home, e.agent()));
        assertEquals(0, again.messagesAdded());
        assertEquals(0, again.sessionsCreated());
        assertEquals(0, again.read(), "nothing changed, nothing read again");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("agents")
    void everyFixtureNamedOnTheCommandLineIsRecognisedAsItsAgents(AgentFixtures.Expected e) {
        List<TranscriptFile> found = TranscriptDiscovery.at(AgentFixtures.location(home, e.agent()));
        assertFalse(found.isEmpty());
        for (TranscriptFile f : found) {
            assertTrue(f.recognised(), f.path() + ": " + f.unrecognised());
            assertEquals(e.agent(), f.agent().id(), f.path().toString());
        }
        SyncReport r = new SessionSync(db, SecretScanner.archive()).sync(found, SyncProgress.none());
        assertEquals(e.messages(), r.messagesAdded());
    }

    @Test
    void aFileOfNoKnownFormatIsReportedUnrecognisedAndNotCountedAsRead() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("other"));
        Files.writeString(dir.resolve("notes.jsonl"), "{\"event\":\"deploy\",\"at\":1}\n{\"event\":\"rollback\"}\n");
        Files.writeString(dir.resolve("config.json"), "{\"theme\":\"dark\"}");
        Files.write(dir.resolve("cache.db"), "not a database at all".getBytes());
        Files.writeString(dir.resolve("README.txt"), "not a candidate by name, passed over");
        List<TranscriptFile> found = TranscriptDiscovery.at(dir);
        assertEquals(3, found.size(), found.toString());
        SyncReport r = new SessionSync(db, SecretScanner.archive()).sync(found, SyncProgress.none());
        assertEquals(0, r.read());
        assertEquals(3, r.unrecognised().size(), r.unrecognised().toString());
        assertTrue(r.unrecognised().stream().anyMatch(u -> u.path().endsWith("notes.jsonl")
                && u.reason().contains("event")), r.unrecognised().toString());
        assertEquals(3, r.byAgent().get("(unrecognised)").unrecognised());
    }

    @Test
    void aFileInAnAgentsLocationThatIsNotItsFormatIsUnrecognisedNotRead() throws IOException {
        Path chats = AgentFixtures.location(home, "qwen-code").resolve("-work-x/chats");
        Files.createDirectories(chats);
        Files.writeString(chats.resolve("stray.jsonl"), "{\"hello\":\"world\"}\n");
        SyncReport r = syncLocation("qwen-code", AgentFixtures.location(home, "qwen-code"));
        assertEquals(1, r.unrecognised().size(), r.unrecognised().toString());
        assertEquals("qwen-code", r.unrecognised().get(0).agent());
        assertEquals(3, r.read());
        assertEquals(1, r.byAgent().get("qwen-code").unrecognised());
    }

    @ParameterizedTest
    @ValueSource(strings = {"opencode", "goose", "cursor", "zed"})
    void aTruncatedSqliteStoreIsReportedAndTheSyncGoesOn(String agent) throws IOException {
        Path db = AgentFixtures.location(home, agent);
        Path store = LineAdapter.files(db, p -> p.getFileName().toString().matches(".*\\.(db|vscdb)"))
                .get(0);
        byte[] bytes = Files.readAllBytes(store);
        Path cut = Files.createDirectories(tmp.resolve("cut")).resolve(store.getFileName());
        Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
        AgentAdapter a = Agents.byId(agent).orElseThrow();
        List<TranscriptFile> files = new ArrayList<>(List.of(a.file(cut)));
        files.addAll(TranscriptDiscovery.all(new TranscriptDiscovery.Roots(Map.of(agent, List.of(db)))));
        SyncReport r = new SessionSync(this.db, SecretScanner.archive()).sync(files, SyncProgress.none());
        int expected = AgentFixtures.ALL.stream().filter(e -> e.agent().equals(agent)).findFirst().orElseThrow()
                .messages();
        assertEquals(expected, r.messagesAdded(), "the intact store is still read");
        assertEquals(1, r.problems().size() + r.malformedLines() - expectedMalformed(agent), r.problems().toString()
                + r.malformed());
    }

    private static int expectedMalformed(String agent) {
        return AgentFixtures.ALL.stream().filter(e -> e.agent().equals(agent)).findFirst().orElseThrow().malformed();
    }

    @Test
    void aWholeDocumentThatGrowsIsReconciledAndItsChangedHistoryForks() throws IOException {
        Path location = AgentFixtures.location(home, "amp");
        syncLocation("amp", location);
        Path thread = location.resolve("T-1a2b3c4d-0000-4000-8000-000000000001.json");
        String text = Files.readString(thread);
        String grown = text.replace("\"messages\": [", "\"messages\": [").replaceFirst("\\]\\s*,\\s*\"env\"",
                ", {\"role\": \"user\", \"messageId\": 9, \"content\": [{\"type\": \"text\", \"text\": \"thanks\"}]}],"
                        + " \"env\"");
        Files.writeString(thread, grown);
        SyncReport r = syncLocation("amp", location);
        assertEquals(1, r.messagesAdded(), r.toString());
        assertEquals(1, r.sessionsUpdated());
        assertEquals(List.of(Rereads.Outcome.APPENDED), r.rereads().stream().map(Rereads.Event::outcome).toList());
        Files.writeString(thread, grown.replace("Let me check the Makefile.", "Let me read the Makefile."));
        SyncReport forked = syncLocation("amp", location);
        assertEquals(List.of(Rereads.Outcome.DIVERGED), forked.rereads().stream().map(Rereads.Event::outcome)
                .toList());
        assertEquals("amp:T-1a2b3c4d-0000-4000-8000-000000000001~2", forked.rereads().get(0).forkSessionId());
        assertEquals(6, new Sessions(db).messages("amp:T-1a2b3c4d-0000-4000-8000-000000000001").size(),
                "the archived session is never rewritten");
    }
}
