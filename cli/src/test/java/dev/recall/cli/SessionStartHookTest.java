package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SessionStart hook adds the trusted brief of the current project and branch. */
class SessionStartHookTest {
    @TempDir
    Path tmp;

    private CliRun hook(Path data, Path cwd) {
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(("{\"hook_event_name\":\"SessionStart\",\"source\":\"startup\",\"cwd\":\""
                    + cwd + "\"}").getBytes(StandardCharsets.UTF_8)));
            return CliRun.runIn(data, tmp, Map.of(), "show", "--hook");
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void theBriefOfTheProjectJoinsTheSessionStartContextWhenTrustedEntriesExist() throws Exception {
        Path data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()).code());
        assertEquals(0, CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes",
                "--reviewed").code());
        Path project = tmp.resolve("ledgerd");
        Files.createDirectories(project.resolve(".git"));
        Files.writeString(project.resolve(".git/HEAD"), "ref: refs/heads/fix/rounding\n");

        CliRun r = hook(data, project);
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("<recall-brief>") && r.out().contains("project ledgerd"), r.out());
        assertTrue(r.out().length() <= 10_000);
        int firstEntry = r.out().indexOf("## 1.");
        assertTrue(r.out().substring(firstEntry, r.out().indexOf('\n', r.out().indexOf('\n', firstEntry) + 1))
                .contains("branch fix/rounding"), "entries of the current branch come first: " + r.out());

        Path other = tmp.resolve("unknown-project");
        Files.createDirectories(other);
        CliRun none = hook(data, other);
        assertEquals(0, none.code());
        assertEquals("", none.out(), "no trusted entries, no context: the session starts as usual");
    }
}
