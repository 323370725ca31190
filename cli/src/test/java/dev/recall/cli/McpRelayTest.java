package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.server.Daemon;
import dev.recall.server.ServeSettings;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `recall mcp` while a daemon serves the data dir relays every message to the daemon's /mcp, spoken to by the MCP
 * SDK's client over stdio; when the daemon stops mid-session, the same session goes on in-process.
 *
 * <p>To tell who answered, the relay runs on an empty data dir that holds a copy of the daemon's serve.json (the
 * daemon is found through that file and its live pid): only the daemon, which serves the seeded corpus, can answer
 * with entries; the in-process server, over the empty data dir, answers with none.
 */
class McpRelayTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void relaysToTheDaemonThenServesInProcessWhenItStops() throws Exception {
        Path data = tmp.resolve("data");
        McpStdioTest.seed(data);
        ServeSettings settings = ServeSettings.loopback().withIdleTimeout(Duration.ZERO)
                .withSchedules(ServeSettings.Schedules.off());
        Daemon daemon = Daemon.start(data, settings, Map.of("HOME", tmp.toString()), m -> {}, false);
        McpSyncClient client = null;
        try {
            Path empty = tmp.resolve("empty");
            Files.createDirectories(empty);
            Files.copy(data.resolve("serve.json"), empty.resolve("serve.json"));
            client = client(empty);

            JsonNode relayed = ok(McpStdioTest.call(client, "recall_query", Map.of("query",
                    "integration tests postgres", "mode", "lexical", "limit", 3)));
            assertFalse(McpStdioTest.ids(relayed).isEmpty(), "the daemon serves the seeded corpus: " + relayed);
            // the daemon knows no working directory: the relay gave it this process's (an error otherwise)
            JsonNode scoped = ok(McpStdioTest.call(client, "recall_query", Map.of("query", "integration tests",
                    "mode", "lexical", "current_project", true)));
            assertTrue(scoped.has("entries"), scoped.toString());
            McpSchema.CallToolResult bad = McpStdioTest.call(client, "recall_query", Map.of("query", "x", "limit",
                    500));
            assertEquals(Boolean.TRUE, bad.isError());
            assertTrue(McpStdioTest.text(bad).contains("limit must be between 1 and 25"), McpStdioTest.text(bad));
            assertEquals(6, client.listTools().tools().size());

            daemon.close();
            daemon = null;
            JsonNode local = ok(McpStdioTest.call(client, "recall_query", Map.of("query",
                    "integration tests postgres", "mode", "lexical", "limit", 3)));
            assertEquals(List.of(), McpStdioTest.ids(local), "served in-process, over the empty data dir: " + local);
            assertEquals(6, client.listTools().tools().size());
            client.ping();
        } finally {
            if (client != null) {
                client.closeGracefully();
            }
            if (daemon != null) {
                daemon.close();
            }
        }
    }

    private McpSyncClient client(Path dataDir) {
        List<String> cmd = McpStdioTest.command(dataDir);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("HOME", tmp.toString());
        env.put("DJL_OFFLINE", "true");
        env.remove("RECALL_DATA_DIR");
        env.remove("RECALL_NO_DAEMON");
        StdioClientTransport transport = new StdioClientTransport(ServerParameters.builder(cmd.getFirst())
                .args(cmd.subList(1, cmd.size())).env(env).build(), new JacksonMcpJsonMapper(new ObjectMapper()));
        transport.setStdErrorHandler(line -> System.err.println("[recall mcp] " + line));
        McpSyncClient c = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(120))
                .initializationTimeout(Duration.ofMinutes(2)).build();
        c.initialize();
        return c;
    }

    private static JsonNode ok(McpSchema.CallToolResult r) throws Exception {
        assertNotEquals(Boolean.TRUE, r.isError(), r.toString());
        return JSON.readTree(McpStdioTest.text(r));
    }
}
