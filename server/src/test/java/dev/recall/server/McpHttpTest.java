package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.store.StoreSql;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon's MCP endpoint spoken to by the MCP Java SDK's streamable HTTP client, on a real daemon on 127.0.0.1:
 * the tools answer as over stdio, the token is demanded even on loopback, and the API's Host/Origin guard holds.
 */
class McpHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;
    static TestDaemon d;
    static McpSyncClient client;

    @BeforeAll
    static void start() {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        d = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()));
        client = client(d.daemon.info().token());
        client.initialize();
    }

    static McpSyncClient client(String token) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport
                .builder("http://127.0.0.1:" + d.daemon.info().port()).endpoint("/mcp")
                .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                .httpRequestCustomizer((builder, method, uri, body, context) -> {
                    if (token != null) {
                        builder.header("Authorization", "Bearer " + token);
                    }
                }).build();
        return McpClient.sync(transport).requestTimeout(Duration.ofMinutes(3))
                .initializationTimeout(Duration.ofMinutes(1)).build();
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.closeGracefully();
        }
        d.close();
    }

    private static JsonNode ok(McpSchema.CallToolResult r) throws Exception {
        assertNotEquals(Boolean.TRUE, r.isError(), r.toString());
        return JSON.readTree(((McpSchema.TextContent) r.content().getFirst()).text());
    }

    @Test
    void theToolsAnswerOverStreamableHttp() throws Exception {
        assertEquals(List.of("recall_query", "recall_brief", "recall_get", "recall_list", "recall_propose",
                "recall_sessions_search"), client.listTools().tools().stream().map(McpSchema.Tool::name).toList());
        JsonNode q = ok(client.callTool(new McpSchema.CallToolRequest("recall_query", Map.of("query",
                "integration tests postgres", "mode", "hybrid", "project", "ledgerd"))));
        // no vectors on this daemon: the lexical answer, said to be one
        assertEquals("lexical", q.path("mode").asText());
        assertEquals("hybrid", q.path("degraded").path("asked_mode").asText(), q.toString());
        assertTrue(q.path("entries").size() > 0);
        JsonNode got = ok(client.callTool(new McpSchema.CallToolRequest("recall_get", Map.of("id",
                "ledgerd-warn-001"))));
        assertEquals("trusted", got.path("trust").asText());
        // current_project needs the agent's working directory over HTTP: the tool says so
        McpSchema.CallToolResult noDir = client.callTool(new McpSchema.CallToolRequest("recall_query", Map.of(
                "query", "tests", "current_project", true)));
        assertEquals(Boolean.TRUE, noDir.isError());
        assertTrue(((McpSchema.TextContent) noDir.content().getFirst()).text().contains("working_dir is required"));

        long calls = ((Number) StoreSql.rowsOfFile(d.dataDir.resolve("recall.db"), "SELECT count(*) AS n FROM"
                + " recall_tool_calls WHERE surface = 'mcp' AND tool = 'recall_get' AND ok = 1").getFirst().get("n"))
                .longValue();
        assertTrue(calls >= 1, "the get is recorded: " + calls);
    }

    @Test
    void proposalsGoThroughTheWriter() throws Exception {
        JsonNode p = ok(client.callTool(new McpSchema.CallToolRequest("recall_propose", Map.of("type", "warning",
                "title", "Plain go test skips the store integration tests", "body",
                "They sit behind the integration build tag; pass -tags integration.", "evidence_quote",
                "so plain `go test ./...` never compiles them", "session_id", "sess-ledgerd-0001"))));
        assertTrue(p.path("stored").asBoolean(), p.toString());
        assertEquals("unreviewed_auto", p.path("review_state").asText());
    }

    @Test
    void theTokenIsRequiredEvenOnLoopbackAndTheGuardsHold() {
        Http noToken = new Http(d.daemon.info().port(), null);
        String init = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
        Http.Response r = noToken.send("POST", "/mcp", init, Map.of("Content-Type", "application/json",
                "Accept", "application/json, text/event-stream"));
        assertEquals(401, r.status(), r.toString());
        Http withToken = new Http(d.daemon.info().port(), d.daemon.info().token());
        r = withToken.send("POST", "/mcp", init, Map.of("Content-Type", "application/json", "Origin",
                "http://evil.example"));
        assertEquals(403, r.status(), r.toString());
        r = withToken.send("POST", "/mcp", init, Map.of("Content-Type", "application/json", "Host", "evil.example"));
        assertEquals(403, r.status(), r.toString());
        r = withToken.send("POST", "/mcp", init, Map.of("Content-Type", "application/json"));
        assertEquals(200, r.status(), r.toString());
        assertEquals("recall", r.json().path("result").path("serverInfo").path("name").asText(), r.toString());
        // no server-sent stream: GET is 405, as the transport allows
        assertEquals(405, withToken.get("/mcp").status());
        // not JSON-RPC: a parse error
        r = withToken.send("POST", "/mcp", "not json", Map.of("Content-Type", "application/json"));
        assertEquals(400, r.status(), r.toString());
        assertEquals(-32700, r.json().path("error").path("code").asInt(), r.toString());

        McpSyncClient wrong = client("not-the-token");
        assertThrows(RuntimeException.class, wrong::initialize);
        wrong.close();
    }
}
