package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** recall query and index rebuild through the command line. */
class SearchCliTest {
    @TempDir
    Path tmp;

    Path data;

    @BeforeEach
    void setUp() {
        data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()).code());
        assertEquals(0, CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes").code());
    }

    @Test
    void jsonHasEntriesWithScoresBreakdownsAndMatchedTerms() {
        var j = CliRun.run(data, "query", "goose migrations", "--json", "--limit", "3").json();
        assertEquals("lexical", j.get("mode").asText());
        assertEquals(3, j.get("entries").size());
        var first = j.get("entries").get(0);
        assertTrue(first.get("id").asText().startsWith("ledgerd-"), first.toString());
        assertTrue(first.get("score").asDouble() > 0);
        assertTrue(first.get("score_breakdown").has("bm25.title"));
        assertTrue(first.get("score_breakdown").has("boost.identifier"));
        assertTrue(first.get("matched_terms").size() > 0);
        assertNotNull(j.get("next_cursor").asText());
        var next = CliRun.run(data, "query", "goose migrations", "--json", "--limit", "3", "--cursor",
                j.get("next_cursor").asText()).json();
        assertEquals(4, next.get("entries").get(0).get("rank").asInt());
    }

    @Test
    void scoresAreShownPerComponent() {
        CliRun r = CliRun.run(data, "query", "flaky tests", "--scores", "--limit", "2");
        assertEquals(0, r.code(), r.toString());
        // issue 22: each line states its formula, the fields and boosts follow, the matched words as typed
        assertTrue(r.out().matches("(?s).*\\n    lexical \\d+\\.\\d+ = bm25 \\d+\\.\\d+ x \\(1 \\+ boosts -?\\d+\\.\\d+\\)\\n.*"),
                r.out());
        assertTrue(r.out().contains("      bm25 = ") && r.out().contains("matched:"), r.out());
    }

    @Test
    void anInvalidLuceneQueryIsOneClearLineAndExit3() {
        CliRun.run(data, "index", "rebuild");
        CliRun r = CliRun.run(data, "query", "title:(", "--syntax", "lucene");
        assertEquals(3, r.code(), r.toString());
        assertTrue(r.err().startsWith("recall: invalid Lucene query:"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertEquals(0, CliRun.run(data, "query", "title:(").code(), "plain words never fail");
    }

    @Test
    void vectorModeWithoutEmbeddingsIsRefusedWithTheFix() {
        CliRun r = CliRun.run(data, "query", "tests", "--mode", "hybrid");
        assertEquals(4, r.code(), r.toString());
        assertTrue(r.err().contains("recall embeddings build --store recall"), r.err());
    }

    @Test
    void indexRebuildRegeneratesFromTheStore() {
        CliRun r = CliRun.run(data, "index", "rebuild", "--json");
        assertEquals(0, r.code(), r.toString());
        assertEquals(192, r.json().get("entries").asInt());
    }
}
