package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.store.StoreSql;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's quick_check runs when the daemon starts, beside the rest of the start and before any request writes:
 * the health shows it; a damaged file is reported there and in the health's status, every write is refused with 503
 * store_damaged, reads go on, and the file is not written to. A query never waits for it: one answered before the
 * verdict has its ledger record queued behind the check (written once it passes, dropped if it fails).
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

    /** Holds the daemon's store check before it reads the file, until released. */
    private static final class HeldCheck implements Runnable {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public void run() {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void awaitEntered() throws InterruptedException {
            assertTrue(entered.await(120, TimeUnit.SECONDS), "the check began");
        }
    }

    /** The request, answered while the check is held: a request that waited for the check would never return. */
    private static Http.Response answeredWhileHeld(java.util.function.Supplier<Http.Response> request)
            throws Exception {
        return CompletableFuture.supplyAsync(request).get(120, TimeUnit.SECONDS);
    }

    private static long ledgerEvents(Path data) {
        return ((Number) StoreSql.rowsOfFile(data.resolve("recall.db"), "SELECT count(*) AS n FROM recall_query_events")
                .getFirst().get("n")).longValue();
    }

    @Test
    void aQueryIsAnsweredWhileTheCheckRunsAndRecordedOnceItPasses() throws Exception {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        HeldCheck held = new HeldCheck();
        try (TestDaemon d = TestDaemon.startWithCheck(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()), held)) {
            held.awaitEntered();
            assertEquals("running", d.http.get("/api/v1/health").json().path("store_check").path("state").asText());

            Http.Response first = answeredWhileHeld(() -> d.http.post("/api/v1/recall/query",
                    "{\"query\": \"integration tests\"}"));
            assertEquals(200, first.status(), first.toString());
            long firstId = first.json().path("query_id").asLong();
            assertTrue(firstId > 0, first.body());
            assertTrue(first.json().path("entries").size() > 0, first.body());
            // one invocation asked twice (the cli's retry) is one event, also while queued
            Map<String, String> invocation = Map.of("Content-Type", "application/json",
                    RecallRoutes.REQUEST_ID_HEADER, "srv11-held-1");
            Http.Response asked = answeredWhileHeld(() -> d.http.send("POST", "/api/v1/recall/query",
                    "{\"query\": \"reuse the database container\"}", invocation));
            Http.Response again = answeredWhileHeld(() -> d.http.send("POST", "/api/v1/recall/query",
                    "{\"query\": \"reuse the database container\"}", invocation));
            assertEquals(200, asked.status(), asked.toString());
            long secondId = asked.json().path("query_id").asLong();
            assertEquals(secondId, again.json().path("query_id").asLong(), "one event per invocation");
            assertEquals(firstId + 1, secondId, "ids are handed out in order");
            // a session search is recorded in the same ledger, under the next id
            Http.Response sessions = answeredWhileHeld(() -> d.http.get("/api/v1/sessions/search?q=integration"));
            assertEquals(200, sessions.status(), sessions.toString());
            assertEquals(secondId + 1, sessions.json().path("query_id").asLong(), sessions.body());

            JsonNode queued = d.http.get("/api/v1/health").json().path("store_check");
            assertEquals("running", queued.path("state").asText());
            assertEquals(3, queued.path("ledger_records").path("queued").asInt(), queued.toString());
            assertEquals(0, ledgerEvents(data), "nothing is written before the check's verdict");

            held.release.countDown();
            JsonNode check = awaitCheck(d.http);
            assertEquals("passed", check.path("state").asText(), check.toString());
            assertEquals(3, check.path("ledger_records").path("written").asInt(), check.toString());
            assertEquals(0, check.path("ledger_records").path("queued").asInt(), check.toString());
            List<Map<String, Object>> events = StoreSql.rowsOfFile(data.resolve("recall.db"),
                    "SELECT id, query_text, surface, store, request_id,"
                            + " (SELECT count(*) FROM recall_query_exposures x WHERE x.event_id = e.id) AS shown"
                            + " FROM recall_query_events e ORDER BY id");
            assertEquals(3, events.size(), events.toString());
            assertEquals(firstId, ((Number) events.get(0).get("id")).longValue());
            assertEquals("integration tests", events.get(0).get("query_text"));
            assertEquals("http", events.get(0).get("surface"));
            assertEquals(first.json().path("entries").size(), ((Number) events.get(0).get("shown")).intValue(),
                    "the exposures the answer showed");
            assertEquals(secondId, ((Number) events.get(1).get("id")).longValue());
            assertEquals("srv11-held-1", events.get(1).get("request_id"));
            assertEquals("sessions", events.get(2).get("store"));

            Http.Response after = d.http.post("/api/v1/recall/query", "{\"query\": \"integration tests\"}");
            assertEquals(secondId + 2, after.json().path("query_id").asLong(), "the ledger goes on after them");
            assertEquals(4, ledgerEvents(data), "written at once now");
            assertTrue(d.log.stream().noneMatch(l -> l.contains("ledger record")), d.log.toString());
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

    /** Damages a page at the end of the store file, in a table no request reads; the file's bytes after. */
    private static byte[] damage(Path data) throws Exception {
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
        return bytes;
    }

    @Test
    void aQueryAnsweredBeforeACheckThatFailsIsNotRecordedAndWritesAreRefused() throws Exception {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        byte[] bytes = damage(data);
        HeldCheck held = new HeldCheck();
        try (TestDaemon d = TestDaemon.startWithCheck(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()), held)) {
            held.awaitEntered();
            Http.Response q = answeredWhileHeld(() -> d.http.post("/api/v1/recall/query",
                    "{\"query\": \"integration tests\"}"));
            assertEquals(200, q.status(), q.toString());
            assertTrue(q.json().path("query_id").asLong() > 0, "answered before the verdict: " + q.body());
            assertTrue(q.json().path("entries").size() > 0, q.body());

            held.release.countDown();
            JsonNode check = awaitCheck(d.http);
            assertEquals("failed", check.path("state").asText(), check.toString());
            assertEquals(1, check.path("ledger_records").path("dropped").asInt(), check.toString());
            assertEquals(0, check.path("ledger_records").path("written").asInt(), check.toString());
            assertTrue(d.log.stream().anyMatch(l -> l.contains("1 ledger records made while the store check ran were"
                    + " dropped") && l.contains("is damaged")), d.log.toString());

            Http.Response later = d.http.post("/api/v1/recall/query", "{\"query\": \"integration tests\"}");
            assertEquals(200, later.status(), later.toString());
            assertTrue(later.json().path("query_id").isNull(), "not recorded: " + later.body());
            Http.Response write = d.http.send("POST", "/api/v1/recall/import?yes=true",
                    Files.readAllLines(TestDaemon.TESTDATA.resolve("entries/part-a.jsonl")).getFirst()
                            .replace("ledgerd-proc-001", "http-import-002") + "\n",
                    Map.of("Content-Type", "application/x-ndjson"));
            assertEquals(503, write.status(), write.toString());
            assertEquals("store_damaged", write.errorCode());
        }
        assertArrayEquals(bytes, Files.readAllBytes(data.resolve("recall.db")), "no ledger row, nothing written");
    }

    @Test
    void aDamagedStoreIsReportedAndItsWritesRefusedWhileReadsGoOn() throws Exception {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        byte[] bytes = damage(data);
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
        assertArrayEquals(bytes, Files.readAllBytes(data.resolve("recall.db")), "the damaged file was not written to");
    }
}
