package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** issue 22 item 2: snippets, matched words as typed, score formulas, tables, one final progress line. */
class ReadableResultsCliTest {
    private static final Pattern LEXICAL = Pattern.compile(
            "lexical (\\d+\\.\\d+) = bm25 (\\d+\\.\\d+) x \\(1 \\+ boosts (-?\\d+\\.\\d+)\\)");

    @TempDir
    Path tmp;

    Path data;

    @BeforeEach
    void setUp() {
        data = tmp.resolve("data");
        ok(CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()));
        ok(CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes",
                "--reviewed"));
    }

    private static CliRun ok(CliRun r) {
        assertEquals(0, r.code(), r.toString());
        return r;
    }

    @Test
    void eachHitShowsASnippetAroundTheWordsAndTheFormulaOfItsScore() {
        CliRun r = ok(CliRun.run(data, "query", "Migrating the Postgres schema", "--limit", "3", "--scores"));
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith(" 1. "), r.out());
        String snippet = lines.get(1);
        assertTrue(snippet.startsWith("    ") && !snippet.isBlank(), r.out());
        assertTrue(snippet.toLowerCase().matches(".*(postgres|schema|migrat).*"), snippet);
        assertFalse(r.out().contains("\u001b["), "no escape codes when not at a terminal");
        Matcher m = LEXICAL.matcher(r.out());
        assertTrue(m.find(), r.out());
        double lexical = Double.parseDouble(m.group(1));
        double bm25 = Double.parseDouble(m.group(2));
        double boosts = Double.parseDouble(m.group(3));
        assertEquals(lexical, bm25 * (1 + boosts), 0.02 * Math.max(1, lexical), "the line's formula holds");
        assertTrue(r.out().contains("  bm25 = "), r.out());
        // matched words as the user typed them, never the stems
        Matcher matched = Pattern.compile("matched: (.*)").matcher(r.out());
        assertTrue(matched.find(), r.out());
        for (String w : matched.group(1).split(", ")) {
            assertTrue(List.of("Migrating", "Postgres", "schema").contains(w), matched.group(1));
        }
        // and in JSON: the snippet with its marks, and the words
        var hit = ok(CliRun.run(data, "query", "Migrating the Postgres schema", "--limit", "1", "--json")).json()
                .path("entries").get(0);
        String text = hit.path("snippet").asText();
        var mark = hit.path("snippet_marks").get(0);
        String marked = text.substring(mark.get(0).asInt(), mark.get(1).asInt()).toLowerCase();
        assertTrue(marked.startsWith("postgres") || marked.startsWith("schema") || marked.startsWith("migrat"), marked);
        assertTrue(hit.path("matched_words").isArray());
    }

    @Test
    void ledgerStatsIsATable() {
        ok(CliRun.run(data, "query", "postgres"));
        ok(CliRun.run(data, "query", "nothing here zzyzx"));
        CliRun r = ok(CliRun.run(data, "ledger", "stats"));
        assertTrue(r.out().startsWith("ledger"), r.out());
        assertTrue(r.out().matches("(?s).*\\nevents +2\\n.*"), r.out());
        assertTrue(r.out().matches("(?s).*\\nmode +events\\nlexical +2\\n.*"), r.out());
        assertFalse(r.out().contains("{"), "not a Java map: " + r.out());
    }

    @Test
    void extractStatusIsATableWithCounts() {
        CliRun r = ok(CliRun.run(data, "extract", "status"));
        assertTrue(r.out().matches("(?s).*\\n  sessions +count\\n.*"), r.out());
        assertTrue(r.out().matches("(?s).*\\n  total +\\d+\\n.*"), r.out());
        assertFalse(r.out().contains("{"), r.out());
    }

    @Test
    void aProgressBarWithoutATerminalEndsWithOneFinalLine() {
        StringWriter s = new StringWriter();
        ConsoleProgress p = new ConsoleProgress(new PrintWriter(s, true), false, "docs", false);
        p.start("embed", 3);
        p.advance(1);
        p.advance(3);
        p.finish();
        List<String> lines = s.toString().lines().toList();
        assertEquals(1, lines.stream().filter(l -> l.contains("3/3")).count(), s.toString());
        assertTrue(lines.get(lines.size() - 1).startsWith("embed: 3/3 docs (100%)"), s.toString());
    }
}
