package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schedulers with a real daemon: a transcript appended while it runs is synced (directory watch), extracted
 * into an entry that lexical search finds, and, with consent to embed, hybrid search answers without a build.
 */
class SchedulersTest {
    private static final String SESSION = "5b1d0c8e-2f4a-4b6c-9d8e-0a1b2c3d4e5f";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private int ordinal;

    private String line(Path project, String role, String text, Instant at) {
        ObjectNode n = JSON.createObjectNode();
        n.put("parentUuid", ordinal == 0 ? null : String.format("u-%04d", ordinal - 1));
        n.put("isSidechain", false);
        n.put("userType", "external");
        n.put("cwd", project.toString());
        n.put("sessionId", SESSION);
        n.put("version", "2.0.14");
        n.put("gitBranch", "main");
        n.put("type", role);
        ObjectNode m = n.putObject("message");
        m.put("role", role);
        if (role.equals("user")) {
            m.put("content", text);
        } else {
            m.putArray("content").addObject().put("type", "text").put("text", text);
        }
        n.put("uuid", String.format("u-%04d", ordinal++));
        n.put("timestamp", at.toString());
        return n.toString() + "\n";
    }

    private static JsonNode await(String what, Duration timeout, java.util.function.Supplier<JsonNode> probe,
            Predicate<JsonNode> done) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = probe.get();
            if (done.test(last)) {
                return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(what + " did not happen within " + timeout.toSeconds() + " s; last: " + last);
    }

    static JsonNode scheduler(Http http, String name) {
        for (JsonNode s : http.get("/api/v1/health").json().path("schedulers")) {
            if (s.path("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no scheduler " + name);
    }

    @Test
    void anAppendedTranscriptIsSyncedExtractedSearchableAndEmbeddedWithoutAManualStep() throws Exception {
        Path data = tmp.resolve("data");
        Files.createDirectories(data);
        Files.writeString(data.resolve("config.toml"), """
                [vector.embed]
                recall = true

                [recall.extract]
                enabled = true
                extractor = "local"
                quiet_period = "0s"
                """);
        Path home = tmp.resolve("home");
        Path project = tmp.resolve("work/ledgerd");
        Files.createDirectories(project.resolve(".git"));
        Path dir = home.resolve(".claude/projects/-work-ledgerd");
        Files.createDirectories(dir);
        Path transcript = dir.resolve(SESSION + ".jsonl");
        Instant t0 = Instant.now().minusSeconds(600);
        Files.writeString(transcript, line(project, "user", "The store tests keep failing after make db-down.", t0)
                + line(project, "assistant", "Never run make db-down before the integration tests, because it"
                        + " deletes the database volume and every test then fails on a missing relation.",
                        t0.plusSeconds(5)));

        ServeSettings.Schedules fast = new ServeSettings.Schedules(true, Duration.ofMillis(300), Duration.ZERO,
                Duration.ofMillis(300), Duration.ZERO, Duration.ofMillis(500), Duration.ZERO, Duration.ofHours(1));
        ServeSettings settings = TestDaemon.quiet().withSchedules(fast);
        try (TestDaemon d = TestDaemon.start(data, settings, Map.of("HOME", home.toString()))) {
            Http http = d.http;
            JsonNode extracted = await("the first extraction pass", Duration.ofSeconds(180), () -> {
                JsonNode st = http.get("/api/v1/recall/extraction/status").json();
                ((ObjectNode) st).set("health", http.get("/api/v1/health").json());
                return st;
            }, st -> st.path("done").asLong() >= 1 && st.path("generations").path(0)
                    .path("waiting_candidates").asLong() >= 1);
            assertEquals("building", extracted.path("state").asText(), "a new generation waits for activation");
            assertTrue(scheduler(http, "sync").path("last_result").asText().contains("1 new sessions"));
            // a scheduled write may hold the archive: the API says 423 with Retry-After, and the client retries
            JsonNode activated = await("the activation", Duration.ofSeconds(120), () -> {
                Http.Response r = http.post("/api/v1/recall/extraction/activate", "{}");
                assertTrue(r.status() == 200 || r.status() == 423, r.toString());
                return r.status() == 200 ? r.json() : null;
            }, v -> v != null);
            assertTrue(activated.path("inserted").asInt() >= 1, activated.toString());
            await("the embeddings refresh after activation", Duration.ofSeconds(120),
                    () -> http.get("/api/v1/embeddings/status").json(), s -> s.path("fresh").asBoolean());

            // the session goes on while the daemon runs
            Files.writeString(transcript, line(project, "user", "Where do the zanzibarquux fixtures live?",
                    t0.plusSeconds(60)) + line(project, "assistant", "Never edit the zanzibarquux fixtures by hand,"
                    + " because the generator rewrites them and your edits are lost on the next run.",
                    t0.plusSeconds(65)), StandardOpenOption.APPEND);
            JsonNode found = await("the new message to become searchable", Duration.ofSeconds(120),
                    () -> http.get("/api/v1/recall/entries?q=zanzibarquux").json(), v -> v.path("count").asInt() > 0);
            String id = found.path("entries").path(0).path("id").asText();
            assertTrue(found.path("entries").path(0).path("body").asText().contains("zanzibarquux"), found.toString());
            JsonNode hybrid = await("hybrid to answer without a manual build", Duration.ofSeconds(120),
                    () -> http.post("/api/v1/recall/query", "{\"query\": \"zanzibarquux fixtures\", \"mode\":"
                            + " \"hybrid\"}").json(), v -> v.has("entries"));
            assertEquals(id, hybrid.path("entries").path(0).path("id").asText(), hybrid.toString());
            JsonNode sync = scheduler(http, "sync");
            assertTrue(sync.path("runs").asLong() >= 2, "a start-up pass and the watched change: " + sync);
            assertTrue(sync.path("last_error").isNull(), sync.toString());
        }
    }

    @Test
    void withoutConsentNothingIsEmbeddedAndStaleStaysRefused() throws Exception {
        Path data = tmp.resolve("data2");
        TestDaemon.seed(data);
        ServeSettings.Schedules fast = new ServeSettings.Schedules(true, Duration.ofMillis(300), Duration.ZERO,
                Duration.ofMillis(300), Duration.ZERO, Duration.ofMillis(500), Duration.ZERO, Duration.ofHours(1));
        try (TestDaemon d = TestDaemon.start(data, TestDaemon.quiet().withSchedules(fast),
                Map.of("HOME", tmp.resolve("nohome").toString()))) {
            JsonNode s = await("the embeddings scheduler's first look", Duration.ofSeconds(30),
                    () -> scheduler(d.http, "embeddings"), x -> x.path("runs").asLong() >= 1);
            assertFalse(s.path("enabled").asBoolean(), s.toString());
            assertTrue(s.path("disabled_reason").asText().contains("[vector.embed] recall = true"), s.toString());
            assertEquals(409, d.http.post("/api/v1/recall/query", "{\"query\": \"tests\", \"mode\": \"hybrid\"}")
                    .status());
            assertTrue(d.http.get("/api/v1/embeddings/status").json().path("generations").isEmpty());
            JsonNode ex = scheduler(d.http, "extraction");
            assertFalse(ex.path("enabled").asBoolean(), ex.toString());
        }
    }
}
