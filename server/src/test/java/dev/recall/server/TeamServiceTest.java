package dev.recall.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.index.VectorBuilder;
import dev.recall.opensearch.TestCluster;
import dev.recall.service.EntryService;
import dev.recall.service.MemberService;
import dev.recall.service.RecallService;
import dev.recall.service.SearchService;
import dev.recall.store.RecallException;
import dev.recall.store.ServiceMembers;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two teams' recall services (one daemon each, the OpenSearch backend, each team's indexes under its own prefix)
 * on one real OpenSearch node: a member of team A never sees team B's entries through query, list, get or brief;
 * a missing, wrong, foreign or revoked token is refused; a member reads and an admin may write; a store configured
 * with another team's prefix is refused instead of replacing that team's corpus. One node: the cluster's failover is
 * OpenSearchClusterTest's; here one node keeps the test's cost down.
 */
class TeamServiceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    @TempDir
    static Path dir;
    static TestCluster cluster;
    static Team a;
    static Team b;

    /** One team's service: its data dir, daemon, a member's and an admin's token, and the ids of its entries. */
    record Team(Path data, TestDaemon daemon, String member, String admin, Set<String> ids, List<String> titles) {
        Http as(String token) {
            return new Http(daemon.daemon.info().port(), token);
        }
    }

    @BeforeAll
    static void start() throws IOException {
        cluster = new TestCluster(1);
        a = team("team-a", "part-a.jsonl");
        b = team("team-b", "part-b.jsonl");
    }

    @AfterAll
    static void stop() {
        for (Team t : new Team[] {a, b}) {
            if (t != null) {
                t.daemon.close();
            }
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    private static Team team(String name, String entries) throws IOException {
        Path data = Files.createDirectories(dir.resolve(name));
        writeConfig(data, "recall-" + name);
        Set<String> ids = new LinkedHashSet<>();
        List<String> titles = new ArrayList<>();
        for (String line : Files.readAllLines(TestDaemon.TESTDATA.resolve("entries").resolve(entries))) {
            if (!line.isBlank()) {
                JsonNode e = JSON.readTree(line);
                ids.add(e.path("id").asText());
                titles.add(e.path("title").asText());
            }
        }
        MemberService.NewMember member;
        MemberService.NewMember admin;
        try (RecallService s = new RecallService(data, Map.of(), Clock.systemUTC(), m -> {})) {
            s.sessions().importArchive(TestDaemon.TESTDATA.resolve("sessions/part-a.jsonl"));
            s.sessions().importArchive(TestDaemon.TESTDATA.resolve("sessions/part-b.jsonl"));
            s.entries().importEntries(new EntryService.ImportRequest(TestDaemon.TESTDATA.resolve("entries")
                    .resolve(entries), true, true, false), VectorBuilder.Progress.NONE);
            member = s.members().add(name + "-dev", ServiceMembers.Role.MEMBER);
            admin = s.members().add(name + "-lead", ServiceMembers.Role.ADMIN);
        }
        ServeSettings q = TestDaemon.quiet();
        ServeSettings tokenEverywhere = new ServeSettings(q.host(), 0, false, null, true, q.idleTimeout(),
                q.requestTimeout(), q.maxBodyBytes(), q.maxQueryChars(), q.readers(), q.schedulers());
        return new Team(data, TestDaemon.start(data, tokenEverywhere, Map.of()), member.token(), admin.token(), ids,
                titles);
    }

    private static void writeConfig(Path data, String prefix) throws IOException {
        Files.writeString(data.resolve("config.toml"), "[backend]\nkind = \"opensearch\"\nurls = [\""
                + cluster.node(0) + "\"]\nindex_prefix = \"" + prefix + "\"\nreplicas = 0\ntimeout = \"60s\"\n");
    }

    private static List<String> ids(JsonNode view) {
        List<String> ids = new ArrayList<>();
        view.path("entries").forEach(e -> ids.add(e.path("id").asText()));
        return ids;
    }

    private static JsonNode ok(Http.Response r) {
        assertEquals(200, r.status(), r.toString());
        return r.json();
    }

    private static String query(String text) throws IOException {
        return JSON.writeValueAsString(Map.of("query", text, "limit", 20));
    }

    @Test
    void aMemberSeesOnlyTheirTeamsEntriesThroughQueryListGetAndBrief() throws IOException {
        for (Team[] pair : new Team[][] {{a, b}, {b, a}}) {
            Team own = pair[0];
            Team other = pair[1];
            Http http = own.as(own.member);
            List<String> listed = ids(ok(http.get("/api/v1/recall/entries?limit=1000")));
            assertFalse(listed.isEmpty());
            assertTrue(own.ids.containsAll(listed), "only the team's entries are listed: " + listed);
            String mine = listed.getFirst();
            assertEquals(mine, ok(http.get("/api/v1/recall/entries/" + mine)).path("id").asText());
            String theirs = other.ids.iterator().next();
            assertEquals(404, http.get("/api/v1/recall/entries/" + theirs).status());
            // the other team's own words, asked of this team's service: never one of their entries
            for (String title : other.titles.subList(0, 8)) {
                List<String> found = ids(ok(http.post("/api/v1/recall/query", query(title))));
                assertTrue(found.stream().noneMatch(other.ids::contains), title + " -> " + found);
                assertTrue(own.ids.containsAll(found), title + " -> " + found);
                JsonNode brief = ok(http.post("/api/v1/recall/brief", JSON.writeValueAsString(Map.of("task",
                        title))));
                assertTrue(ids(brief).stream().noneMatch(other.ids::contains), brief.toString());
                assertFalse(brief.path("context").asText().contains(title), brief.toString());
            }
            // and the same words asked of their own service find them (the query is not simply failing)
            String title = other.titles.getFirst();
            List<String> there = ids(ok(other.as(other.member).post("/api/v1/recall/query", query(title))));
            assertTrue(there.stream().anyMatch(other.ids::contains), title + " -> " + there);
        }
    }

    @Test
    void eachTeamsIndexHoldsOnlyItsOwnEntries() throws Exception {
        ok(a.as(a.member).post("/api/v1/recall/query", query("tests")));
        ok(b.as(b.member).post("/api/v1/recall/query", query("tests")));
        assertEquals(0, count("recall-team-a-entries", b.ids));
        assertEquals(a.ids.size(), count("recall-team-a-entries", a.ids));
        assertEquals(0, count("recall-team-b-entries", a.ids));
        assertEquals(b.ids.size(), count("recall-team-b-entries", b.ids));
    }

    private static long count(String index, Set<String> ids) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(cluster.node(0) + "/" + index + "/_count"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("query",
                        Map.of("ids", Map.of("values", List.copyOf(ids)))))))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body()).path("count").asLong();
    }

    @Test
    void aMissingWrongForeignOrRevokedTokenIsRefused() {
        String list = "/api/v1/recall/entries?limit=5";
        Http.Response none = a.as(null).get(list);
        assertEquals(401, none.status(), none.toString());
        assertEquals("unauthorized", none.errorCode());
        assertEquals(401, a.as("not-a-token").get(list).status());
        assertEquals(401, a.as(b.member).get(list).status(), "team B's token at team A's service");
        assertEquals(401, b.as(a.admin).get(list).status(), "team A's admin at team B's service");
        assertEquals(401, a.as(null).send("POST", "/mcp", INIT, Map.of("Content-Type", "application/json"))
                .status());
        try (RecallService s = new RecallService(a.data, Map.of(), Clock.systemUTC(), m -> {})) {
            MemberService.NewMember leaving = s.members().add("team-a-leaving", ServiceMembers.Role.MEMBER);
            assertEquals(200, a.as(leaving.token()).get(list).status(), "a member added while the service runs");
            s.members().revoke("team-a-leaving");
            assertEquals(401, a.as(leaving.token()).get(list).status(), "refused from the next request on");
            assertThrows(RecallException.class, () -> s.members().revoke("team-a-leaving"));
            assertThrows(RecallException.class, () -> s.members().add("team-a-dev", ServiceMembers.Role.MEMBER));
        }
    }

    @Test
    void aMemberReadsAndAnAdminMayAlsoWrite() {
        String line = "{\"id\": \"x-1\", \"type\": \"fact\", \"scope\": \"project\", \"title\": \"t\", \"body\": \"b\","
                + " \"source_session_id\": \"s\"}\n";
        Map<String, String> ndjson = Map.of("Content-Type", "application/x-ndjson");
        Http.Response refused = a.as(a.member).send("POST", "/api/v1/recall/import?dry_run=true", line, ndjson);
        assertEquals(403, refused.status(), refused.toString());
        assertEquals("forbidden", refused.errorCode());
        Http.Response allowed = a.as(a.admin).send("POST", "/api/v1/recall/import?dry_run=true", line, ndjson);
        assertTrue(allowed.status() == 200 || allowed.status() == 400, allowed.toString());
        assertFalse(allowed.errorCode().equals("forbidden"), allowed.toString());
        // a member's agent talks MCP to the team's service with the member's token
        Http.Response mcp = a.as(a.member).send("POST", "/mcp", INIT, Map.of("Content-Type", "application/json"));
        assertEquals(200, mcp.status(), mcp.toString());
    }

    @Test
    void aStoreGivenAnotherTeamsPrefixIsRefusedAndLeavesItsCorpusAlone() throws Exception {
        Path c = Files.createDirectories(dir.resolve("team-c"));
        writeConfig(c, "recall-team-a");
        try (RecallService s = new RecallService(c, Map.of(), Clock.systemUTC(), m -> {})) {
            s.sessions().importArchive(TestDaemon.TESTDATA.resolve("sessions/part-b.jsonl"));
            RecallException e = assertThrows(RecallException.class,
                    () -> s.search().query(SearchService.QueryRequest.builder("tests").build()));
            assertEquals(RecallException.Kind.CONFLICT, e.kind());
            assertTrue(e.getMessage().contains("recall-team-a-entries"), e.getMessage());
        }
        // team A's index still holds team A's corpus, and its service answers from it
        assertEquals(a.ids.size(), count("recall-team-a-entries", a.ids));
        List<String> found = ids(ok(a.as(a.member).post("/api/v1/recall/query", query(a.titles.getFirst()))));
        assertFalse(found.isEmpty());
        assertTrue(a.ids.containsAll(found), found.toString());
    }
}
