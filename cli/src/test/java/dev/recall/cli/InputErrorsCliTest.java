package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * issue 12 item 11: bad input files and unsafe paths are refused with the same exit code for the same kind of
 * mistake, a message that names the file, line and column, and no parser internals; a file of many bad lines
 * reports its first 20 and a count.
 */
class InputErrorsCliTest {
    @TempDir
    Path tmp;

    @Test
    void importFilesAreRefusedInWordsWithTheirLineAndAtMostTwentyBadLines() throws Exception {
        Path data = tmp.resolve("data");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 192; i++) {
            lines.add("{\"id\": \"m" + i + "\", \"bogus\": 1}");
        }
        Path many = Files.write(tmp.resolve("many.jsonl"), lines);
        CliRun r = CliRun.run(data, "import", many.toString(), "--dry-run");
        assertEquals(3, r.code(), r.toString());
        assertTrue(r.err().contains("rejected (192 bad lines)"), r.err());
        assertTrue(r.err().contains("line 20, field bogus: unknown field"), r.err());
        assertFalse(r.err().contains("line 21,"), r.err());
        assertTrue(r.err().contains("... and 172 more bad lines"), r.err());
        var j = CliRun.run(data, "import", many.toString(), "--dry-run", "--json").json();
        assertEquals(20, j.get("rejected").size());
        assertEquals(192, j.get("rejected_count").asInt());

        Path malformed = Files.write(tmp.resolve("malformed.jsonl"), List.of("{\"id\": \"x1\", \"type\": \"fact\" \"scope\": 1}",
                "{\"id\":\"x2\",}", "[1,2]", "{\"id\":\"x3\",\"title\":\"a\",\"title\":\"b\"}"));
        CliRun m = CliRun.run(data, "import", malformed.toString(), "--dry-run");
        assertEquals(3, m.code(), m.toString());
        assertTrue(m.err().contains("line 1: malformed JSON at column 29: expected ',' or '}' after a field's value,"
                + " found '\"'"), m.err());
        assertTrue(m.err().contains("line 2: malformed JSON at column 12: expected a field name in double quotes"), m.err());
        assertTrue(m.err().contains("line 3: each line must be one JSON object ({...}), not an array"), m.err());
        assertTrue(m.err().contains("line 4: malformed JSON at column 31: field 'title' appears more than once"), m.err());
        assertFalse(m.err().contains("field :") || m.err().contains("(code ") || m.err().contains("Object entries"),
                m.err());

        // the session archive import: the same words, and exit 3 (input rejected), not 1
        CliRun s = CliRun.run(data, "sessions", "import", malformed.toString());
        assertEquals(3, s.code(), s.toString());
        assertTrue(s.err().contains("malformed.jsonl line 1, malformed JSON at column 29: expected ','"), s.err());
        Path unknown = Files.write(tmp.resolve("unknown.jsonl"), List.of("{\"id\":\"s\",\"agent\":\"x\",\"type\":1,"
                + "\"messages\":[]}"));
        CliRun u = CliRun.run(data, "sessions", "import", unknown.toString());
        assertEquals(3, u.code(), u.toString());
        assertTrue(u.err().contains("line 1, field type: unknown field; nothing was written"), u.err());

        // a file that is not there is "not found" (5) for both imports; a directory is rejected (3)
        assertEquals(5, CliRun.run(data, "import", tmp.resolve("nope.jsonl").toString(), "--dry-run").code());
        assertEquals(5, CliRun.run(data, "sessions", "import", tmp.resolve("nope.jsonl").toString()).code());
        assertEquals(3, CliRun.run(data, "import", tmp.toString(), "--dry-run").code());
    }

    /**
     * An unknown value of an option is a usage error (2) that names the option, the value and the values there are,
     * whichever enum it is; the same value in an import file is that file's rejection (3), with its line.
     */
    @Test
    void unknownValuesNameTheOptionTheValueAndTheKnownOnes() throws Exception {
        Path data = tmp.resolve("data");
        String[][] cases = {
            {"--type: unknown value 'rumour' (allowed: fact, decision, procedure, debugging_method, warning,"
                    + " preference, open_question)", "list", "--type", "rumour"},
            {"--review-state: unknown value 'maybe' (allowed: human_reviewed, unreviewed_auto, calibrated_auto,"
                    + " eval_raw)", "list", "--review-state", "maybe"},
            {"--mode: unknown value 'semantic' (allowed: lexical, vector, hybrid)", "query", "x", "--mode", "semantic"},
            {"--fusion: unknown value 'borda' (allowed: rrf, convex, adaptive)", "query", "x", "--mode", "hybrid",
                    "--fusion", "borda"},
            {"--mode: unknown value 'fuzzy' (allowed: lexical, vector, hybrid)", "brief", "x", "--mode", "fuzzy"},
            {"--collection-format: unknown value 'csv' (allowed: beir, trec)", "eval", "--collection",
                    tmp.toString(), "--collection-format", "csv"},
        };
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            CliRun r = CliRun.run(data, args);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r);
            assertTrue(r.err().contains(c[0]), String.join(" ", args) + ": " + r.err());
            CliRun j = CliRun.run(data, concat(args, "--json"));
            assertEquals(c[0], j.json().get("error").get("message").asText(), String.join(" ", args));
        }
    }

    private static String[] concat(String[] args, String more) {
        String[] out = java.util.Arrays.copyOf(args, args.length + 1);
        out[args.length] = more;
        return out;
    }

    /** A symlink recall refuses is one kind of refusal: exit 3 from every command that writes or reads there. */
    @Test
    void symlinkRefusalsHaveOneExitCode() throws Exception {
        Path data = tmp.resolve("data");
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Path project = Files.createDirectories(tmp.resolve("project"));
        // a git work tree, so that save has a project to save for and reaches the symlink check
        assertEquals(0, new ProcessBuilder("git", "init", "-q").directory(project.toFile()).inheritIO().start()
                .waitFor());
        Files.createSymbolicLink(project.resolve(".recall"), outside);
        Path file = Files.writeString(tmp.resolve("t.jsonl"), "");
        for (String[] cmd : new String[][] {{"save", "--no-sync"}, {"show"}, {"log"},
                {"capture", "--transcript", file.toString()}}) {
            CliRun r = CliRun.runIn(data, project, Map.of(), cmd);
            assertEquals(3, r.code(), String.join(" ", cmd) + ": " + r);
            assertTrue(r.err().contains("symlink"), r.toString());
        }
        Files.delete(project.resolve(".recall"));
        Path dir = Files.createDirectories(project.resolve(".recall"));
        Files.createSymbolicLink(dir.resolve("context.md"), outside.resolve("context.md"));
        Files.createSymbolicLink(dir.resolve("history.md"), outside.resolve("history.md"));
        for (String[] cmd : new String[][] {{"save", "--no-sync"}, {"show"}, {"log"}}) {
            CliRun r = CliRun.runIn(data, project, Map.of(), cmd);
            assertEquals(3, r.code(), String.join(" ", cmd) + ": " + r);
            assertTrue(r.err().contains("is a symlink"), r.toString());
        }
        assertFalse(Files.exists(outside.resolve("context.md")), "nothing was written through the link");
    }
}
