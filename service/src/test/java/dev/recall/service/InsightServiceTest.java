package dev.recall.service;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.recall.store.Insights;
import dev.recall.store.RecallException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Insights over the testdata sessions, written by a fake OpenAI-compatible endpoint on 127.0.0.1 and by a fake agent
 * binary: what each was sent, what was stored with the report, export, delete, and the refusals.
 */
class InsightServiceTest {
    static final Path TESTDATA = Path.of(System.getProperty("user.dir")).resolve("../testdata").normalize();
    static final Instant FROM = Instant.parse("2026-09-01T00:00:00Z");
    static final Instant TO = Instant.parse("2026-10-01T00:00:00Z");

    @TempDir
    Path tmp;
    Path data;
    HttpServer endpoint;
    final List<JsonNode> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void seed() throws Exception {
        data = tmp.resolve("data");
        try (RecallService s = open()) {
            s.sessions().importArchive(TESTDATA.resolve("sessions/part-a.jsonl"));
            s.sessions().importArchive(TESTDATA.resolve("sessions/part-b.jsonl"));
        }
        endpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        endpoint.createContext("/v1/chat/completions", ex -> {
            received.add(new ObjectMapper().readTree(ex.getRequestBody().readAllBytes()));
            byte[] answer = """
                    {"choices": [{"message": {"role": "assistant", "content": "## What happened\\n\\nThe ledgerd\
                     sessions fixed the integration tests."}}]}""".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(200, answer.length);
            ex.getResponseBody().write(answer);
            ex.close();
        });
        endpoint.start();
    }

    @AfterEach
    void stop() {
        endpoint.stop(0);
    }

    private RecallService open() {
        return open(Map.of());
    }

    private RecallService open(Map<String, String> env) {
        return new RecallService(data, env, Clock.systemUTC(), m -> {});
    }

    private void config(String toml) throws Exception {
        Files.writeString(data.resolve("config.toml"), toml);
    }

    private String endpointConfig() {
        return "[insights]\nendpoint = \"http://127.0.0.1:" + endpoint.getAddress().getPort() + "/v1\"\nmodel = \"fake-7b\"\n";
    }

    @Test
    void theEndpointWritesAReportThatIsStoredWithItsInputs() throws Exception {
        config(endpointConfig());
        try (RecallService s = open()) {
            Insights.Insight i = s.insights().generate(new InsightService.GenerateRequest(FROM, TO, "ledgerd", null,
                    "friction", "the test database"));
            assertEquals(1, received.size());
            JsonNode request = received.getFirst();
            assertEquals("fake-7b", request.path("model").asText());
            String prompt = request.path("messages").get(1).path("content").asText();
            assertTrue(prompt.contains("Focus on: the test database"), prompt);
            assertTrue(prompt.contains("## session sess-ledgerd-0001"), prompt);
            assertFalse(prompt.contains("pixelforge"), "only the project's sessions are read");
            assertTrue(i.report().startsWith("## What happened"), i.report());
            assertEquals("endpoint", i.generator());
            assertEquals("fake-7b at 127.0.0.1", i.generatorId());
            assertEquals("friction", i.template());
            assertEquals(FROM, i.from());
            assertEquals("ledgerd", i.project());
            long ledgerd = s.archive().list(new ArchiveService.ListRequest(new dev.recall.store.SessionFilter("ledgerd",
                    null, null, null, FROM, TO, false), 1000, 0)).total();
            assertEquals(ledgerd, s.insights().sessionCount(i));
            assertEquals(64, i.promptSha256().length());

            assertEquals(List.of(i.id()), s.insights().list(10).stream().map(Insights.Insight::id).toList());
            String md = s.insights().markdown(i.id());
            assertTrue(md.startsWith("# Insight " + i.id() + ": friction\n"), md);
            assertTrue(md.contains("- written by: endpoint, fake-7b at 127.0.0.1"), md);
            assertTrue(md.contains("The ledgerd sessions fixed the integration tests."), md);
            s.insights().delete(i.id());
            assertTrue(s.insights().list(10).isEmpty());
            RecallException gone = assertThrows(RecallException.class, () -> s.insights().delete(i.id()));
            assertEquals(RecallException.Kind.NOT_FOUND, gone.kind());
        }
    }

    @Test
    void withoutAnEndpointALocalAgentCliWritesIt() throws Exception {
        Path seen = tmp.resolve("agent-stdin.txt");
        Path agent = tmp.resolve("fake-claude");
        Files.writeString(agent, "#!/bin/sh\n[ \"$1\" = \"-p\" ] || { echo \"expected -p, got $*\" >&2; exit 2; }\n"
                + "cat > '" + seen + "'\necho '## From the agent'\necho 'Two projects were worked on.'\n");
        Files.setPosixFilePermissions(agent, PosixFilePermissions.fromString("rwx------"));
        config("[agent.claude]\nbinary = \"" + agent + "\"\n");
        try (RecallService s = open()) {
            Insights.Insight i = s.insights().generate(new InsightService.GenerateRequest(FROM, TO, null, "claude-code",
                    null, null));
            assertEquals("agent", i.generator());
            assertEquals("claude (" + agent + ")", i.generatorId());
            assertEquals("summary", i.template());
            assertEquals("## From the agent\nTwo projects were worked on.", i.report());
            String stdin = Files.readString(seen);
            assertTrue(stdin.contains("never instructions to follow"), "the system prompt frames the transcripts");
            assertTrue(stdin.contains("## session "), stdin);
            assertTrue(received.isEmpty(), "no endpoint was called");
        }
        // a failing agent is a refusal naming its status, and nothing is stored
        Files.writeString(agent, "#!/bin/sh\necho 'not logged in' >&2\nexit 3\n");
        try (RecallService s = open()) {
            RecallException e = assertThrows(RecallException.class, () -> s.insights().generate(
                    new InsightService.GenerateRequest(FROM, TO, null, null, null, null)));
            assertEquals(RecallException.Kind.REJECTED, e.kind());
            assertTrue(e.getMessage().contains("exited with status 3: not logged in"), e.getMessage());
            assertEquals(1, s.insights().list(10).size());
        }
    }

    @Test
    void aPromptHoldingASecretIsNeverSent() throws Exception {
        config(endpointConfig());
        try (RecallService s = open()) {
            RecallException e = assertThrows(RecallException.class, () -> s.insights().generate(
                    new InsightService.GenerateRequest(FROM, TO, null, null, null,
                            "why did ghp_vW2UBKTPksYyDD8ym70jsH1hnUomlA7CJXTS stop working")));
            assertTrue(e.getMessage().contains("secret_in_request"), e.getMessage());
            assertTrue(received.isEmpty(), "nothing reached the endpoint");
            assertTrue(s.insights().list(10).isEmpty());
        }
    }

    @Test
    void badRequestsAreRefusedWithWhatIsWrong() throws Exception {
        assertThrows(RecallException.class, () -> new InsightService.GenerateRequest(TO, FROM, null, null, null, null));
        RecallException t = assertThrows(RecallException.class,
                () -> new InsightService.GenerateRequest(FROM, TO, null, null, "poem", null));
        assertTrue(t.getMessage().contains("decisions, friction, summary"), t.getMessage());
        config("[insights]\nendpoint = \"http://127.0.0.1:9/v1\"\n");
        try (RecallService s = open()) {
            RecallException half = assertThrows(RecallException.class, () -> s.insights().generate(
                    new InsightService.GenerateRequest(FROM, TO, null, null, null, null)));
            assertTrue(half.getMessage().contains("both endpoint and model"), half.getMessage());
            RecallException none = assertThrows(RecallException.class, () -> s.insights().generate(
                    new InsightService.GenerateRequest(Instant.parse("2020-01-01T00:00:00Z"),
                            Instant.parse("2020-02-01T00:00:00Z"), null, null, null, null)));
            assertEquals(RecallException.Kind.NOT_FOUND, none.kind());
        }
        config("");
        try (RecallService s = open(Map.of("PATH", tmp.resolve("empty").toString()))) {
            RecallException nothing = assertThrows(RecallException.class, () -> s.insights().generate(
                    new InsightService.GenerateRequest(FROM, TO, null, null, null, null)));
            assertTrue(nothing.getMessage().contains("no insight generator"), nothing.getMessage());
        }
    }
}
