package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every route of a real daemon on 127.0.0.1 over the testdata corpus: good input, bad input, the errors' shapes. */
class RoutesTest {
    @TempDir
    static Path tmp;
    static TestDaemon d;
    static Http http;

    @BeforeAll
    static void start() {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        ServeSettings settings = TestDaemon.quiet();
        settings = settings.withLimits(settings.requestTimeout(), 65536, settings.maxQueryChars());
        d = TestDaemon.start(data, settings, Map.of("HOME", tmp.toString()));
        http = d.http;
    }

    @AfterAll
    static void stop() {
        d.close();
    }

    private static void assertError(Http.Response r, int status, String code) {
        assertEquals(status, r.status(), r.toString());
        assertEquals(code, r.errorCode(), r.toString());
        assertFalse(r.json().path("error").path("message").asText().isBlank(), r.toString());
        assertEquals("application/json", r.headers().get("content-type"));
    }

    private static List<String> ids(JsonNode view) {
        List<String> ids = new ArrayList<>();
        view.path("entries").forEach(e -> ids.add(e.path("id").asText()));
        return ids;
    }

    /** What the service answers in-process (not recorded), to compare the daemon's answer with. */
    private static List<String> expectedIds(String text, String project, int limit) {
        try (var s = new dev.recall.service.RecallService(d.dataDir, Map.of(), java.time.Clock.systemUTC(), m -> {})) {
            var r = s.search().query(dev.recall.service.SearchService.QueryRequest.builder(text)
                    .filters(dev.recall.service.Filters.of(dev.recall.store.EntryFilter.builder().project(project)
                            .build())).limit(limit)
                    .recording(dev.recall.service.Recording.NONE).build());
            return r.result().hits().stream().map(h -> h.entry().id()).toList();
        }
    }

    @Test
    void healthNamesEverySchedulerWithItsRuns() {
        Http.Response r = http.get("/api/v1/health");
        assertEquals(200, r.status(), r.toString());
        JsonNode h = r.json();
        assertEquals("ok", h.path("status").asText());
        assertEquals(ProcessHandle.current().pid(), h.path("pid").asLong());
        Set<String> names = new HashSet<>();
        for (JsonNode s : h.path("schedulers")) {
            names.add(s.path("name").asText());
            assertTrue(s.has("last_run_at") && s.has("next_run_at") && s.has("last_error"), s.toString());
        }
        assertEquals(Set.of("sync", "embeddings", "extraction"), names);
        assertEquals(GarbageCollector.current().name(), h.path("jvm").path("gc").asText(), h.toString());
        assertEquals(Runtime.version().toString(), h.path("jvm").path("java").asText());
    }

    @Test
    void theOpenApiDocumentListsExactlyTheRoutesServed() {
        JsonNode doc = http.get("/api/v1/openapi.json").json();
        assertEquals("3.1.0", doc.path("openapi").asText());
        Set<String> documented = new HashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = doc.path("paths").fields(); it.hasNext(); ) {
            var p = it.next();
            p.getValue().fieldNames().forEachRemaining(m -> documented.add(m.toUpperCase() + " " + p.getKey()));
        }
        Set<String> served = new HashSet<>();
        new RecallRoutes(null, null, null).routes().forEach(r -> served.add(r.method() + " " + r.path()));
        assertEquals(served, documented);
        // and each documented operation is routed: a request never ends in no_route or method_not_allowed
        for (String op : documented) {
            String method = op.substring(0, op.indexOf(' '));
            String path = op.substring(op.indexOf(' ') + 1).replace("{id}", "no-such-entry")
                    .replace("{fingerprint}", "ffffffff");
            if (path.endsWith("/hooks/stop") || path.endsWith("/recall/import") || path.endsWith("/embeddings/build")
                    || path.endsWith("/extraction/activate")) {
                continue; // writes: exercised by their own tests
            }
            Http.Response r = method.equals("GET") ? http.get(path) : http.post(path, "{}");
            assertFalse(Set.of("no_route", "method_not_allowed").contains(r.status() >= 400 ? r.errorCode() : ""),
                    op + " -> " + r);
        }
    }

    @Test
    void entriesListWithFiltersAndText() {
        JsonNode all = http.get("/api/v1/recall/entries?project=ledgerd&type=warning&limit=5").json();
        assertTrue(all.path("count").asInt() > 0 && all.path("count").asInt() <= 5, all.toString());
        for (JsonNode e : all.path("entries")) {
            assertEquals("ledgerd", e.path("project").asText());
            assertEquals("warning", e.path("type").asText());
        }
        assertEquals("ledgerd", all.path("filters").path("project").asText());
        JsonNode ranked = http.get("/api/v1/recall/entries?q=integration%20tests%20postgres&project=ledgerd").json();
        assertEquals(expectedIds("integration tests postgres", "ledgerd", 20), ids(ranked), "ranked as a query");
    }

    @Test
    void entriesListRejectsWhatItCannotHonour() {
        assertError(http.get("/api/v1/recall/entries?type=nonsense"), 400, "bad_request");
        // the parameter, the value and the known values, in the service's words
        assertTrue(http.get("/api/v1/recall/entries?type=nonsense").body().contains("type: unknown value 'nonsense'"
                + " (allowed: fact, decision, procedure, debugging_method, warning, preference, open_question)"));
        assertError(http.get("/api/v1/recall/entries?projcet=ledgerd"), 400, "bad_request");
        assertError(http.get("/api/v1/recall/entries?limit=0"), 400, "bad_request");
        assertError(http.get("/api/v1/recall/entries?limit=ten"), 400, "bad_request");
        assertError(http.get("/api/v1/recall/entries?trusted_only=maybe"), 400, "bad_request");
        assertError(http.get("/api/v1/recall/entries?q=" + "x".repeat(9000)), 414, "query_too_long");
    }

    @Test
    void oneEntryWithEvidenceOrNotFound() {
        JsonNode e = http.get("/api/v1/recall/entries/ledgerd-proc-001").json();
        assertEquals("ledgerd-proc-001", e.path("id").asText());
        assertTrue(e.path("evidence").size() > 0, e.toString());
        assertEquals(13, e.path("evidence").path(0).path("start_ordinal").asInt());
        assertFalse(http.get("/api/v1/recall/entries/ledgerd-proc-001?evidence=false").json().has("evidence"));
        Http.Response missing = http.get("/api/v1/recall/entries/no-such-entry");
        assertError(missing, 404, "not_found");
        assertTrue(missing.json().path("error").path("message").asText().contains("no-such-entry"));
    }

    @Test
    void sessionsListWithFiltersAndOneSessionPaged() {
        JsonNode all = http.get("/api/v1/sessions?project=ledgerd&limit=3").json();
        assertEquals(3, all.get("count").asInt());
        assertTrue(all.get("total").asInt() > 3, all.toString());
        all.get("sessions").forEach(s -> assertEquals("ledgerd", s.get("project").asText()));
        JsonNode later = http.get("/api/v1/sessions?project=ledgerd&from=2026-09-04").json();
        later.get("sessions").forEach(s -> assertTrue(s.get("started_at").asText().compareTo("2026-09-04") >= 0));
        assertTrue(later.get("total").asInt() < all.get("total").asInt());

        JsonNode page = http.get("/api/v1/sessions/sess-ledgerd-0001?from=1&limit=2").json();
        assertEquals("sess-ledgerd-0001", page.get("id").asText());
        assertEquals(2, page.get("message_list").size());
        assertEquals(1, page.get("message_list").get(0).get("ordinal").asInt());
        assertEquals(3, page.get("next_from").asInt());
        // the entries the testdata anchors in this session show up as citing its messages
        boolean cited = false;
        for (JsonNode m : http.get("/api/v1/sessions/sess-ledgerd-0001?limit=1000").json().get("message_list")) {
            cited |= m.get("cited_by").size() > 0;
        }
        assertTrue(cited);

        assertError(http.get("/api/v1/sessions/no-such-session"), 404, "not_found");
        assertError(http.get("/api/v1/sessions?from=yesterday"), 400, "bad_request");
        assertError(http.get("/api/v1/sessions?from=2026-09-05&to=2026-09-01"), 400, "bad_request");
        assertError(http.get("/api/v1/sessions/sess-ledgerd-0001?limit=0"), 400, "bad_request");
    }

    @Test
    void sessionSearchAnswersPassagesAndIsRecordedAsHttp() {
        Http.Response r = http.get("/api/v1/sessions/search?q=integration+tests+cannot+reach+postgres"
                + "&project=ledgerd&limit=3");
        assertEquals(200, r.status(), r.toString());
        JsonNode j = r.json();
        assertEquals("sessions", j.path("store").asText());
        assertEquals("lexical", j.path("mode").asText());
        assertTrue(j.path("passages").size() > 0 && j.path("passages").size() <= 3, j.toString());
        j.path("passages").forEach(p -> {
            assertEquals("ledgerd", p.path("project").asText());
            assertTrue(p.path("open").asText().startsWith("recall sessions show " + p.path("session_id").asText()));
        });
        assertTrue(j.path("query_id").isNumber(), j.toString());
        JsonNode unrecorded = http.get("/api/v1/sessions/search?q=postgres&record=false").json();
        assertTrue(unrecorded.path("query_id").isNull(), unrecorded.toString());
        // no session vectors in the seeded store: hybrid fails closed, as entry search does
        Http.Response stale = http.get("/api/v1/sessions/search?q=postgres&mode=hybrid");
        assertError(stale, 409, "stale_vectors");
        // the fix names the store that needs vectors, not the entries' store
        String staleHint = stale.json().path("error").path("hint").asText();
        assertTrue(staleHint.contains("--store sessions") && staleHint.contains("[vector.embed] sessions"), staleHint);
        assertError(http.get("/api/v1/sessions/search"), 400, "bad_request");
        assertError(http.get("/api/v1/sessions/search?q=x&mode=semantic"), 400, "bad_request");
        JsonNode ledger = http.get("/api/v1/ledger/stats").json();
        assertTrue(ledger.path("by_store").path("sessions").asLong() >= 1, ledger.toString());
        assertTrue(ledger.path("passage_exposures").asLong() >= j.path("passages").size(), ledger.toString());
    }

    @Test
    void queryAnswersLikeTheCliAndIsRecordedAsHttp() {
        Http.Response r = http.post("/api/v1/recall/query",
                "{\"query\": \"how do I run the integration tests\", \"project\": \"ledgerd\", \"limit\": 3}");
        assertEquals(200, r.status(), r.toString());
        JsonNode q = r.json();
        assertEquals("lexical", q.path("mode").asText());
        assertEquals(expectedIds("how do I run the integration tests", "ledgerd", 3), ids(q),
                "the same ranking as the service in-process");
        assertTrue(q.path("entries").path(0).path("score_breakdown").has("bm25.title"), q.toString());
        assertTrue(q.path("query_id").isNumber());
        JsonNode nested = http.post("/api/v1/recall/query",
                "{\"query\": \"integration tests\", \"filters\": {\"project\": \"ledgerd\", \"type\": \"procedure\"}}").json();
        nested.path("entries").forEach(e -> assertEquals("procedure", e.path("type").asText()));
        JsonNode ledger = http.get("/api/v1/ledger/stats").json();
        assertTrue(ledger.path("by_surface").path("http").asLong() >= 2, ledger.toString());
    }

    @Test
    void everyAnswerSaysWhereTheDaemonSpentItsTime() {
        Http.Response q = http.post("/api/v1/recall/query", "{\"query\": \"integration tests\", \"record\": false}");
        assertEquals(200, q.status(), q.toString());
        Map<String, Double> t = serverTiming(q);
        assertEquals(Set.of("wait", "route", "daemon"), t.keySet(), q.headers().toString());
        assertTrue(t.get("route") > 0 && t.get("wait") >= 0, t.toString());
        assertTrue(t.get("wait") + t.get("route") <= t.get("daemon"), "the parts fit in the whole: " + t);
        // an error answered before any route ran still says how long the daemon took
        Http.Response missing = http.get("/api/v1/no/such/route");
        assertEquals(404, missing.status());
        assertEquals(Set.of("daemon"), serverTiming(missing).keySet(), missing.headers().toString());
    }

    private static Map<String, Double> serverTiming(Http.Response r) {
        String header = r.headers().get("server-timing");
        assertNotNull(header, r.headers().toString());
        Map<String, Double> out = new java.util.LinkedHashMap<>();
        for (String part : header.split(",")) {
            String[] kv = part.strip().split(";dur=");
            assertEquals(2, kv.length, header);
            out.put(kv[0], Double.parseDouble(kv[1]));
        }
        return out;
    }

    @Test
    void aQuerySentAgainUnderItsRequestIdIsRecordedOnce() {
        String body = "{\"query\": \"the request id of a retried query\", \"limit\": 2}";
        Map<String, String> id = Map.of(RecallRoutes.REQUEST_ID_HEADER, "retry-" + System.nanoTime());
        Http.Response first = http.send("POST", "/api/v1/recall/query", body, id);
        Http.Response again = http.send("POST", "/api/v1/recall/query", body, id);
        assertEquals(200, first.status(), first.toString());
        assertEquals(200, again.status(), again.toString());
        assertEquals(first.json().path("query_id").asLong(), again.json().path("query_id").asLong(),
                "the retry is the first query's event");
        Http.Response other = http.send("POST", "/api/v1/recall/query", body, Map.of(RecallRoutes.REQUEST_ID_HEADER,
                "retry-other-" + System.nanoTime()));
        Http.Response none = http.post("/api/v1/recall/query", body);
        assertNotEquals(first.json().path("query_id").asLong(), other.json().path("query_id").asLong());
        assertNotEquals(first.json().path("query_id").asLong(), none.json().path("query_id").asLong());
        assertEquals(3L, dev.recall.store.StoreSql.rowsOfFile(d.dataDir.resolve("recall.db"), "SELECT count(*) AS n"
                + " FROM recall_query_events WHERE query_text = 'the request id of a retried query'").getFirst()
                .get("n") instanceof Number n ? n.longValue() : -1);
        assertError(http.send("POST", "/api/v1/recall/query", body, Map.of(RecallRoutes.REQUEST_ID_HEADER, "two words")),
                400, "bad_request");
        assertError(http.send("GET", "/api/v1/recall/entries?q=tests", null, Map.of(RecallRoutes.REQUEST_ID_HEADER,
                "x".repeat(129))), 400, "bad_request");
    }

    @Test
    void queryRejectsBadRequests() {
        assertError(http.post("/api/v1/recall/query", "{}"), 400, "bad_request");
        assertError(http.post("/api/v1/recall/query", "{\"query\": \"x\", \"mode\": \"semantic\"}"), 400, "bad_request");
        assertTrue(http.post("/api/v1/recall/query", "{\"query\": \"x\", \"mode\": \"semantic\"}").body()
                .contains("mode: unknown value 'semantic' (allowed: lexical, vector, hybrid)"));
        assertError(http.post("/api/v1/recall/query", "{\"query\": \"x\", \"limt\": 3}"), 400, "bad_request");
        assertError(http.post("/api/v1/recall/query", "{\"query\": \"x\", \"limit\": \"3\"}"), 400, "bad_request");
        assertError(http.post("/api/v1/recall/query", "{\"query\": \"x\", \"project\": \"a\", \"filters\": {}}"),
                400, "bad_request");
        assertError(http.post("/api/v1/recall/query", "{\"query\": "), 400, "bad_request");
        assertError(http.post("/api/v1/recall/query", "[1, 2]"), 400, "bad_request");
        assertError(http.post("/api/v1/recall/query", "{\"query\": \"" + "word ".repeat(2000) + "\"}"), 400,
                "bad_request");
        assertError(http.post("/api/v1/recall/query", "{\"query\": \"x\", \"cursor\": \"garbage\"}"), 400,
                "invalid_cursor");
        Http.Response big = http.post("/api/v1/recall/query", "{\"query\": \"" + "a".repeat(100_000) + "\"}");
        assertError(big, 413, "body_too_large");
    }

    @Test
    void vectorAndHybridWithoutVectorsAreRefusedAsStaleWithBothRevisionsAndTheFix() {
        for (String mode : List.of("vector", "hybrid")) {
            Http.Response r = http.post("/api/v1/recall/query", "{\"query\": \"integration tests\", \"mode\": \""
                    + mode + "\"}");
            assertError(r, 409, "stale_vectors");
            JsonNode e = r.json().path("error");
            assertTrue(e.path("current_corpus_revision").asLong() > 0, e.toString());
            assertTrue(e.has("vectors_corpus_revision"), e.toString());
            assertTrue(e.path("hint").asText().contains("/api/v1/embeddings/build"), e.toString());
        }
    }

    @Test
    void briefPacksTrustedEntries() {
        Http.Response r = http.post("/api/v1/recall/brief", "{\"task\": \"fix the rounding bug\", \"project\":"
                + " \"ledgerd\", \"context_max_bytes\": 3000}");
        assertEquals(200, r.status(), r.toString());
        JsonNode b = r.json();
        assertTrue(b.path("context").asText().contains("<recall-brief>"), b.toString());
        assertTrue(b.path("context_meta").path("bytes").asInt() <= 3000);
        b.path("entries").forEach(e -> assertTrue(e.path("trusted").asBoolean()));
        assertError(http.post("/api/v1/recall/brief", "{\"task\": \"x\", \"context_max_bytes\": 0}"), 400,
                "bad_request");
    }

    @Test
    void statsAndLedgerAndExtraction() {
        JsonNode s = http.get("/api/v1/recall/stats").json();
        assertEquals(394, s.path("total").asLong(), s.toString());
        assertEquals(200, http.get("/api/v1/ledger/stats?top=3").status());
        assertError(http.get("/api/v1/ledger/stats?top=-1"), 400, "bad_request");
        JsonNode ex = http.get("/api/v1/recall/extraction/status").json();
        assertTrue(ex.has("fingerprint") && ex.has("generations"), ex.toString());
        JsonNode progress = http.get("/api/v1/recall/extraction/progress").json();
        assertEquals("extraction", progress.path("scheduler").path("name").asText());
        assertError(http.post("/api/v1/recall/extraction/generations/ffffffff/retire", ""), 404, "not_found");
        assertError(http.post("/api/v1/recall/extraction/activate", "{\"fingerprint\": \"ffffffff\"}"), 404, "not_found");
    }

    @Test
    void embeddingsStatusSaysWhyVectorsAreRefused() {
        JsonNode s = http.get("/api/v1/embeddings/status?store=recall").json();
        assertFalse(s.path("fresh").asBoolean());
        assertEquals("no_active_generation", s.path("verdict").asText());
        assertEquals("embeddings", s.path("scheduler").path("name").asText());
        assertError(http.get("/api/v1/embeddings/status?store=nope"), 400, "bad_request");
        assertError(http.post("/api/v1/embeddings/build", "{\"store\": \"nope\"}"), 400, "bad_request");
    }

    @Test
    void routingErrors() {
        assertError(http.get("/api/v1/nothing-here"), 404, "no_route");
        Http.Response wrong = http.send("DELETE", "/api/v1/recall/stats", null, Map.of());
        assertError(wrong, 405, "method_not_allowed");
    }

    @Test
    void theSessionStartHookAnswersWithTheBriefAsText() throws Exception {
        Path project = tmp.resolve("ledgerd");
        Files.createDirectories(project.resolve(".git"));
        Files.writeString(project.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        Http.Response r = http.post("/api/v1/hooks/session-start", "{\"cwd\": \"" + project + "\"}");
        assertEquals(200, r.status(), r.toString());
        assertTrue(r.headers().get("content-type").startsWith("text/plain"));
        assertTrue(r.body().contains("<recall-brief>") && r.body().contains("project ledgerd"), r.body());
        assertError(http.post("/api/v1/hooks/session-start", "{}"), 400, "bad_request");
        assertError(http.post("/api/v1/hooks/session-start", "{\"cwd\": \"relative/dir\"}"), 400, "bad_request");
    }

    @Test
    void guardsAgainstDnsRebindingAndForeignOrigins() {
        int port = d.daemon.info().port();
        assertError(http.send("GET", "/api/v1/health", null, Map.of("Host", "evil.example:" + port)), 403, "bad_host");
        assertError(http.send("GET", "/api/v1/health", null, Map.of("Origin", "http://evil.example")), 403,
                "bad_origin");
        assertEquals(200, http.send("GET", "/api/v1/health", null, Map.of("Origin", "http://localhost:" + port))
                .status());
        assertEquals(200, http.send("GET", "/api/v1/health", null, Map.of("Host", "localhost:" + port)).status());
        assertError(http.send("GET", "/api/v1/health", null, Map.of("Authorization", "Bearer wrong")), 401,
                "unauthorized");
        assertEquals(200, http.send("GET", "/api/v1/health", null,
                Map.of("Authorization", "Bearer " + d.daemon.info().token())).status());
    }

    @Test
    void importIsLocalOnlyAndChecked() throws Exception {
        byte[] line = Files.readAllLines(TestDaemon.TESTDATA.resolve("entries/part-a.jsonl")).getFirst()
                .replace("ledgerd-proc-001", "http-import-001").getBytes(StandardCharsets.UTF_8);
        Map<String, String> ndjson = Map.of("Content-Type", "application/x-ndjson");
        Http.Response remote = http.raw("POST", "/api/v1/recall/import?dry_run=true", line, Map.of(
                "Host", "127.0.0.1:" + d.daemon.info().port(), "X-Forwarded-For", "203.0.113.9"));
        assertError(remote, 403, "local_only");
        assertError(http.send("POST", "/api/v1/recall/import", new String(line, StandardCharsets.UTF_8), ndjson),
                400, "bad_request");
        JsonNode dry = http.send("POST", "/api/v1/recall/import?dry_run=true", new String(line, StandardCharsets.UTF_8),
                ndjson).json();
        assertEquals(1, dry.path("would_insert").asInt(), dry.toString());
        Http.Response bad = http.send("POST", "/api/v1/recall/import?yes=true", "{\"id\": \"x\"}\n", ndjson);
        assertError(bad, 400, "rejected");
        assertTrue(bad.json().path("error").path("report").path("rejected").size() > 0, bad.toString());
        List<String> keys = new ArrayList<>();
        bad.json().path("error").fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("code", "message", "hint", "report"), keys, "the shape of every other error");
        List<String> ids = new ArrayList<>();
        http.get("/api/v1/recall/entries?limit=1000&status=accepted").json().path("entries")
                .forEach(e -> ids.add(e.path("id").asText()));
        assertFalse(ids.contains("x"));
    }
}
