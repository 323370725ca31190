package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.search.SearchMode;
import dev.recall.service.EntryService;
import dev.recall.service.Filters;
import dev.recall.service.Recording;
import dev.recall.service.RecallService;
import dev.recall.service.SearchService;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryType;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cli is parsing and rendering only: a command and the direct service call give the same result. */
class CliServiceParityTest {
    @TempDir
    Path tmp;

    Path data;

    @BeforeEach
    void setUp() {
        data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()).code());
        assertEquals(0, CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes",
                "--reviewed").code());
    }

    private RecallService service(List<String> notices) {
        return new RecallService(data, Map.of(), Clock.systemUTC(), notices::add);
    }

    @Test
    void queryRanksTheSameEntriesWithTheSameScores() {
        JsonNode cli = CliRun.run(data, "query", "goose migrations", "--json", "--limit", "5", "--project", "ledgerd",
                "--no-record").json();
        List<String> notices = new ArrayList<>();
        try (RecallService s = service(notices)) {
            var r = s.search().query(SearchService.QueryRequest.builder("goose migrations")
                    .filters(Filters.of(EntryFilter.builder().project("ledgerd").build())).limit(5).explain(true)
                    .recording(Recording.NONE).build());
            assertEquals(cli.get("count").asInt(), r.result().hits().size());
            assertTrue(r.result().hits().size() > 1, cli.toString());
            for (int i = 0; i < r.result().hits().size(); i++) {
                var hit = r.result().hits().get(i);
                JsonNode e = cli.get("entries").get(i);
                assertEquals(e.get("id").asText(), hit.entry().id());
                assertEquals(e.get("score").asDouble(), hit.score(), 1e-9);
                assertEquals(e.get("rank").asInt(), hit.rank());
            }
            assertEquals(cli.get("next_cursor").asText(null), r.result().nextCursor());
            assertNull(r.queryId(), "not recorded when asked not to");
        }
    }

    @Test
    void briefPacksTheSameContext() {
        CliRun cli = CliRun.run(data, "brief", "fix the rounding bug in the FX conversion", "--json");
        assertEquals(0, cli.code(), cli.toString());
        try (RecallService s = service(new ArrayList<>())) {
            var r = s.search().brief(new SearchService.BriefRequest("fix the rounding bug in the FX conversion",
                    SearchMode.LEXICAL, Filters.NONE, 10, dev.recall.brief.BriefPacker.DEFAULT_BUDGET, Recording.DEFAULT));
            assertFalse(r.brief().context().isEmpty());
            assertEquals(cli.json().get("context").asText(), r.brief().context());
            assertEquals(cli.json().get("query_id").asLong() + 1, r.queryId(), "both recorded, one after the other");
        }
    }

    @Test
    void listGetAndStatsAgree() {
        JsonNode list = CliRun.run(data, "list", "--type", "warning", "--json").json();
        JsonNode get = CliRun.run(data, "get", "ledgerd-proc-008", "--evidence", "--json").json();
        JsonNode stats = CliRun.run(data, "stats", "--json").json();
        try (RecallService s = service(new ArrayList<>())) {
            var entries = s.entries().list(new EntryService.ListRequest(
                    Filters.of(EntryFilter.builder().type(EntryType.WARNING).build()), 20)).entries();
            assertEquals(list.get("count").asInt(), entries.size());
            for (int i = 0; i < entries.size(); i++) {
                assertEquals(list.get("entries").get(i).get("id").asText(), entries.get(i).id());
            }
            var one = s.entries().get(new EntryService.GetRequest("ledgerd-proc-008", true));
            assertEquals(get.get("title").asText(), one.entry().title());
            assertEquals(get.get("evidence").size(), one.evidence().size());
            assertEquals(stats.get("total").asLong(), s.entries().stats().entries().total());
        }
    }

    @Test
    void aMissingEntryIsNotFoundInBoth() {
        CliRun cli = CliRun.run(data, "get", "no-such-entry");
        assertEquals(ExitCode.NOT_FOUND.code, cli.code());
        try (RecallService s = service(new ArrayList<>())) {
            var e = assertThrows(dev.recall.store.RecallException.class,
                    () -> s.entries().get(new EntryService.GetRequest("no-such-entry", false)));
            assertEquals(dev.recall.store.RecallException.Kind.NOT_FOUND, e.kind());
            assertEquals("recall: " + e.getMessage() + "\n", cli.err());
        }
    }
}
