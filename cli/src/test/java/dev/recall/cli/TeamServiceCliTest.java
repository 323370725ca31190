package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.server.Daemon;
import dev.recall.server.ServeSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cli as a member of a team's recall service: `recall members` makes and revokes tokens on the team's data
 * dir; RECALL_SERVICE_URL and RECALL_SERVICE_TOKEN send a member's reads to the team's daemon, whatever the local
 * data dir holds, and a refused token or an unreachable service is an error, never a silent local answer.
 */
class TeamServiceCliTest {
    @TempDir
    static Path tmp;
    static Path team;
    static Path mine;
    static Daemon daemon;

    @BeforeAll
    static void start() {
        team = tmp.resolve("team");
        mine = tmp.resolve("mine");
        assertEquals(0, CliRun.run(team, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl")
                .toString()).code());
        assertEquals(0, CliRun.run(team, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(),
                "--yes", "--reviewed").code());
        ServeSettings s = ServeSettings.loopback().withIdleTimeout(Duration.ZERO)
                .withSchedules(ServeSettings.Schedules.off());
        daemon = Daemon.start(team, new ServeSettings(s.host(), 0, false, null, true, s.idleTimeout(),
                Duration.ofMinutes(3), s.maxBodyBytes(), s.maxQueryChars(), s.readers(), s.schedulers()),
                Map.of("HOME", tmp.toString()), m -> {}, false);
    }

    @AfterAll
    static void stop() {
        daemon.close();
    }

    private static CliRun asMember(String token, String... args) {
        return CliRun.runIn(mine, tmp, Map.of("RECALL_SERVICE_URL", "http://127.0.0.1:" + daemon.info().port(),
                "RECALL_SERVICE_TOKEN", token, "HOME", tmp.toString()), args);
    }

    private static List<String> ids(JsonNode view) {
        List<String> ids = new ArrayList<>();
        view.path("entries").forEach(e -> ids.add(e.path("id").asText()));
        return ids;
    }

    @Test
    void aMembersCliReadsTheTeamsCorpusUntilRevoked() {
        CliRun added = CliRun.run(team, "members", "add", "dana", "--json");
        assertEquals(0, added.code(), added.toString());
        String token = added.json().path("token").asText();
        assertEquals("member", added.json().path("role").asText());
        assertEquals(3, CliRun.run(team, "members", "add", "dana").code(), "a name is taken once");
        assertEquals(2, CliRun.run(team, "members", "add", "no spaces").code());

        CliRun list = asMember(token, "list", "--json", "--limit", "500");
        assertEquals(0, list.code(), list.toString());
        assertFalse(ids(list.json()).isEmpty(), "the team's entries, though the local data dir has none");
        CliRun query = asMember(token, "query", "integration tests postgres", "--json");
        assertEquals(0, query.code(), query.toString());
        assertFalse(ids(query.json()).isEmpty(), query.out());
        assertTrue(ids(list.json()).containsAll(ids(query.json())), query.out());
        String first = ids(list.json()).getFirst();
        assertEquals(0, asMember(token, "get", first).code());

        CliRun wrong = asMember("not-a-token", "list");
        assertEquals(1, wrong.code(), wrong.toString());
        assertTrue(wrong.err().contains("bearer token"), wrong.err());
        CliRun noToken = CliRun.runIn(mine, tmp, Map.of("RECALL_SERVICE_URL", "http://127.0.0.1:"
                + daemon.info().port()), "list");
        assertEquals(2, noToken.code(), noToken.toString());
        assertTrue(noToken.err().contains("RECALL_SERVICE_TOKEN"), noToken.err());

        CliRun members = CliRun.run(team, "members", "list");
        assertTrue(members.out().contains("dana") && members.out().contains("member"), members.toString());
        assertEquals(0, CliRun.run(team, "members", "revoke", "dana").code());
        assertEquals(1, asMember(token, "list").code(), "refused once revoked");
        assertEquals(5, CliRun.run(team, "members", "revoke", "dana").code(), "nobody active by that name");
        assertTrue(CliRun.run(team, "members", "list").out().contains("revoked"));
    }

    @Test
    void anUnreachableServiceIsAnErrorNotALocalAnswer() throws Exception {
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        CliRun r = CliRun.runIn(mine, tmp, Map.of("RECALL_SERVICE_URL", "http://127.0.0.1:" + closed,
                "RECALL_SERVICE_TOKEN", "t"), "list");
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.err().contains("recall service at http://127.0.0.1:" + closed), r.err());
        assertEquals(2, CliRun.runIn(mine, tmp, Map.of("RECALL_SERVICE_URL", "ftp://x", "RECALL_SERVICE_TOKEN", "t"),
                "list").code());
    }
}
