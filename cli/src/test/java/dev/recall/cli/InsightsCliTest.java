package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * recall insights generate/list/show/export/delete through the real command line over the testdata sessions,
 * written by a fake OpenAI-compatible endpoint on 127.0.0.1 and by a fake agent binary: output, JSON, exit codes,
 * and the refusals of bad input.
 */
class InsightsCliTest {
    @TempDir
    Path tmp;
    Path data;
    HttpServer endpoint;
    final List<JsonNode> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void seed() throws Exception {
        data = tmp.resolve("data");
        CliRun.importSessions(data, "part-a", "part-b");
        endpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        endpoint.createContext("/v1/chat/completions", ex -> {
            received.add(new ObjectMapper().readTree(ex.getRequestBody().readAllBytes()));
            byte[] answer = """
                    {"choices": [{"message": {"role": "assistant", "content": "## Friction\\n\\nThe ledgerd tests\
                     needed the migration first."}}]}""".getBytes(StandardCharsets.UTF_8);
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

    private void config(String toml) throws Exception {
        Files.writeString(data.resolve("config.toml"), toml);
    }

    private CliRun run(String... args) {
        return CliRun.runIn(data, Path.of("").toAbsolutePath(), Map.of("PATH", tmp.resolve("no-agents").toString()), args);
    }

    @Test
    void theEndpointWritesAReportThatIsListedShownExportedAndDeleted() throws Exception {
        config("[insights]\nendpoint = \"http://127.0.0.1:" + endpoint.getAddress().getPort()
                + "/v1\"\nmodel = \"fake-7b\"\n");
        CliRun made = run("insights", "generate", "--from", "2026-09-01", "--to", "2026-10-01", "--project", "ledgerd",
                "--template", "friction", "--focus", "the test database");
        assertEquals(0, made.code(), made.toString());
        assertEquals(1, received.size(), "one request reached the endpoint");
        assertEquals("fake-7b", received.getFirst().path("model").asText());
        String prompt = received.getFirst().path("messages").get(1).path("content").asText();
        assertTrue(prompt.contains("Focus on: the test database"), prompt);
        assertFalse(prompt.contains("pixelforge"), "only the project's sessions are sent");
        assertTrue(made.out().startsWith("insight 1 (friction, "), made.out());
        assertTrue(made.out().contains("by endpoint: fake-7b at 127.0.0.1)"), made.out());
        assertTrue(made.out().contains("The ledgerd tests needed the migration first."), made.out());
        assertTrue(made.err().contains("asking the generator"), "long work says so: " + made.err());

        CliRun list = run("insights", "list");
        assertEquals(0, list.code(), list.toString());
        assertTrue(list.out().contains("   1  "), list.out());
        assertTrue(list.out().contains("friction  2026-09-01T00:00:00Z to 2026-10-01T00:00:00Z  project ledgerd"),
                list.out());
        JsonNode listed = run("insights", "list", "--json").json();
        assertEquals(1, listed.path("count").asInt(), listed.toString());
        JsonNode one = listed.path("insights").get(0);
        assertEquals(1, one.path("id").asLong());
        assertEquals("endpoint", one.path("generator").asText());
        assertEquals("ledgerd", one.path("project").asText());
        assertTrue(one.path("sessions").asInt() > 0, one.toString());
        assertTrue(one.path("report").isMissingNode() || one.path("report").isNull(), "the list leaves reports out");

        JsonNode shown = run("insights", "show", "1", "--json").json();
        assertEquals("the test database", shown.path("focus").asText());
        assertTrue(shown.path("report").asText().startsWith("## Friction"), shown.toString());
        CliRun plain = run("insights", "show", "1");
        assertTrue(plain.out().startsWith("# Insight 1: friction\n"), plain.out());

        Path md = tmp.resolve("insight-1.md");
        CliRun export = run("insights", "export", "1", "--out", md.toString());
        assertEquals(0, export.code(), export.toString());
        assertEquals(plain.out(), Files.readString(md), "export writes what show prints");
        assertTrue(Files.readString(md).contains("- written by: endpoint, fake-7b at 127.0.0.1"));
        assertEquals(plain.out(), run("insights", "export", "1").out());

        JsonNode deleted = run("insights", "delete", "1", "--json").json();
        assertEquals(1, deleted.path("deleted").asLong());
        CliRun again = run("insights", "delete", "1");
        assertEquals(5, again.code(), again.toString());
        CliRun gone = run("insights", "show", "1");
        assertEquals(5, gone.code(), gone.toString());
        assertTrue(gone.err().contains("1"), gone.err());
        CliRun empty = run("insights", "list");
        assertTrue(empty.out().contains("no insights yet"), empty.out());
        assertEquals(0, run("insights", "list", "--json").json().path("count").asInt());
    }

    @Test
    void withoutAnEndpointTheAgentBinaryWritesIt() throws Exception {
        Path seen = tmp.resolve("agent-stdin.txt");
        Path agent = tmp.resolve("fake-claude");
        Files.writeString(agent, "#!/bin/sh\n[ \"$1\" = \"-p\" ] || { echo \"expected -p, got $*\" >&2; exit 2; }\n"
                + "cat > '" + seen + "'\necho '## From the agent'\necho 'Two projects were worked on.'\n");
        Files.setPosixFilePermissions(agent, PosixFilePermissions.fromString("rwx------"));
        config("[agent.claude]\nbinary = \"" + agent + "\"\n");
        JsonNode made = run("insights", "generate", "--from", "2026-09-01", "--to", "2026-10-01", "--agent",
                "claude-code", "--json").json();
        assertEquals("agent", made.path("generator").asText());
        assertEquals("claude (" + agent + ")", made.path("generator_id").asText(), made.toString());
        assertEquals("summary", made.path("template").asText());
        assertEquals("## From the agent\nTwo projects were worked on.", made.path("report").asText());
        assertTrue(Files.readString(seen).contains("## session "), "the agent read the sessions on stdin");
        assertTrue(received.isEmpty(), "no endpoint was called");

        // a failing agent is an input refusal naming its status; nothing more is stored
        Files.writeString(agent, "#!/bin/sh\necho 'not logged in' >&2\nexit 3\n");
        CliRun failed = run("insights", "generate", "--from", "2026-09-01", "--to", "2026-10-01");
        assertEquals(3, failed.code(), failed.toString());
        assertTrue(failed.err().contains("exited with status 3: not logged in"), failed.err());
        assertEquals(1, run("insights", "list", "--json").json().path("count").asInt());
    }

    @Test
    void badInputIsRefusedWithWhatIsWrong() throws Exception {
        CliRun date = run("insights", "generate", "--from", "last tuesday", "--to", "2026-10-01");
        assertEquals(2, date.code(), date.toString());
        assertTrue(date.err().contains("--from: 'last tuesday' is not a date"), date.err());
        CliRun to = run("insights", "generate", "--from", "2026-09-01", "--to", "2026-13-01");
        assertEquals(2, to.code(), to.toString());
        assertTrue(to.err().contains("--to"), to.err());
        CliRun backwards = run("insights", "generate", "--from", "2026-10-01", "--to", "2026-09-01");
        assertEquals(2, backwards.code(), backwards.toString());
        assertTrue(backwards.err().contains("must be before to"), backwards.err());
        CliRun template = run("insights", "generate", "--from", "2026-09-01", "--to", "2026-10-01", "--template", "poem");
        assertEquals(2, template.code(), template.toString());
        assertTrue(template.err().contains("decisions, friction, summary"), template.err());
        CliRun missing = run("insights", "generate", "--to", "2026-10-01");
        assertEquals(2, missing.code(), missing.toString());
        assertTrue(missing.err().contains("--from"), missing.err());
        CliRun id = run("insights", "show", "abc");
        assertEquals(2, id.code(), id.toString());

        config("[insights]\nendpoint = \"http://127.0.0.1:" + endpoint.getAddress().getPort() + "/v1\"\n");
        CliRun half = run("insights", "generate", "--from", "2026-09-01", "--to", "2026-10-01");
        assertEquals(2, half.code(), half.toString());
        assertTrue(half.err().contains("both endpoint and model"), half.err());
        JsonNode halfJson = run("insights", "generate", "--from", "2026-09-01", "--to", "2026-10-01", "--json").json();
        assertTrue(halfJson.path("error").toString().contains("both endpoint and model"), halfJson.toString());
        assertTrue(received.isEmpty(), "a half-configured endpoint is never called");

        config("");
        CliRun none = run("insights", "generate", "--from", "2026-09-01", "--to", "2026-10-01");
        assertEquals(2, none.code(), none.toString());
        assertTrue(none.err().contains("no insight generator"), none.err());
        CliRun outside = run("insights", "generate", "--from", "2020-01-01", "--to", "2020-02-01");
        assertEquals(5, outside.code(), "no sessions in the range: " + outside);
        assertEquals(0, run("insights", "list", "--json").json().path("count").asInt(), "nothing was stored");
    }
}
