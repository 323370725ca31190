package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** issue 22 item 3: usage errors in one line, `save` only in a project, `demo` in the data dir it is given. */
class QuietCliTest {
    @TempDir
    Path tmp;

    @Test
    void anUnknownOptionIsOneLineAndAHintNotTheWholeUsage() {
        CliRun r = CliRun.run(tmp.resolve("data"), "query", "x", "--limt", "3");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().startsWith("recall: unknown option '--limt'"), r.err());
        assertTrue(r.err().contains("did you mean --limit?"), r.err());
        assertTrue(r.err().contains("Try 'recall query --help' for more information."), r.err());
        assertFalse(r.err().contains("Usage:"), r.err());
        assertTrue(r.err().lines().count() <= 3, r.err());

        CliRun command = CliRun.run(tmp.resolve("data"), "lsit");
        assertEquals(2, command.code(), command.toString());
        assertTrue(command.err().startsWith("recall: unknown command 'lsit'"), command.err());
        assertTrue(command.err().contains("did you mean list?"), command.err());
        assertFalse(command.err().contains("Usage:"), command.err());
    }

    @Test
    void saveOutsideAProjectRefusesAndWritesNothing() {
        Path data = tmp.resolve("data");
        Path nowhere = tmp.resolve("scratch");
        assertTrue(nowhere.toFile().mkdirs());
        CliRun r = CliRun.runIn(data, nowhere, Map.of(), "save", "--no-sync");
        assertEquals(3, r.code(), r.toString());
        assertTrue(r.err().contains("is not a project"), r.err());
        assertFalse(Files.exists(nowhere.resolve(".recall")));
    }

    @Test
    void saveInAGitWorkTreeStillWrites() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        CliRun r = CliRun.runIn(tmp.resolve("data"), repo, Map.of(), "save", "--no-sync", "--json");
        assertEquals(0, r.code(), r.toString());
        assertTrue(Files.exists(repo.resolve(".recall/context.md")));
    }

    @Test
    void demoUsesTheGlobalDataDir() {
        Path data = tmp.resolve("demo-data");
        CliRun r = CliRun.run(data, "demo");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("# recall demo: data dir " + data.toAbsolutePath()), r.out());
        assertTrue(Files.exists(data.resolve("recall.db")));
    }
}
