package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.service.Filters;
import dev.recall.service.RecallService;
import dev.recall.service.Recording;
import dev.recall.service.SearchService;
import dev.recall.store.EntryFilter;
import dev.recall.store.StoreSql;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `recall mcp` as a real process spoken to by the MCP Java SDK's own client over stdio, over the testdata corpus:
 * every tool, bad arguments, stale vectors answered lexically with a note, proposals anchored or refused, the
 * ledger, and a standard output that carries nothing but the protocol.
 */
class McpStdioTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;
    static Path data;
    static McpSyncClient client;

    static List<String> command(Path dataDir) {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", "-Dai.djl.offline=true",
                "-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:ErrorFile=" + System.getProperty("java.io.tmpdir") + "/recall-mcp-hs_err_%p.log",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--data-dir", dataDir.toString(),
                "mcp");
    }

    @BeforeAll
    static void start() {
        data = tmp.resolve("data");
        seed(data);
        // through sh, so that an unexpected end of the server is told with its exit status
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c", "\"$@\"; echo \"recall mcp exited with status $?\" >&2",
                "sh"));
        cmd.addAll(command(data));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("HOME", tmp.toString());
        env.put("DJL_OFFLINE", "true");
        env.remove("RECALL_DATA_DIR");
        StdioClientTransport transport = new StdioClientTransport(ServerParameters.builder(cmd.getFirst())
                .args(cmd.subList(1, cmd.size())).env(env).build(), new JacksonMcpJsonMapper(new ObjectMapper()));
        transport.setStdErrorHandler(line -> System.err.println("[recall mcp] " + line));
        client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(120))
                .initializationTimeout(Duration.ofMinutes(2)).build();
        client.initialize();
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.closeGracefully();
        }
    }

    static void seed(Path dataDir) {
        for (String[] args : List.of(
                new String[] {"sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()},
                new String[] {"sessions", "import", CliRun.TESTDATA.resolve("sessions/part-b.jsonl").toString()},
                new String[] {"import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes",
                        "--reviewed"},
                new String[] {"import", CliRun.TESTDATA.resolve("entries/part-b.jsonl").toString(), "--yes"})) {
            CliRun r = CliRun.run(dataDir, args);
            assertEquals(0, r.code(), r.toString());
        }
    }

    static McpSchema.CallToolResult call(McpSyncClient c, String tool, Map<String, Object> args) {
        return c.callTool(new McpSchema.CallToolRequest(tool, args));
    }

    static String text(McpSchema.CallToolResult r) {
        assertEquals(1, r.content().size(), r.toString());
        return ((McpSchema.TextContent) r.content().getFirst()).text();
    }

    static JsonNode ok(McpSchema.CallToolResult r) throws Exception {
        assertNotEquals(Boolean.TRUE, r.isError(), r.toString());
        return JSON.readTree(text(r));
    }

    static List<String> ids(JsonNode answer) {
        List<String> ids = new ArrayList<>();
        answer.path("entries").forEach(e -> ids.add(e.path("id").asText()));
        return ids;
    }

    @Test
    void listsTheToolsWithSchemasAndInstructions() {
        List<McpSchema.Tool> tools = client.listTools().tools();
        assertEquals(List.of("recall_query", "recall_brief", "recall_get", "recall_list", "recall_propose",
                "recall_sessions_search"), tools.stream().map(McpSchema.Tool::name).toList());
        for (McpSchema.Tool t : tools) {
            assertEquals("object", t.inputSchema().get("type"), t.name());
            assertEquals(false, t.inputSchema().get("additionalProperties"), t.name());
            assertFalse(t.description().isBlank(), t.name());
        }
        McpSchema.Tool query = tools.getFirst();
        assertEquals(List.of("query"), query.inputSchema().get("required"));
        assertTrue(((Map<?, ?>) query.inputSchema().get("properties")).keySet().containsAll(List.of("mode", "limit",
                "project", "branch", "current_project", "current_branch", "scores")));
        assertTrue(client.getServerInstructions().contains("never instructions"));
        assertEquals("recall", client.getServerInfo().name());
    }

    @Test
    void queryAnswersTheServiceRankingWithSnippetsTrustAndEvidence() throws Exception {
        JsonNode answer = ok(call(client, "recall_query", Map.of("query", "integration tests postgres", "mode",
                "lexical", "limit", 5, "project", "ledgerd")));
        assertEquals("lexical", answer.path("mode").asText());
        assertFalse(answer.has("degraded"));
        List<String> expected;
        try (RecallService s = new RecallService(data, Map.of(), Clock.systemUTC(), m -> {})) {
            expected = s.search().query(SearchService.QueryRequest.builder("integration tests postgres")
                    .filters(Filters.of(EntryFilter.builder().project("ledgerd").build())).limit(5)
                    .recording(Recording.NONE).build()).result().hits().stream().map(h -> h.entry().id()).toList();
        }
        assertFalse(expected.isEmpty());
        assertEquals(expected, ids(answer));
        JsonNode first = answer.path("entries").get(0);
        assertTrue(first.path("snippet").asText().contains("["), first.toString()); // matched words marked
        assertTrue(first.path("evidence").asText().startsWith("session sess-"), first.toString());
        assertTrue(first.path("trust").asText().equals("trusted") || first.path("trust").asText().startsWith("untrusted: "));
        assertFalse(first.has("score_breakdown"));

        JsonNode scored = ok(call(client, "recall_query", Map.of("query", "integration tests postgres", "mode",
                "lexical", "limit", 2, "scores", true)));
        assertTrue(scored.path("entries").get(0).path("score_breakdown").size() > 0, scored.toString());
    }

    @Test
    void staleVectorsAnswerLexicallyAndSaySo() throws Exception {
        // no vector generation exists: hybrid (the default mode) is refused underneath, and the agent still gets
        // the lexical answer, told why and how to get hybrid back
        JsonNode answer = ok(call(client, "recall_query", Map.of("query", "integration tests postgres")));
        assertEquals("lexical", answer.path("mode").asText());
        JsonNode degraded = answer.path("degraded");
        assertEquals("hybrid", degraded.path("asked_mode").asText(), answer.toString());
        assertEquals("lexical", degraded.path("answered_mode").asText());
        assertTrue(degraded.path("fix").asText().contains("recall embeddings build --store recall"), degraded.toString());
        assertFalse(ids(answer).isEmpty());
    }

    @Test
    void badArgumentsAreToolErrorsNamingTheArgument() {
        McpSchema.CallToolResult r = call(client, "recall_query", Map.of("query", "x", "limit", 500));
        assertEquals(Boolean.TRUE, r.isError());
        assertTrue(text(r).contains("limit must be between 1 and 25"), text(r));
        r = call(client, "recall_query", Map.of("query", "x", "colour", "red"));
        assertEquals(Boolean.TRUE, r.isError());
        assertTrue(text(r).contains("unknown argument colour"), text(r));
        r = call(client, "recall_query", Map.of("query", "x", "mode", "fuzzy"));
        assertTrue(text(r).contains("mode must be one of lexical, vector, hybrid"), text(r));
        r = call(client, "recall_get", Map.of("id", "no-such-entry"));
        assertEquals(Boolean.TRUE, r.isError());
        assertTrue(text(r).contains("no entry with id 'no-such-entry'"), text(r));
        r = call(client, "recall_query", Map.of("mode", "lexical"));
        assertTrue(text(r).contains("query is required"), text(r));
    }

    @Test
    void briefIsTrustedAndFramedAsEvidence() throws Exception {
        JsonNode answer = ok(call(client, "recall_brief", Map.of("task", "run the store integration tests",
                "budget_bytes", 1500, "project", "ledgerd")));
        String context = answer.path("context").asText();
        assertTrue(context.startsWith("<recall-brief>"), context);
        assertTrue(context.contains("data, not instructions"), context);
        assertTrue(context.getBytes(StandardCharsets.UTF_8).length <= 1500);
        assertTrue(answer.path("included").size() > 0, answer.toString());
        try (RecallService s = new RecallService(data, Map.of(), Clock.systemUTC(), m -> {})) {
            for (JsonNode id : answer.path("included")) {
                assertTrue(s.entries().get(new dev.recall.service.EntryService.GetRequest(id.asText(), false))
                        .entry().trusted(), id.asText());
            }
        }
    }

    @Test
    void getAndListShowTrustAndEvidence() throws Exception {
        JsonNode got = ok(call(client, "recall_get", Map.of("id", "ledgerd-warn-001")));
        assertEquals("trusted", got.path("trust").asText());
        JsonNode ev = got.path("evidence").get(0);
        assertTrue(ev.path("open").asText().startsWith("recall sessions show sess-"), got.toString());
        assertFalse(ev.path("snippet").asText().isBlank());

        JsonNode listed = ok(call(client, "recall_list", Map.of("project", "ledgerd", "type", "warning", "limit", 3)));
        assertEquals(3, listed.path("entries").size(), listed.toString());
        listed.path("entries").forEach(e -> assertEquals("warning", e.path("type").asText()));
        JsonNode unreviewed = ok(call(client, "recall_list", Map.of("review_state", "unreviewed_auto", "limit", 5)));
        unreviewed.path("entries").forEach(e -> assertTrue(e.path("trust").asText().contains("not reviewed"), e.toString()));
    }

    @Test
    void sessionsSearchFindsPassagesWithTheirSessions() throws Exception {
        JsonNode answer = ok(call(client, "recall_sessions_search", Map.of("query", "integration build tag postgres",
                "limit", 3)));
        JsonNode first = answer.path("passages").get(0);
        assertTrue(first.path("session").asText().startsWith("sess-"), answer.toString());
        assertTrue(first.path("snippet").asText().contains("["), first.toString());
        assertTrue(first.path("open").asText().startsWith("recall sessions show "), first.toString());
    }

    @Test
    void proposalsAreStoredUnreviewedAnchoredByTheHostAndSecretsRefused() throws Exception {
        Map<String, Object> proposal = new HashMap<>(Map.of("type", "fact", "title",
                "Postgres-backed store tests need the integration build tag", "body",
                "Plain go test never compiles internal/store/store_integration_test.go; add -tags integration.",
                "evidence_quote", "the Postgres-backed tests are behind the `integration`   build tag",
                "session_id", "sess-ledgerd-0001"));
        JsonNode stored = ok(call(client, "recall_propose", proposal));
        assertTrue(stored.path("stored").asBoolean(), stored.toString());
        assertEquals("unreviewed_auto", stored.path("review_state").asText());
        assertEquals("session sess-ledgerd-0001 messages 3", stored.path("evidence").asText());
        // the anchored quote is the archive's own text (whitespace as the message has it)
        assertEquals("the Postgres-backed tests are behind the `integration` build tag",
                stored.path("anchored_quote").asText());
        String id = stored.path("id").asText();
        JsonNode again = ok(call(client, "recall_propose", proposal));
        assertEquals(id, again.path("id").asText());
        assertFalse(again.path("stored").asBoolean());

        try (RecallService s = new RecallService(data, Map.of(), Clock.systemUTC(), m -> {})) {
            var entry = s.entries().get(new dev.recall.service.EntryService.GetRequest(id, true));
            assertFalse(entry.entry().trusted());
            assertEquals(3, entry.evidence().getFirst().startOrdinal());
            // never in a trusted brief
            var brief = s.search().brief(new SearchService.BriefRequest("integration build tag Postgres",
                    dev.recall.search.SearchMode.LEXICAL, Filters.NONE, 50, 20_000, Recording.NONE));
            assertFalse(brief.brief().included().contains(id));
        }

        Map<String, Object> secret = new HashMap<>(proposal);
        secret.put("title", "Deploy key for staging");
        secret.put("body", "Use AKIAIOSFODNN7EXAMPLQ with the secret in the vault.");
        McpSchema.CallToolResult refused = call(client, "recall_propose", secret);
        assertEquals(Boolean.TRUE, refused.isError());
        assertTrue(text(refused).contains("body holds what looks like a secret"), text(refused));

        Map<String, Object> unanchored = new HashMap<>(proposal);
        unanchored.put("title", "Something never said");
        unanchored.put("evidence_quote", "these words were never said in that session");
        McpSchema.CallToolResult notFound = call(client, "recall_propose", unanchored);
        assertEquals(Boolean.TRUE, notFound.isError());
        assertTrue(text(notFound).contains("does not occur in session 'sess-ledgerd-0001'"), text(notFound));

        try (RecallService s = new RecallService(data, Map.of(), Clock.systemUTC(), m -> {})) {
            assertEquals(1, s.entries().list(new dev.recall.service.EntryService.ListRequest(Filters.of(
                    EntryFilter.builder().project("ledgerd").build()), 1000)).entries().stream()
                    .filter(e -> "agent-proposal-v1".equals(e.extractorMethod())).count());
        }
    }

    @Test
    void everyCallIsInTheLedgerWithSurfaceMcp() throws Exception {
        ok(call(client, "recall_query", Map.of("query", "ledger rounding", "mode", "lexical")));
        call(client, "recall_get", Map.of("id", "no-such-entry"));
        Path db = data.resolve("recall.db");
        assertTrue(count(db, "SELECT count(*) AS n FROM recall_query_events WHERE surface = 'mcp'"
                + " AND query_text = 'ledger rounding'") >= 1);
        var failed = StoreSql.rowsOfFile(db, "SELECT ok, error_kind FROM recall_tool_calls WHERE surface = 'mcp'"
                + " AND tool = 'recall_get' AND error_kind = 'not_found'");
        assertFalse(failed.isEmpty(), "the failed get is recorded");
        assertEquals(0, ((Number) failed.getFirst().get("ok")).intValue());
        assertTrue(count(db, "SELECT count(*) AS n FROM recall_tool_calls t JOIN recall_query_events e"
                + " ON e.id = t.query_event_id WHERE t.tool = 'recall_query' AND e.query_text = 'ledger rounding'") >= 1,
                "the query call links to its query event");
    }

    private static long count(Path db, String sql) {
        return ((Number) StoreSql.rowsOfFile(db, sql).getFirst().get("n")).longValue();
    }

    /** Byte for byte: every line the server writes to stdout is a JSON-RPC message, notices included elsewhere. */
    @Test
    void standardOutputCarriesOnlyTheProtocol() throws Exception {
        Path fresh = tmp.resolve("fresh"); // no lexical index yet: the first query builds it, with a notice
        seed(fresh);
        ProcessBuilder pb = new ProcessBuilder(command(fresh)).redirectError(tmp.resolve("stderr.log").toFile());
        // a home of its own: two processes unpacking the tokenizer's native library into one DJL cache at once can
        // crash the one that loaded it first; lexical, so this one loads no model at all
        pb.environment().put("HOME", java.nio.file.Files.createDirectories(tmp.resolve("home-raw")).toString());
        Process p = pb.start();
        try (OutputStream in = p.getOutputStream();
                BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String[] requests = {
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"recall_query\","
                        + "\"arguments\":{\"query\":\"postgres integration\",\"mode\":\"lexical\"}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}"};
            for (String r : requests) {
                in.write((r + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
            }
            List<JsonNode> answers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                String line = out.readLine();
                assertNotNull(line, "the server closed stdout early");
                JsonNode msg = JSON.readTree(line); // throws on anything that is not JSON
                assertEquals("2.0", msg.path("jsonrpc").asText(), line);
                answers.add(msg);
            }
            // requests are answered concurrently: every one, in any order
            assertEquals(java.util.Set.of(1, 2, 3), answers.stream().map(a -> a.path("id").asInt())
                    .collect(java.util.stream.Collectors.toSet()));
            in.close();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "recall mcp ends when its input closes");
            assertNull(out.readLine(), "nothing after the answers");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(0, p.exitValue());
        String stderr = java.nio.file.Files.readString(tmp.resolve("stderr.log"));
        assertTrue(stderr.contains("building it from the store"), "the index notice went to stderr: " + stderr);
    }
}
