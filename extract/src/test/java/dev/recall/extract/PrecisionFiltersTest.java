package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import dev.recall.store.Scope;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 15 (helper ext16p): proposals of a class the judge rejects, removed. A failing run whose quoted line
 * is the run's tally or a benchmark header is no debugging method (the causes stay claimed, so no fact takes them);
 * {@link Misfires} drops, whichever rule made them, a closing status line, the quickest-fix shortcut and a fact
 * opening with "Only". Each with the near-miss it must
 * keep.
 */
class PrecisionFiltersTest {
    private static TestSessions failing(String id, String output) {
        return TestSessions.session(id).user("Run the PlayMode tests.")
                .bash("$UNITY -batchmode -runTests -testPlatform PlayMode", output)
                .assistant("The harvest test fails because the crop timer reads the real clock instead of the game"
                        + " clock, so it never ticks under the test runner. Changed it to the game clock.")
                .edit("Assets/Scripts/CropTimer.cs", "The file has been updated.")
                .bash("$UNITY -batchmode -runTests -testPlatform PlayMode",
                        "Run completed: 6 tests, 6 passed, 0 failed");
    }

    @Test
    void aRunsTallyIsNotTheErrorOfADebuggingMethod() {
        var tally = failing("t1", "Run completed: 6 tests, 5 passed, 1 failed\nExit code: 2");
        assertEquals(List.of(), tally.proposedBy(new DebuggingRule()));
        assertEquals(List.of(), tally.proposed(EntryType.DEBUGGING_METHOD));
        // Nothing else takes its place: what the rest of the extractor proposes is what it proposes beside a real error.
        var errorOther = failing("t3", "NullReferenceException: Object reference not set to an instance of an object\n"
                + "Run completed: 6 tests, 5 passed, 1 failed\nExit code: 2").proposed().stream()
                .filter(c -> c.type() != EntryType.DEBUGGING_METHOD).map(Candidate::title).toList();
        assertEquals(errorOther.stream().filter(x -> !x.contains("NullReference")).toList(), tally.proposed().stream()
                .map(Candidate::title).filter(x -> !x.contains("5 passed")).toList());

        var error = failing("t2", "NullReferenceException: Object reference not set to an instance of an object\n"
                + "Run completed: 6 tests, 5 passed, 1 failed\nExit code: 2");
        var d = error.proposedBy(new DebuggingRule());
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.getFirst().title().contains("NullReferenceException"), d.getFirst().title());
    }

    @Test
    void aTallyFixedInWordsIsNoDebuggingMethodEither() {
        var tally = TestSessions.session("f1").user("Make the scanner work on chunks.")
                .bash("zig build test", "test\n+- run test 64/65 passed, 1 failed\n64 passed; 0 skipped; 1 failed.")
                .assistant("A match split by the chunk boundary was lost: the scanner now carries the last"
                        + " needle-length bytes over into the next chunk. Changed `scanChunk` to keep that tail.")
                .bash("zig build test", "65 passed; 0 skipped; 0 failed.");
        assertEquals(List.of(), tally.proposedBy(new FixedInWordsRule()));
        assertEquals(List.of(), tally.proposed(EntryType.DEBUGGING_METHOD));

        var error = TestSessions.session("f2").user("Make the scanner work on chunks.")
                .bash("zig build test", "error: 'scanner.test.split match' failed: expected 3, found 2\n"
                        + "64 passed; 0 skipped; 1 failed.")
                .assistant("A match split by the chunk boundary was lost: the scanner now carries the last"
                        + " needle-length bytes over into the next chunk. Changed `scanChunk` to keep that tail.")
                .bash("zig build test", "65 passed; 0 skipped; 0 failed.");
        assertEquals(1, error.proposedBy(new FixedInWordsRule()).size(), error.proposed().toString());
    }

    @Test
    void theSummaryTestReadsTalliesAndBenchmarkHeadersOnly() {
        assertTrue(DebuggingRule.runSummary("64 passed; 0 skipped; 1 failed."));
        assertTrue(DebuggingRule.runSummary("1 chart(s) linted, 0 chart(s) failed"));
        assertTrue(DebuggingRule.runSummary("Pixel_7_API_34(AVD) - 14 Tests 0/1 completed. (0 skipped) (0 failed)"));
        assertTrue(DebuggingRule.runSummary("Benchmark 1: grep -c ERROR /tmp/big.log"));
        assertFalse(DebuggingRule.runSummary("src/components/Viewport.test.tsx (3 tests | 3 failed) 112ms"));
        assertFalse(DebuggingRule.runSummary("Found 3 errors (2 fixed, 1 remaining)."));
        assertFalse(DebuggingRule.runSummary("error: 10 failed to compile"));
        assertFalse(DebuggingRule.runSummary(null));
    }

    private static Candidate of(EntryType type, String title) {
        return new Candidate(type, Scope.PROJECT, title, title, "when testing", 0.5, List.of(Candidate.Span.of(1, null)));
    }

    @Test
    void misfiresAreRecognisedByTheirTitle() {
        assertTrue(Misfires.rejected(of(EntryType.FACT, "Tagged v2.4.0 and pushed; the deploy workflow runs on the tag")));
        assertTrue(Misfires.rejected(of(EntryType.OPEN_QUESTION, "Committed as a1c93e0 (test DB on postgres 15.5)")));
        assertTrue(Misfires.rejected(of(EntryType.FACT, "The quickest fix is to put Kotlin back to 2.0.20")));
        assertTrue(Misfires.rejected(of(EntryType.FACT, "The usual quick fix is a catch-all `case _ => MergeStrategy.first`")));
        assertTrue(Misfires.rejected(of(EntryType.FACT, "Only Spark's own modules become Provided")));

        assertFalse(Misfires.rejected(of(EntryType.FACT, "Deployed with `gh workflow run deploy-api.yml -f env=production`")));
        assertFalse(Misfires.rejected(of(EntryType.FACT, "The usual fix is to run Ryuk privileged via `ryuk.container.privileged=true`")));
        assertFalse(Misfires.rejected(of(EntryType.FACT, "Only StandaloneOSX content exists under aa/, so the Android"
                + " player shipped without an Addressables catalog")));
        assertFalse(Misfires.rejected(of(EntryType.PREFERENCE, "Only fixes get cherry-picked to release branches, never features")));
        assertFalse(Misfires.rejected(of(EntryType.FACT, "The commit-msg hook only runs when committed from the CLI")));
        assertFalse(Misfires.rejected(of(EntryType.PROCEDURE, "Run `git commit -qam 'release 0.10.0' && git tag v0.10.0`")));
    }
}
