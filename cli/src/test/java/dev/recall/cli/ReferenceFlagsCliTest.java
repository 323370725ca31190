package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** issue 22 item 1: the reference tool's flags on list, query, stats and import, end to end on a real store. */
class ReferenceFlagsCliTest {
    @TempDir
    Path tmp;

    Path data;

    @BeforeEach
    void setUp() {
        data = tmp.resolve("data");
        ok(CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()));
        ok(CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes",
                "--reviewed"));
        ok(CliRun.run(data, "import", CliRun.TESTDATA.resolve("lineage/entries.jsonl").toString(), "--yes",
                "--reviewed"));
    }

    private static CliRun ok(CliRun r) {
        assertEquals(0, r.code(), r.toString());
        return r;
    }

    private static List<String> ids(JsonNode view) {
        List<String> ids = new ArrayList<>();
        view.path("entries").forEach(e -> ids.add(e.path("id").asText()));
        return ids;
    }

    @Test
    void lineageFiltersSelectOnListQueryAndStats() {
        assertEquals(List.of("lineage-001", "lineage-002"), // same time: by id
                ids(ok(CliRun.run(data, "list", "--source-run-id", "run-2026-10", "--format", "json")).json()));
        assertEquals(List.of("lineage-003"),
                ids(ok(CliRun.run(data, "list", "--extractor-method", "local-v1", "--json")).json()));
        assertEquals(List.of("lineage-003"),
                ids(ok(CliRun.run(data, "list", "--source-episode-id", "ep-8", "--json")).json()));
        // supersession links both ways; the superseded entry is archived, so it needs --status archived
        assertEquals(List.of("lineage-001"),
                ids(ok(CliRun.run(data, "list", "--supersedes-entry-id", "ledgerd-fact-002", "--json")).json()));
        assertEquals(List.of(), ids(ok(CliRun.run(data, "list", "--superseded-by-entry-id", "lineage-001",
                "--json")).json()));
        assertEquals(List.of("ledgerd-fact-002"), ids(ok(CliRun.run(data, "list", "--superseded-by-entry-id",
                "lineage-001", "--status", "archived", "--json")).json()));
        // the same filters in the ranked search: decided in the lexical index
        JsonNode q = ok(CliRun.run(data, "query", "integration tests migrate", "--source-run-id", "run-2026-10",
                "--json")).json();
        assertFalse(ids(q).isEmpty());
        q.path("entries").forEach(e -> assertEquals("run-2026-10", e.path("source_run_id").asText()));
        JsonNode bySession = ok(CliRun.run(data, "query", "integration tests", "--source-session-id",
                "sess-ledgerd-0001", "--limit", "50", "--json")).json();
        bySession.path("entries").forEach(e -> assertEquals("sess-ledgerd-0001", e.path("source_session_id").asText()));
        // stats takes the filters and counts by extractor and source
        JsonNode stats = ok(CliRun.run(data, "stats", "--source-session-id", "sess-ledgerd-0001", "--json")).json();
        assertEquals(2, stats.path("by_extractor").path("eval-harness").asInt());
        assertEquals(1, stats.path("by_extractor").path("local-v1").asInt());
        assertEquals(2, stats.path("by_source_run").path("run-2026-10").asInt());
        assertEquals(stats.path("total").asInt(), stats.path("by_source_session").path("sess-ledgerd-0001").asInt());
    }

    @Test
    void listWithQueryRanksAndSummaryCountsTheResultSet() {
        JsonNode v = ok(CliRun.run(data, "list", "--query", "migrate store integration tests", "--limit", "5",
                "--summary", "--evidence", "--json")).json();
        assertEquals(5, v.path("count").asInt());
        assertTrue(ids(v).contains("lineage-002"), ids(v).toString());
        assertEquals(5, v.path("summary").path("total").asInt());
        long byType = 0;
        for (JsonNode n : v.path("summary").path("by_type")) {
            byType += n.asLong();
        }
        assertEquals(5, byType);
        v.path("entries").forEach(e -> assertTrue(e.path("evidence").isArray(), e.toString()));
        assertTrue(v.path("query_id").isNumber(), "a ranked list is recorded as a query");

        CliRun human = ok(CliRun.run(data, "list", "--source-run-id", "run-2026-10", "--summary", "--evidence"));
        assertTrue(human.out().contains("summary: 2 entries"), human.out());
        assertTrue(human.out().contains("eval-harness"), human.out());
        assertTrue(human.out().contains("open: recall sessions show sess-ledgerd-0001"), human.out());
    }

    @Test
    void queryPacksContextAndSummarises() {
        JsonNode v = ok(CliRun.run(data, "query", "integration tests postgres", "--context", "--context-max-bytes",
                "1500", "--summary", "--evidence", "--limit", "5", "--json")).json();
        String context = v.path("context").asText();
        assertTrue(context.startsWith("<recall-brief"), context);
        assertTrue(context.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= 1500);
        assertEquals(1500, v.path("context_meta").path("budget_bytes").asInt());
        assertFalse(v.path("context_meta").path("included_ids").isEmpty());
        assertEquals(5, v.path("summary").path("total").asInt());
        v.path("entries").forEach(e -> assertTrue(e.path("evidence").isArray()));

        CliRun human = ok(CliRun.run(data, "query", "integration tests postgres", "--context", "--limit", "3"));
        assertTrue(human.out().contains("<recall-brief"), human.out());
        assertTrue(human.out().contains("hits packed in"), human.out());
    }

    @Test
    void currentScopeFlagsReadGitAndRefuseContradictions() throws Exception {
        Path repo = tmp.resolve("repo");
        Path sub = Files.createDirectories(repo.resolve("src/deep"));
        git(repo, "init", "-q", "-b", "feature/x");
        CliRun wt = CliRun.runIn(data, sub, Map.of(), "list", "--current-worktree", "--json");
        assertEquals(0, wt.code(), wt.toString());
        JsonNode filters = wt.json().path("filters");
        assertEquals(repo.toRealPath().toString(), filters.path("cwd").asText());
        assertEquals("feature/x", filters.path("git_branch").asText());

        CliRun branch = CliRun.runIn(data, sub, Map.of(), "list", "--current-git-branch", "--current-cwd", "--json");
        assertEquals("feature/x", branch.json().path("filters").path("git_branch").asText());
        assertEquals(sub.toString(), branch.json().path("filters").path("cwd").asText());

        CliRun both = CliRun.runIn(data, sub, Map.of(), "list", "--current-worktree", "--cwd", "/x");
        assertEquals(2, both.code(), both.toString());
        assertTrue(both.err().contains("--current-worktree without --cwd"), both.err());
        CliRun twice = CliRun.runIn(data, sub, Map.of(), "query", "tests", "--git-branch", "main",
                "--current-git-branch");
        assertEquals(2, twice.code(), twice.toString());

        CliRun outside = CliRun.runIn(data, tmp, Map.of(), "list", "--current-git-branch");
        assertEquals(2, outside.code(), outside.toString());
        assertTrue(outside.err().contains("no checked-out branch"), outside.err());
    }

    private static void git(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
    }

    @Test
    void requireExistingSessionsIsTheReferenceSpellingOfPlaceholders() throws Exception {
        Path file = tmp.resolve("orphan.jsonl");
        String line = Files.readAllLines(CliRun.TESTDATA.resolve("lineage/entries.jsonl")).get(2)
                .replace("lineage-003", "orphan-001").replace("sess-ledgerd-0001", "sess-nowhere");
        Files.writeString(file, line + "\n");
        CliRun refused = CliRun.run(data, "import", file.toString(), "--yes");
        assertEquals(3, refused.code(), refused.toString());
        CliRun contradiction = CliRun.run(data, "import", file.toString(), "--yes", "--require-existing-sessions",
                "--allow-placeholder-sessions");
        assertEquals(2, contradiction.code(), contradiction.toString());
        JsonNode placed = ok(CliRun.run(data, "import", file.toString(), "--yes", "--require-existing-sessions=false",
                "--json")).json();
        assertEquals(1, placed.path("inserted").asInt());
        assertEquals(1, placed.path("placeholder_sessions").asInt());
    }

    @Test
    void formatHumanOrJsonOnEveryCommandAndBadValuesAreUsageErrors() {
        assertTrue(ok(CliRun.run(data, "ledger", "stats", "--format", "json")).json().isObject());
        assertFalse(ok(CliRun.run(data, "stats", "--format", "human")).out().startsWith("{"));
        CliRun bad = CliRun.run(data, "stats", "--format", "yaml");
        assertEquals(2, bad.code(), bad.toString());
        assertTrue(bad.err().contains("--format must be human or json"), bad.err());
    }
}
