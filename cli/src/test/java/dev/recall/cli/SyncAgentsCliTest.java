package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `recall sync` over several agents' default and overridden locations; `--agents`; unrecognised files. */
class SyncAgentsCliTest {
    @TempDir
    Path tmp;

    Path home;
    Map<String, String> env;

    @BeforeEach
    void layOut() throws IOException {
        home = Files.createDirectories(tmp.resolve("home"));
        copy(CliRun.TESTDATA.resolve("agents/gemini-cli/tmp"), home.resolve(".gemini/tmp")); // a default location
        copy(CliRun.TESTDATA.resolve("agents/qwen-code/projects"), tmp.resolve("qwen"));      // an overridden one
        env = Map.of("HOME", home.toString(), "RECALL_QWEN_DIR", tmp.resolve("qwen").toString());
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                Files.createDirectories(target.getParent());
                Files.copy(p, target);
            }
        }
    }

    private CliRun run(String... args) {
        return CliRun.runIn(tmp.resolve("data"), tmp, env, args);
    }

    @Test
    void agentsListsEveryAgentWhereItWasLookedForAndWhatWasFound() {
        CliRun r = run("sync", "--agents", "--json");
        assertEquals(0, r.code(), r.toString());
        JsonNode agents = r.json();
        assertEquals(15, agents.size(), r.out());
        JsonNode gemini = find(agents, "gemini-cli");
        assertFalse(gemini.path("env_set").asBoolean());
        assertEquals(home.resolve(".gemini/tmp").toString(), gemini.path("locations").path(0).path("path").asText());
        assertEquals(3, gemini.path("locations").path(0).path("sources").asInt());
        JsonNode qwen = find(agents, "qwen-code");
        assertTrue(qwen.path("env_set").asBoolean());
        assertEquals("RECALL_QWEN_DIR", qwen.path("env").asText());
        assertEquals(3, qwen.path("locations").path(0).path("sources").asInt());
        assertFalse(find(agents, "claude-code").path("locations").path(0).path("exists").asBoolean());

        CliRun text = run("sync", "--agents");
        assertTrue(text.out().contains("gemini-cli     Gemini CLI             3 sources found"), text.out());
        assertTrue(text.out().contains("RECALL_QWEN_DIR is set"), text.out());
        assertTrue(text.out().contains(home.resolve(".claude/projects") + ": does not exist"), text.out());
    }

    @Test
    void syncReportsPerAgent() {
        CliRun r = run("sync", "--json");
        assertEquals(0, r.code(), r.toString());
        JsonNode j = r.json();
        assertEquals(6, j.path("read").asInt(), r.out());
        assertEquals(0, j.path("unrecognised").size(), r.out());
        JsonNode gemini = j.path("by_agent").path("gemini-cli");
        assertEquals(2, gemini.path("sessions_created").asInt(), r.out());
        assertEquals(7, gemini.path("messages_added").asInt());
        assertEquals(2, gemini.path("malformed_lines").asInt());
        JsonNode qwen = j.path("by_agent").path("qwen-code");
        assertEquals(3, qwen.path("sessions_created").asInt());
        assertEquals(9, qwen.path("messages_added").asInt());
        assertEquals(1, qwen.path("malformed_lines").asInt());

        CliRun stats = run("stats", "--json");
        assertEquals(3, stats.json().path("archive").path("by_agent").path("qwen-code").path("sessions").asInt(),
                stats.out());
        assertEquals(7, stats.json().path("archive").path("by_agent").path("gemini-cli").path("messages").asInt());
        CliRun again = run("sync");
        assertTrue(again.out().contains("qwen-code      3 files: 0 read, 3 unchanged"), again.out());
    }

    @Test
    void aFileOfNoKnownFormatIsReportedUnrecognisedNotRead() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("export"));
        Files.writeString(dir.resolve("events.jsonl"), "{\"event\":\"deploy\"}\n");
        CliRun r = run("sync", "--path", dir.toString());
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("0 read, 0 unchanged, 1 unrecognised"), r.out());
        assertTrue(r.out().contains("unrecognised " + dir.resolve("events.jsonl") + ": JSON records of no known"
                + " agent's format (first record's fields: event)"), r.out());
    }

    private static JsonNode find(JsonNode agents, String id) {
        for (JsonNode a : agents) {
            if (a.path("agent").asText().equals(id)) {
                return a;
            }
        }
        throw new AssertionError("no " + id);
    }
}
