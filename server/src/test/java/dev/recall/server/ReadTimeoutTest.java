package dev.recall.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.index.VectorBuilder;
import dev.recall.service.EntryService;
import dev.recall.service.RecallService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read that outlives the request timeout is answered 503 but not interrupted: the first query after an upgrade
 * rebuilds the lexical index inside the request, and interrupting Lucene's file I/O closed its channels, aborted the
 * rebuild and left the next request to start it again, forever, on a store too large to rebuild within the timeout.
 */
class ReadTimeoutTest {
    @TempDir
    Path tmp;

    @Test
    void aLexicalRebuildOutlivingTheTimeoutFinishesAndLaterQueriesAreAnswered() throws Exception {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        // about 5,000 more entries, so the rebuild the first query starts takes far longer than the timeout
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        List<String> source = Files.readAllLines(TestDaemon.TESTDATA.resolve("entries/part-a.jsonl"));
        for (int copy = 0; copy < 25; copy++) {
            for (String line : source) {
                ObjectNode e = (ObjectNode) json.readTree(line);
                e.put("id", e.path("id").asText() + "-copy" + copy);
                e.putNull("supersedes");
                lines.add(json.writeValueAsString(e));
            }
        }
        Path copies = tmp.resolve("copies.jsonl");
        Files.write(copies, lines);
        try (RecallService s = new RecallService(data, Map.of(), Clock.systemUTC(), m -> {})) {
            s.entries().importEntries(new EntryService.ImportRequest(copies, true, true, false),
                    VectorBuilder.Progress.NONE);
        }
        ServeSettings quiet = TestDaemon.quiet();
        ServeSettings settings = quiet.withLimits(Duration.ofMillis(50), quiet.maxBodyBytes(), quiet.maxQueryChars());
        try (TestDaemon d = TestDaemon.start(data, settings, Map.of("HOME", tmp.toString()))) {
            String query = "{\"query\": \"integration tests postgres\", \"mode\": \"lexical\", \"record\": false}";
            Http.Response first = d.http.post("/api/v1/recall/query", query);
            assertEquals(503, first.status(), first.toString());
            assertEquals("timeout", first.errorCode(), first.toString());
            Http.Response answer = first;
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (answer.status() != 200 && System.nanoTime() < deadline) {
                Thread.sleep(500);
                answer = d.http.post("/api/v1/recall/query", query);
            }
            assertEquals(200, answer.status(), "no query answered after the rebuild: " + answer + " " + d.log);
            assertTrue(answer.json().path("entries").size() > 0,
                    answer.body());
            long rebuilds = d.log.stream().filter(l -> l.contains("rebuilding it from the store")).count();
            assertTrue(rebuilds <= 1, "the rebuild was started again: " + d.log);
        }
    }
}
