package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading commands and their outcomes from tool messages. */
class CommandsTest {
    @Test
    void keysNameTheProgramAndItsSubcommand() {
        assertEquals(List.of("make db-up", "go test"), Commands.keys("make db-up && go test -tags x ./... -count=1"));
        assertEquals(List.of("pnpm test"), Commands.keys("pnpm -F editor test"));
        assertEquals(List.of("poetry run pytest"), Commands.keys("poetry run pytest -q tests/"));
        assertEquals(List.of("kubectl logs"), Commands.keys("kubectl -n staging logs job/migrate | tail -3"));
        assertEquals(List.of("tflint"), Commands.keys("GITHUB_TOKEN=$(gh auth token) tflint --init && tflint --recursive"));
        assertEquals(List.of("./gradlew :app:test"), Commands.keys("./gradlew :app:test"));
    }

    @Test
    void pipesFilterOutputAndAreNoSteps() {
        assertEquals(List.of("git diff"), Commands.keys("git diff internal/db.go | head -12"));
        assertTrue(Commands.isRoutine("git status"));
        assertFalse(Commands.isRoutine("make migrate-test"));
    }

    @Test
    void failuresAreRecognisedAcrossTools() {
        assertTrue(Outcomes.classify("--- FAIL: TestX (0.00s)\nFAIL").failed());
        assertTrue(Outcomes.classify("make: *** [Makefile:15: db-up] Error 1").failed());
        assertTrue(Outcomes.classify("Traceback (most recent call last):\n  File \"x.py\"\nValueError: bad").failed());
        assertTrue(Outcomes.classify("BUILD FAILURE").failed());
        assertTrue(Outcomes.classify("Process exited with code 2").failed());
        assertTrue(Outcomes.classify("2 issues:\n* errcheck: 1").failed());
        assertFalse(Outcomes.classify("ok  \tpkg\t0.01s").failed());
        assertFalse(Outcomes.classify("Tests run: 5, Failures: 0, Errors: 0").failed());
        assertFalse(Outcomes.classify("1 chart(s) linted, 0 chart(s) failed").failed());
        assertFalse(Outcomes.classify("0 issues.").failed());
        assertFalse(Outcomes.classify("").failed());
    }

    @Test
    void theErrorLineIsTheTellingOne() {
        String out = "_____ ERROR at setup of test_read _____\nE   duckdb.IOException: HTTP 403 on s3://bucket\nFAIL";
        assertEquals("E duckdb.IOException: HTTP 403 on s3://bucket", Outcomes.classify(out).errorLine());
        assertEquals("ERROR: cannot ALTER TABLE \"postings\" because it has pending trigger events",
                DebuggingRule.shortError("2026/09/14 09:31:55 goose run: ERROR 00023.sql: failed: ERROR: cannot"
                        + " ALTER TABLE \"postings\" because it has pending trigger events"));
    }

    @Test
    void jsonToolInputsCarryTheCommand() {
        var commands = new Commands();
        var m = dev.recall.store.Message.of("s", 0, "tool", "Exit code: 1", "exec_command",
                "{\"command\":[\"bash\",\"-lc\",\"cargo test -p core\"]}", null, null);
        ToolRun r = commands.read(m);
        assertEquals("cargo test -p core", r.command());
        assertTrue(r.failed());
        var d = dev.recall.store.Message.of("s", 1, "tool", "ok", "Bash",
                "{\"command\":\"npm run build\",\"description\":\"Build the web app\"}", null, null);
        assertEquals("Build the web app", commands.description(d));
    }
}
