package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** issue 2 end to end through the command line: import, list, get, stats, errors and exit codes. */
class FoundationCliTest {
    @TempDir
    Path tmp;

    Path data;

    @BeforeEach
    void setUp() {
        data = tmp.resolve("data");
        CliRun r = CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString());
        assertEquals(0, r.code(), r.toString());
    }

    private CliRun importA(String... flags) {
        List<String> args = new java.util.ArrayList<>(List.of("import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString()));
        args.addAll(List.of(flags));
        return CliRun.run(data, args.toArray(String[]::new));
    }

    @Test
    void importNeedsYesOrDryRun() {
        CliRun r = importA();
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("--yes"), r.err());
    }

    @Test
    void dryRunCountsThenYesWritesThenReimportSkips() {
        CliRun dry = importA("--dry-run", "--json");
        assertEquals(0, dry.code(), dry.toString());
        assertEquals(192, dry.json().get("would_insert").asInt());
        assertEquals(0, CliRun.run(data, "stats", "--json").json().get("total").asInt());

        CliRun wet = importA("--yes", "--reviewed", "--json");
        assertEquals(192, wet.json().get("inserted").asInt());
        assertEquals(8, wet.json().get("superseded").asInt());

        CliRun again = importA("--yes", "--json");
        assertEquals(0, again.json().get("inserted").asInt());
        assertEquals(192, again.json().get("skipped_existing").asInt());
    }

    @Test
    void aBadLineRejectsTheWholeFileNamingLineAndField() throws Exception {
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(CliRun.TESTDATA.resolve("entries/part-a.jsonl")));
        lines.set(5, lines.get(5).replaceFirst("\"type\": ?\"[a-z_]+\"", "\"type\": \"rumour\""));
        Path bad = tmp.resolve("bad.jsonl");
        Files.write(bad, lines);
        CliRun r = CliRun.run(data, "import", bad.toString(), "--yes");
        assertEquals(3, r.code(), r.toString());
        assertTrue(r.err().contains("line 6, field type: unknown value 'rumour'"), r.err());
        assertEquals(0, CliRun.run(data, "stats", "--json").json().get("total").asInt(), "nothing written");
    }

    @Test
    void listGetAndStatsInHumanAndJsonForm() {
        importA("--yes", "--reviewed");
        CliRun stats = CliRun.run(data, "stats", "--json");
        var s = stats.json();
        assertEquals(192, s.get("total").asInt());
        assertEquals(192, s.get("by_review_state").get("human_reviewed").asInt());
        assertTrue(s.get("by_lifecycle").get("superseded").asInt() >= 7);
        assertTrue(CliRun.run(data, "stats").out().contains("entries: 192"));

        var list = CliRun.run(data, "list", "--project", "ledgerd", "--type", "warning", "--limit", "3", "--json").json();
        assertEquals(3, list.get("count").asInt());
        String previous = "9999";
        for (var e : list.get("entries")) {
            assertEquals("ledgerd", e.get("project").asText());
            assertEquals("warning", e.get("type").asText());
            assertTrue(e.get("updated_at").asText().compareTo(previous) <= 0, "newest first");
            previous = e.get("updated_at").asText();
        }
        String id = list.get("entries").get(0).get("id").asText();
        var got = CliRun.run(data, "get", id, "--evidence", "--json").json();
        assertEquals(id, got.get("id").asText());
        assertTrue(got.get("evidence").get(0).get("content_digest").asText().length() == 64);
        assertTrue(CliRun.run(data, "get", id, "--evidence").out().contains("evidence ("));
    }

    @Test
    void unknownIdIsNotFound() {
        CliRun r = CliRun.run(data, "get", "no-such-entry");
        assertEquals(5, r.code());
        assertTrue(r.err().contains("no entry with id 'no-such-entry'"));
    }

    @Test
    void trustedOnlyWithAnotherStatusIsAnErrorNotAnEmptyPage() {
        CliRun r = CliRun.run(data, "list", "--trusted-only", "--status", "archived");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("--trusted-only needs status accepted"), r.err());
        assertEquals(2, CliRun.run(data, "list", "--type", "rumour").code());
    }

    @Test
    void currentCwdAndBranchComeFromTheWorkingDirectory() throws Exception {
        importA("--yes");
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        // a real work tree: --current-git-branch asks git (symbolic-ref), as the reference tool does
        Process init = new ProcessBuilder("git", "init", "-q", "-b", "fix/rounding").directory(repo.toFile())
                .redirectErrorStream(true).start();
        assertEquals(0, init.waitFor(), new String(init.getInputStream().readAllBytes()));
        Files.createDirectories(repo.resolve("sub/dir"));
        var r = CliRun.runIn(data, repo.resolve("sub/dir"), Map.of(), "list", "--current-git-branch", "--json").json();
        assertTrue(r.get("count").asInt() > 0);
        r.get("entries").forEach(e -> assertEquals("fix/rounding", e.get("git_branch").asText()));
        CliRun none = CliRun.runIn(data, tmp, Map.of(), "list", "--current-git-branch");
        assertEquals(2, none.code(), none.toString());
    }

    @Test
    void dataDirComesFromTheOptionThenTheEnvironment() {
        Path fromEnv = tmp.resolve("env-data");
        CliRun r = CliRun.runIn(null, tmp, Map.of("RECALL_DATA_DIR", fromEnv.toString()), "stats");
        assertEquals(0, r.code(), r.toString());
        assertTrue(Files.exists(fromEnv.resolve("recall.db")));
        assertEquals(Path.of("/home/u/.local/share/recall"),
                DataDirs.resolve(null, Map.of(), "Linux", Path.of("/home/u"), Path.of("/w")));
        assertEquals(Path.of("/x/recall"), DataDirs.resolve(null, Map.of("XDG_DATA_HOME", "/x"), "Linux", Path.of("/h"), Path.of("/w")));
        assertEquals(Path.of("/opt/d"), DataDirs.resolve(Path.of("/opt/d"), Map.of("RECALL_DATA_DIR", "/e"), "Linux", Path.of("/h"), Path.of("/w")));
        // relative to the command's working directory, which for a command the daemon runs is its client's
        assertEquals(Path.of("/w/d"), DataDirs.resolve(Path.of("d"), Map.of(), "Linux", Path.of("/h"), Path.of("/w")));
        assertEquals(Path.of("/w/e"), DataDirs.resolve(null, Map.of("RECALL_DATA_DIR", "e"), "Linux", Path.of("/h"),
                Path.of("/w")));
    }

    @Test
    void anUncreatableDataDirOrACorruptDatabaseIsAClearError() throws Exception {
        Path file = tmp.resolve("file");
        Files.writeString(file, "x");
        CliRun r = CliRun.run(file.resolve("data"), "stats");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("cannot create data dir"), r.err());

        Path corrupt = tmp.resolve("corrupt");
        Files.createDirectories(corrupt);
        byte[] junk = "not a database ".repeat(200).getBytes();
        Files.write(corrupt.resolve("recall.db"), junk);
        CliRun c = CliRun.run(corrupt, "list");
        assertEquals(1, c.code());
        assertTrue(c.err().contains("corrupt or not a recall database"), c.err());
        assertArrayEquals(junk, Files.readAllBytes(corrupt.resolve("recall.db")));
    }
}
