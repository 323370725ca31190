package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.sessions.SecretScanner;
import dev.recall.store.Database;
import dev.recall.store.Digests;
import dev.recall.store.Entries;
import dev.recall.store.EntryType;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.Sessions;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The endpoint extractor against a real HTTP server on 127.0.0.1 that plays the model. */
class EndpointExtractorTest {
    static final String TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    static final String JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
    static final Map<String, String> ENV = Map.of("RECALL_TEST_KEY", "k-123");

    @TempDir
    Path dir;

    Database db;
    FakeModel model;
    final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void open() throws Exception {
        db = Database.open(dir);
        model = new FakeModel();
    }

    @AfterEach
    void close() {
        model.close();
        db.close();
    }

    private ExtractConfig config(URI url, String keyEnv, Duration timeout) {
        return ExtractConfig.endpoint(new ExtractConfig.Endpoint(url, "test-model", keyEnv, false, timeout));
    }

    private Extraction extraction(ExtractConfig config) {
        return new Extraction(db, config, ENV::get, ExtractionTest.LATER);
    }

    private Extraction extraction() {
        return extraction(config(model.base(), "RECALL_TEST_KEY", Duration.ofSeconds(10)));
    }

    static TestSessions plain(String id) {
        return TestSessions.session(id)
                .user("Please always run go test with -count=1.")
                .assistant("Understood.")
                .bash("go test ./... -count=1", "ok  \tpkg\t0.1s");
    }

    static String entry(String type, String title, int start, int end) {
        return "{\"type\":\"" + type + "\",\"scope\":\"project\",\"title\":\"" + title + "\",\"body\":\"b\","
                + "\"trigger\":\"when testing\",\"confidence\":0.8,\"evidence\":[{\"start_ordinal\":" + start
                + ",\"end_ordinal\":" + end + "}]}";
    }

    private void answerWith(String content) {
        model.answer(r -> FakeModel.Answer.ok(FakeModel.completion(content)));
    }

    private Extraction.SessionOutcome runOne(Extraction x) {
        Extraction.RunReport r = x.run(Extraction.RunOptions.all());
        assertEquals(1, r.outcomes().size(), r.toString());
        return r.outcomes().getFirst();
    }

    @Test
    void theModelProposesAndTheHostAnchors() throws Exception {
        plain("s1").into(db);
        answerWith("{\"entries\": [" + entry("preference", "Always pass -count=1 to go test", 0, 0) + ","
                + "{\"type\":\"procedure\",\"scope\":\"project\",\"title\":\"Run the tests\",\"body\":\"go test\","
                + "\"evidence\":[{\"start_ordinal\":2,\"end_ordinal\":2,\"snippet\":\"ok\"},"
                + "{\"start_ordinal\":7,\"end_ordinal\":9}]},"
                + entry("fact", "Made up", 40, 41) + "]}");
        Extraction x = extraction();
        Extraction.RunReport r = x.run(Extraction.RunOptions.all());
        assertEquals(1, r.done(), r.toString());
        assertEquals(2, r.inserted());
        assertEquals(2, r.droppedAnchors(), "anchors outside the chunk the model saw are dropped");
        assertEquals(1, r.droppedProposals(), "and an entry left without any");

        assertEquals(1, model.requests.size());
        FakeModel.Request req = model.requests.getFirst();
        assertEquals("/v1/chat/completions", req.path());
        assertEquals("Bearer k-123", req.header("Authorization"));
        JsonNode body = json.readTree(req.body());
        assertEquals("test-model", body.get("model").asText());
        assertFalse(body.get("stream").asBoolean());
        assertEquals(0, body.get("temperature").asInt());
        assertEquals(ChatRequest.SYSTEM_PROMPT, body.get("messages").get(0).get("content").asText());
        assertTrue(body.get("messages").get(1).get("content").asText().contains("[#0 user]\nPlease always run"));

        x.activate(null);
        Entries entries = new Entries(db);
        List<RecallEntry> served = entries.list(dev.recall.store.EntryFilter.ANY, 10);
        assertEquals(2, served.size());
        for (RecallEntry e : served) {
            assertEquals("endpoint:test-model", e.extractorMethod());
            for (Evidence ev : entries.evidence(e.id())) {
                assertEquals(Digests.anchor(new Sessions(db).messages("s1", ev.startOrdinal(), ev.endOrdinal())),
                        ev.contentDigest(), "the digest is the host's, computed from the archive");
            }
        }
        RecallEntry procedure = served.stream().filter(e -> e.type() == EntryType.PROCEDURE).findFirst().orElseThrow();
        assertEquals(1, entries.evidence(procedure.id()).size());
        assertEquals("ok", entries.evidence(procedure.id()).getFirst().snippet());
    }

    @Test
    void anAnswerThatBreaksTheSchemaIsRejectedWhole() {
        plain("s1").into(db);
        Extraction x = extraction();
        for (String bad : List.of(
                "{\"entries\": [" + entry("opinion", "x", 0, 0) + "]}",
                "{\"entries\": [" + entry("fact", "t".repeat(201), 0, 0) + "]}",
                "{\"entries\": [{\"type\":\"fact\",\"scope\":\"project\",\"title\":\"t\",\"body\":\"b\"}]}",
                "{\"entries\": [" + entry("fact", "ok", 0, 0) + "], \"notes\": \"extra\"}",
                "{\"entries\": [" + entry("fact", "ok", 2, 1) + "]}",
                "{\"entries\": {}}",
                "not json at all")) {
            answerWith(bad);
            Extraction.SessionOutcome o = x.run(new Extraction.RunOptions(null, true, 10)).outcomes().getFirst();
            assertEquals("failed", o.status(), bad);
            assertTrue(o.reason().startsWith("schema: chunk 0"), o.reason());
        }
        assertEquals(0, TestSessions.count(db, "SELECT count(*) FROM extraction_candidates"));
        assertEquals(Map.of("schema", 1L), x.status().failedReasons());
    }

    @Test
    void moreThanAHundredEntriesInOneAnswerIsRejected() {
        plain("s1").into(db);
        StringBuilder many = new StringBuilder("{\"entries\": [");
        for (int i = 0; i < 101; i++) {
            many.append(i == 0 ? "" : ",").append(entry("fact", "fact " + i, 0, 0));
        }
        answerWith(many.append("]}").toString());
        Extraction.SessionOutcome o = runOne(extraction());
        assertEquals("failed", o.status());
        assertTrue(o.reason().contains("101 entries, at most 100"), o.reason());
        assertEquals(0, TestSessions.count(db, "SELECT count(*) FROM extraction_candidates"));
    }

    @Test
    void aSessionWithASecretNeverReachesTheEndpoint() {
        TestSessions.session("leak").user("Deploy with token " + TOKEN + " please.").assistant("Done.").into(db);
        Extraction.SessionOutcome o = runOne(extraction());
        assertEquals("ineligible", o.status());
        assertTrue(o.reason().startsWith("secret_findings: 1 definite"), o.reason());
        assertTrue(model.requests.isEmpty(), "nothing was sent");
    }

    @Test
    void aRecordedFindingAlsoBlocks() {
        plain("s1").into(db);
        TestSessions.exec(db, "INSERT INTO secret_findings (session_id, message_ordinal, location, rule, tier,"
                + " created_at) VALUES ('s1', 0, 'text', 'github_token', 'definite', '2026-01-01T00:00:00.000Z')");
        assertEquals("ineligible", runOne(extraction()).status());
        assertTrue(model.requests.isEmpty());
    }

    @Test
    void candidateFindingsBlockUnlessAllowedAndAreRedactedWhenSent() {
        TestSessions.session("jwt").user("The test fixture uses " + JWT + " as a sample.").assistant("Noted.").into(db);
        ExtractConfig cfg = config(model.base(), "RECALL_TEST_KEY", Duration.ofSeconds(10));
        Extraction.SessionOutcome blocked = runOne(extraction(cfg));
        assertEquals("ineligible", blocked.status());
        assertTrue(blocked.reason().contains("candidate_findings = \"block\""), blocked.reason());
        assertTrue(model.requests.isEmpty());

        Extraction.SessionOutcome allowed = runOne(extraction(cfg.withCandidateFindings(
                ExtractConfig.CandidateFindings.ALLOW)));
        assertEquals("done", allowed.status(), allowed.toString());
        assertEquals(1, model.requests.size());
        String sent = model.requests.getFirst().body();
        assertFalse(sent.contains(JWT), "the candidate secret was redacted before sending");
        assertTrue(sent.contains(SecretScanner.marker("jwt")));
    }

    @Test
    void theExactTextToSendIsScannedAndNothingIsSentOnAHit() {
        try (ChatEndpoint endpoint = new ChatEndpoint(new ExtractConfig.Endpoint(model.base(), "m", null, false,
                Duration.ofSeconds(5)), ENV::get, SecretScanner.outbound())) {
            var f = assertThrows(Extractor.ExtractionFailure.class,
                    () -> endpoint.post("{\"messages\":[{\"content\":\"token " + TOKEN + "\"}]}"));
            assertEquals("secret_in_request", f.reason());
            assertTrue(f.getMessage().contains("nothing was sent"));
            assertFalse(f.getMessage().contains(TOKEN), "the secret is not repeated in the message");
        }
        assertTrue(model.requests.isEmpty(), "the server got no request");
    }

    @Test
    void redirectsAreRefused() {
        plain("s1").into(db);
        model.answer(r -> r.path().startsWith("/elsewhere") ? FakeModel.Answer.ok(FakeModel.completion("{\"entries\":[]}"))
                : new FakeModel.Answer(307, "", Map.of("Location", "/elsewhere/chat/completions"), 0));
        Extraction.SessionOutcome o = runOne(extraction());
        assertEquals("failed", o.status());
        assertTrue(o.reason().startsWith("redirect_refused"), o.reason());
        assertEquals(1, model.requests.size(), "the redirect was not followed");
    }

    @Test
    void plainHttpToANonLoopbackHostIsRefusedBeforeConnecting() {
        plain("s1").into(db);
        for (String url : List.of("http://10.255.255.1:9/v1", "http://models.example.com/v1", "http://192.168.1.5/v1")) {
            long started = System.nanoTime();
            Extraction x = extraction(config(URI.create(url), null, Duration.ofSeconds(30)));
            var e = assertThrows(ExtractException.class, () -> x.run(Extraction.RunOptions.all()));
            assertEquals(ExtractException.Kind.REJECTED, e.kind());
            assertTrue(e.getMessage().startsWith("transport_refused"), e.getMessage());
            assertTrue(Duration.ofNanos(System.nanoTime() - started).toMillis() < 5_000, "no connection attempt");
            assertEquals(0, x.status().failed(), "a refused run records nothing against the sessions");
        }
        assertTrue(dev.recall.embeddings.Loopback.host("localhost"));
        assertTrue(dev.recall.embeddings.Loopback.host("[::1]"));
        assertTrue(dev.recall.embeddings.Loopback.host("127.0.0.2"));
        assertFalse(dev.recall.embeddings.Loopback.host("127.example.com"));
    }

    @Test
    void allowHttpLiftsTheLoopbackRule() throws Exception {
        var cfg = new ExtractConfig.Endpoint(URI.create("http://models.example.com/v1"), "m", null, true, null);
        try (ChatEndpoint endpoint = new ChatEndpoint(cfg, ENV::get, SecretScanner.outbound())) {
            endpoint.checkTransport(); // does not throw, and does not connect either
        }
    }

    @Test
    void theApiKeyComesOnlyFromTheNamedVariable() {
        plain("s1").into(db);
        Extraction missing = extraction(config(model.base(), "RECALL_MISSING_KEY", Duration.ofSeconds(5)));
        var e = assertThrows(ExtractException.class, () -> missing.run(Extraction.RunOptions.all()));
        assertTrue(e.getMessage().startsWith("api_key_missing: environment variable RECALL_MISSING_KEY"), e.getMessage());
        assertTrue(model.requests.isEmpty());

        runOne(extraction(config(model.base(), null, Duration.ofSeconds(5))));
        assertNull(model.requests.getFirst().header("Authorization"), "no variable named, no key sent");
    }

    @Test
    void aSlowEndpointTimesOut() {
        plain("s1").into(db);
        model.answer(r -> new FakeModel.Answer(200, FakeModel.completion("{\"entries\":[]}"), Map.of(), 3_000));
        Extraction.SessionOutcome o = runOne(extraction(config(model.base(), null, Duration.ofMillis(500))));
        assertEquals("failed", o.status());
        assertTrue(o.reason().startsWith("timeout"), o.reason());
    }

    @Test
    void serverErrorsFailTheSessionAndItIsRetriedNextRun() {
        plain("s1").into(db);
        model.answer(r -> new FakeModel.Answer(500, "{\"error\":\"overloaded\"}", Map.of(), 0));
        Extraction x = extraction();
        assertTrue(runOne(x).reason().startsWith("endpoint_error: the endpoint answered 500"));
        answerWith("{\"entries\": [" + entry("fact", "Tests pass with -count=1", 2, 2) + "]}");
        Extraction.SessionOutcome retry = runOne(x);
        assertEquals("done", retry.status());
        assertEquals(1, retry.inserted());
    }

    @Test
    void longSessionsAreSentInChunksAndCitationsAreCheckedPerChunk() {
        TestSessions s = TestSessions.session("long");
        for (int i = 0; i < 10; i++) {
            s.user("Message number " + i + " about the build.");
        }
        s.into(db);
        Function<FakeModel.Request, FakeModel.Answer> citeFirstShown = r -> {
            try {
                String content = json.readTree(r.body()).get("messages").get(1).get("content").asText();
                int first = Integer.parseInt(content.replaceAll("(?s).*Messages #(\\d+) to.*", "$1"));
                return FakeModel.Answer.ok(FakeModel.completion("{\"entries\": [" + entry("fact", "Chunk at " + first,
                        first, first) + "," + entry("fact", "Outside " + first, first + 5, first + 5) + "]}"));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        model.answer(citeFirstShown);
        ExtractConfig cfg = config(model.base(), null, Duration.ofSeconds(5)).withSegmentation(
                new ExtractConfig.Segmentation(4, 24_000, 2_000));
        Extraction.RunReport r = extraction(cfg).run(Extraction.RunOptions.all());
        assertEquals(3, model.requests.size(), "10 messages in chunks of 4");
        assertEquals(3, r.inserted());
        assertEquals(3, r.droppedAnchors());
    }

    @Test
    void doctorProbesTheEndpoint() {
        Extraction.Doctor d = extraction().doctor(true);
        assertEquals("ok", d.transport());
        assertEquals(true, d.config().get("api_key_present"));
        assertEquals(model.base() + "/chat/completions", d.config().get("chat_url"));
        assertFalse(d.config().containsValue("k-123"), "the key itself is never shown");
        assertTrue(d.probe().ok(), d.probe().toString());
        assertEquals(1, model.requests.size());

        Extraction.Doctor refused = extraction(config(URI.create("http://10.0.0.1/v1"), null, null)).doctor(true);
        assertTrue(refused.transport().startsWith("transport_refused"));
        assertFalse(refused.probe().ok());
    }
}
