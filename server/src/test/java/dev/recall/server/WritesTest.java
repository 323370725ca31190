package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writes through a real daemon: builds in the background, one write at a time, cursors that expire, the Stop hook. */
class WritesTest {
    @TempDir
    Path tmp;

    static JsonNode awaitBuild(Http http) throws InterruptedException {
        long deadline = System.nanoTime() + 180_000_000_000L;
        while (System.nanoTime() < deadline) {
            JsonNode b = http.get("/api/v1/embeddings/status?store=recall").json().path("build");
            if (!b.isNull() && !b.isMissingNode() && !b.path("running").asBoolean()) {
                return b;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the build did not finish in 3 minutes");
    }

    @Test
    void aBuildRunsInTheBackgroundAndThenHybridAnswers() throws Exception {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        try (TestDaemon d = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()))) {
            Http http = d.http;
            Http.Response started = http.post("/api/v1/embeddings/build", "{\"store\": \"recall\"}");
            assertEquals(202, started.status(), started.toString());
            // a second build, or any other write, while the first runs: 423 naming what runs
            Http.Response again = http.post("/api/v1/embeddings/build", "{}");
            assertEquals(423, again.status(), again.toString());
            assertEquals("write_in_progress", again.errorCode());
            assertEquals("2", again.headers().get("retry-after"));
            JsonNode build = awaitBuild(http);
            assertTrue(build.path("error").isMissingNode(), build.toString());
            assertEquals(356, build.path("embedded").asInt(), "every accepted entry: " + build);
            JsonNode status = http.get("/api/v1/embeddings/status").json();
            assertTrue(status.path("fresh").asBoolean(), status.toString());
            Http.Response hybrid = http.post("/api/v1/recall/query", "{\"query\": \"the integration suite cannot reach"
                    + " docker\", \"mode\": \"hybrid\", \"limit\": 5}");
            assertEquals(200, hybrid.status(), hybrid.toString());
            assertEquals("hybrid", hybrid.json().path("mode").asText());
            assertEquals(5, hybrid.json().path("entries").size());
            assertTrue(hybrid.json().path("entries").path(0).path("score_breakdown").has("vector.cosine"));

            // the corpus moves (an import through the API): hybrid is refused as stale, lexical answers
            String line = Files.readAllLines(TestDaemon.TESTDATA.resolve("entries/part-a.jsonl")).getFirst()
                    .replace("ledgerd-proc-001", "http-import-001");
            Http.Response imported = http.send("POST", "/api/v1/recall/import?yes=true&reviewed=true", line + "\n",
                    Map.of("Content-Type", "application/x-ndjson"));
            assertEquals(200, imported.status(), imported.toString());
            assertEquals(1, imported.json().path("inserted").asInt());
            Http.Response stale = http.post("/api/v1/recall/query", "{\"query\": \"integration\", \"mode\": \"hybrid\"}");
            assertEquals(409, stale.status(), stale.toString());
            JsonNode e = stale.json().path("error");
            assertEquals("stale_vectors", e.path("code").asText());
            assertEquals(e.path("current_corpus_revision").asLong(), e.path("vectors_corpus_revision").asLong() + 1,
                    "both revisions, one apart: " + e);
            assertEquals(200, http.post("/api/v1/recall/query", "{\"query\": \"integration\"}").status());
        }
    }

    @Test
    void aCursorExpiresWhenTheStoreChanges() throws Exception {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        try (TestDaemon d = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()))) {
            Http http = d.http;
            JsonNode page = http.post("/api/v1/recall/query", "{\"query\": \"tests\", \"limit\": 2}").json();
            String cursor = page.path("next_cursor").asText();
            assertFalse(cursor.isEmpty(), page.toString());
            JsonNode next = http.post("/api/v1/recall/query", "{\"query\": \"tests\", \"limit\": 2, \"cursor\": \""
                    + cursor + "\"}").json();
            assertEquals(3, next.path("entries").path(0).path("rank").asInt(), next.toString());
            String line = Files.readAllLines(TestDaemon.TESTDATA.resolve("entries/part-a.jsonl")).get(1)
                    .replace("ledgerd-pref-001", "http-import-002");
            assertEquals(200, http.send("POST", "/api/v1/recall/import?yes=true", line + "\n",
                    Map.of("Content-Type", "application/x-ndjson")).status());
            Http.Response expired = http.post("/api/v1/recall/query", "{\"query\": \"tests\", \"limit\": 2, \"cursor\": \""
                    + cursor + "\"}");
            assertEquals(409, expired.status(), expired.toString());
            assertEquals("cursor_expired", expired.errorCode());
            assertTrue(expired.json().path("error").path("hint").asText().contains("without a cursor"));
        }
    }

    @Test
    void theStopHookArchivesTheTranscriptAndAppendsTheHistory() throws Exception {
        Path data = tmp.resolve("data");
        Path project = tmp.resolve("ledgerd");
        Files.createDirectories(project);
        Path fixture = TestDaemon.TESTDATA.resolve(
                "transcripts/claude/projects/-home-dana-src-ledgerd/7f3c2a9e-1b4d-4c8e-9a2f-5d6e7f8a9b0c.jsonl");
        Path transcript = tmp.resolve("t.jsonl");
        Files.writeString(transcript, Files.readString(fixture).replace("/home/dana/src/ledgerd", project.toString()));
        try (TestDaemon d = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()))) {
            String hook = "{\"hook_event_name\": \"Stop\", \"cwd\": \"" + project + "\", \"transcript_path\": \""
                    + transcript + "\", \"session_id\": \"7f3c2a9e-1b4d-4c8e-9a2f-5d6e7f8a9b0c\"}";
            Http.Response r = d.http.post("/api/v1/hooks/stop", hook);
            assertEquals(200, r.status(), r.toString());
            assertTrue(r.json().path("captured").asBoolean(), r.toString());
            assertTrue(r.json().path("messages").asInt() > 0, r.toString());
            String history = Files.readString(project.resolve(".recall/history.md"), StandardCharsets.UTF_8);
            assertFalse(history.isBlank());
            Http.Response again = d.http.post("/api/v1/hooks/stop", hook);
            assertEquals(0, again.json().path("messages").asInt(), "nothing new the second time: " + again);
        }
    }
}
