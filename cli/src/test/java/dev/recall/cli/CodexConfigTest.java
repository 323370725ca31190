package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Codex configuration docs/mcp.md gives is what Codex would read from ~/.codex/config.toml, and it starts a
 * working server: the snippet is parsed as TOML, its command line run the way Codex runs it (`recall` resolved to
 * this build), and the SDK's client lists the tools and gets a brief.
 */
class CodexConfigTest {
    static final Path DOC = Path.of(System.getProperty("user.dir")).resolve("../docs/mcp.md").normalize();

    @TempDir
    Path tmp;

    /** The TOML blocks of the page's "## Codex" section, in order. */
    static List<JsonNode> codexSnippets() throws Exception {
        String doc = Files.readString(DOC);
        int start = doc.indexOf("\n## Codex");
        assertTrue(start >= 0, "docs/mcp.md has a Codex section");
        int end = doc.indexOf("\n## ", start + 1);
        String section = doc.substring(start, end < 0 ? doc.length() : end);
        Matcher m = Pattern.compile("```toml\\n(.*?)```", Pattern.DOTALL).matcher(section);
        List<JsonNode> out = new ArrayList<>();
        while (m.find()) {
            out.add(new TomlMapper().readTree(m.group(1)));
        }
        return out;
    }

    @Test
    void theDocumentedSnippetStartsTheServer() throws Exception {
        List<JsonNode> snippets = codexSnippets();
        assertEquals(2, snippets.size(), "the stdio snippet and the daemon snippet");
        JsonNode server = snippets.getFirst().path("mcp_servers").path("recall");
        assertEquals("recall", server.path("command").asText());
        List<String> args = new ArrayList<>();
        server.path("args").forEach(a -> args.add(a.asText()));
        assertEquals(List.of("mcp"), args);
        assertTrue(server.path("startup_timeout_sec").asInt() >= 10, server.toString());
        assertTrue(server.path("tool_timeout_sec").asInt() >= 60, server.toString());

        JsonNode daemon = snippets.get(1).path("mcp_servers").path("recall_daemon");
        assertTrue(daemon.path("url").asText().matches("http://127\\.0\\.0\\.1:[A-Z0-9]+/mcp"), daemon.toString());
        assertFalse(daemon.path("bearer_token_env_var").asText().isBlank(), daemon.toString());

        Path data = tmp.resolve("data");
        McpStdioTest.seed(data);
        // Codex runs `command args...` with its environment; `recall` is this build's entry point here
        List<String> cmd = new ArrayList<>(McpStdioTest.command(data));
        cmd = new ArrayList<>(cmd.subList(0, cmd.indexOf("--data-dir")));
        cmd.addAll(args);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("HOME", Files.createDirectories(tmp.resolve("home")).toString());
        env.put("RECALL_DATA_DIR", data.toString()); // the snippet's optional env
        StdioClientTransport transport = new StdioClientTransport(ServerParameters.builder(cmd.getFirst())
                .args(cmd.subList(1, cmd.size())).env(env).build(), new JacksonMcpJsonMapper(new ObjectMapper()));
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofMinutes(2))
                .initializationTimeout(Duration.ofMinutes(2)).build();
        try {
            client.initialize();
            // what Codex tells the model at start: call recall_brief when a task begins
            assertTrue(client.getServerInstructions().contains("recall_brief"), client.getServerInstructions());
            assertEquals(6, client.listTools().tools().size());
            McpSchema.CallToolResult brief = client.callTool(new McpSchema.CallToolRequest("recall_brief",
                    Map.of("task", "run the store integration tests", "current_project", false)));
            assertNotEquals(Boolean.TRUE, brief.isError(), brief.toString());
            JsonNode answer = new ObjectMapper().readTree(((McpSchema.TextContent) brief.content().getFirst()).text());
            assertTrue(answer.path("context").asText().startsWith("<recall-brief>"), answer.toString());
        } finally {
            client.closeGracefully();
        }
    }
}
