package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server bench's timed client: a real daemon's answers, over one kept connection, with the timing header. */
class KeepAliveClientTest {
    @TempDir
    Path tmp;

    @Test
    void answersAsTheDaemonDoesOverOneConnection() throws Exception {
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        ObjectMapper json = new ObjectMapper();
        try (TestDaemon d = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()));
                KeepAliveClient client = new KeepAliveClient("127.0.0.1", d.daemon.info().port(), null,
                        java.time.Duration.ofMinutes(3))) {
            for (String q : List.of("flaky ledger tests", "pnpm lockfile", "why did the deploy fail", "zzzqqq")) {
                String body = "{\"query\": \"" + q + "\", \"mode\": \"lexical\", \"record\": false}";
                KeepAliveClient.Response got = client.post("/api/v1/recall/query", body);
                Http.Response want = d.http.post("/api/v1/recall/query", body);
                assertEquals(200, got.status(), got.body());
                assertEquals(ids(json, want.body()), ids(json, got.body()), q);
                assertTrue(got.headers().get("server-timing").contains("daemon;dur="), got.headers().toString());
            }
            assertFalse(ids(json, client.post("/api/v1/recall/query",
                    "{\"query\": \"flaky ledger tests\", \"record\": false}").body()).isEmpty());
            KeepAliveClient.Response bad = client.post("/api/v1/recall/query", "{\"mode\": \"lexical\"}");
            assertEquals(400, bad.status(), bad.body());
            assertEquals(1, client.connects(), "every request on the one connection");
        }
    }

    private static List<String> ids(ObjectMapper json, String body) throws Exception {
        List<String> ids = new ArrayList<>();
        json.readTree(body).path("entries").forEach(e -> ids.add(e.path("id").asText()));
        return ids;
    }
}
