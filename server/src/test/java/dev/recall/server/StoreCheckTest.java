package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.store.StoreSql;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's quick_check runs when the daemon starts, beside the rest of the start and before any request writes:
 * the health shows it; a damaged file is reported there and in the health's status, every write is refused with 503
 * store_damaged, reads go on, and the file is not written to.
 */
class StoreCheckTest {
    @TempDir
    Path tmp;

    private static JsonNode awaitCheck(Http http) throws InterruptedException {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (true) {
            JsonNode check = http.get("/api/v1/health").json().path("store_check");
            String state = check.path("state").asText();
            if (state.equals("passed") || state.equals("failed") || System.nanoTime() > deadline) {
                return check;
            }
            Thread.sleep(50);
        }
    }

    @Test
    void theCheckRunsAtStartBeforeAnyRequestWrites() throws Exception {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        try (TestDaemon d = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()))) {
            JsonNode check = awaitCheck(d.http);
            assertEquals("passed", check.path("state").asText(), check.toString());
            assertEquals("allowed", check.path("writes").asText());
            assertTrue(check.path("problem").isNull());
            assertTrue(check.path("seconds").asDouble() >= 0 && !check.path("finished_at").isNull(), check.toString());
            // no request had been made: the check ran at start, on its own
            Http.Response q = d.http.post("/api/v1/recall/query", "{\"query\": \"integration tests\"}");
            assertEquals(200, q.status(), q.toString());
            assertTrue(q.json().path("query_id").asLong() > 0, "recorded: " + q.body());
            JsonNode health = d.http.get("/api/v1/health").json();
            assertEquals("ok", health.path("status").asText());
            assertEquals(check.path("finished_at"), health.path("store_check").path("finished_at"),
                    "the recorded query ran no second check");
        }
    }

    @Test
    void aDamagedStoreIsReportedAndItsWritesRefusedWhileReadsGoOn() throws Exception {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        // a table no request reads, written last, so its pages are at the end of the file; then one of them damaged
        Path file = data.resolve("recall.db");
        List<String> filler = new ArrayList<>(List.of("CREATE TABLE filler (x TEXT)"));
        for (int i = 0; i < 400; i++) {
            filler.add("INSERT INTO filler VALUES ('" + "y".repeat(500) + i + "')");
        }
        StoreSql.onFile(file, filler);
        StoreSql.rowsOfFile(file, "PRAGMA wal_checkpoint(TRUNCATE)");
        byte[] bytes = Files.readAllBytes(file);
        int page = 4096;
        int pages = bytes.length / page;
        for (int i = (pages - 3) * page + 8; i < (pages - 2) * page; i++) {
            bytes[i] = (byte) 0x5A;
        }
        Files.write(file, bytes);

        try (TestDaemon d = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()))) {
            JsonNode check = awaitCheck(d.http);
            assertEquals("failed", check.path("state").asText(), check.toString());
            assertEquals("refused", check.path("writes").asText());
            assertTrue(check.path("problem").asText().contains("is damaged"), check.toString());
            assertEquals("degraded", d.http.get("/api/v1/health").json().path("status").asText());

            String line = Files.readAllLines(TestDaemon.TESTDATA.resolve("entries/part-a.jsonl")).getFirst()
                    .replace("ledgerd-proc-001", "http-import-001");
            Http.Response write = d.http.send("POST", "/api/v1/recall/import?yes=true", line + "\n",
                    Map.of("Content-Type", "application/x-ndjson"));
            assertEquals(503, write.status(), write.toString());
            assertEquals("store_damaged", write.errorCode());
            JsonNode error = write.json().path("error");
            assertTrue(error.path("message").asText().contains("nothing was written"), error.toString());
            assertTrue(error.path("hint").asText().contains("recall serve --stop"), error.toString());

            // reads answer; a query is answered even though it cannot be recorded
            Http.Response list = d.http.get("/api/v1/recall/entries?project=ledgerd");
            assertEquals(200, list.status(), list.toString());
            assertTrue(list.json().path("entries").size() > 0, list.body());
            Http.Response q = d.http.post("/api/v1/recall/query", "{\"query\": \"integration tests\"}");
            assertEquals(200, q.status(), q.toString());
            assertTrue(q.json().path("query_id").isNull() || q.json().path("query_id").isMissingNode(), q.body());
            assertTrue(q.json().path("entries").size() > 0, q.body());
        }
        assertArrayEquals(bytes, Files.readAllBytes(file), "the damaged file was not written to");
    }
}
