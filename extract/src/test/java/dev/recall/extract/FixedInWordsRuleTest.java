package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 14 (helper ext15a): a failure fixed in words. A command fails, the assistant's next message says what
 * was wrong and what it changed, and the same command passes with no edit shown between. On small hand-written
 * sessions, through the rule alone and through the whole extractor, with the near-misses it must not fire on: a rerun
 * with no change told ("looks flaky"), an edit between the runs (the debugging rule's), the user speaking between,
 * a rerun that fails again, and a different command after the failure.
 */
class FixedInWordsRuleTest {
    private static final String FAIL = "--- FAIL: TestValidateBalanced (0.00s)\n"
            + "    balance_test.go:48: got error \"unbalanced: currency USD off by -1\", want nil\nFAIL\n"
            + "FAIL\tgithub.com/acme/books/internal/posting\t0.007s";
    private static final String PASS = "ok  \tgithub.com/acme/books/internal/posting\t0.006s";

    private static List<Candidate> alone(TestSessions s) {
        return s.proposedBy(new FixedInWordsRule());
    }

    @Test
    void aFailureWhoseFixIsOnlyToldIsADebuggingMethod() {
        var s = TestSessions.session("w1").user("Add currency conversion to the posting path.")
                .bash("go test ./internal/posting/... -count=1", FAIL)
                .assistant("The test validated after conversion: each EUR leg was rounded on its own, so legs that"
                        + " net to zero came out at -1 cent in USD. Balancing must run on the original currencies"
                        + " before any conversion. Moved the call in `PostTransaction`.")
                .bash("go test ./internal/posting/... -count=1", PASS);
        var d = alone(s);
        assertEquals(1, d.size(), d.toString());
        Candidate c = d.getFirst();
        assertEquals(EntryType.DEBUGGING_METHOD, c.type());
        assertEquals("`go test` fails: error \"unbalanced: currency USD off by -1\", want nil", c.title());
        assertTrue(c.body().contains("Moved the call in `PostTransaction`."), c.body());
        assertTrue(c.body().contains("passed"), c.body());
        assertEquals(List.of(1, 2, 3), c.anchors().stream().map(Candidate.Span::start).toList());
        assertTrue(s.proposed(EntryType.DEBUGGING_METHOD).stream()
                .anyMatch(x -> x.title().startsWith("`go test` fails: error \"unbalanced")), s.proposed().toString());

        var using = TestSessions.session("w2").user("Convert everything to UTC at ingest.")
                .bash("poetry run pytest tests/ingest -q", "E   pyarrow.lib.ArrowInvalid: Timestamp doesn't exist in"
                        + " timezone 'Europe/London': 2026-03-29 01:30:00\n1 failed, 1 passed in 0.41s")
                .assistant("The fixture has readings stamped inside the spring-forward gap. Using"
                        + " `nonexistent='shift_forward'` for those.")
                .bash("poetry run pytest tests/ingest -q", "2 passed in 0.38s");
        assertEquals(1, alone(using).size(), alone(using).toString());
    }

    @Test
    void noChangeToldAnEditAUserOrAFailedRerunIsNotThisShape() {
        var flaky = TestSessions.session("n1").user("Run the tests.")
                .bash("go test ./internal/posting/... -count=1", FAIL)
                .assistant("That test looks flaky, it passed on CI. Re-running it once.")
                .bash("go test ./internal/posting/... -count=1", PASS);
        assertEquals(List.of(), alone(flaky));

        var edited = TestSessions.session("n2").user("Run the tests.")
                .bash("go test ./internal/posting/... -count=1", FAIL)
                .assistant("Moved the call in `PostTransaction` so validation runs first.")
                .edit("internal/posting/post.go", "The file has been updated.")
                .bash("go test ./internal/posting/... -count=1", PASS);
        assertEquals(List.of(), alone(edited));

        var user = TestSessions.session("n3").user("Run the tests.")
                .bash("go test ./internal/posting/... -count=1", FAIL)
                .assistant("Moved the call in `PostTransaction`.")
                .user("ok, rerun")
                .bash("go test ./internal/posting/... -count=1", PASS);
        assertEquals(List.of(), alone(user));

        var again = TestSessions.session("n4").user("Run the tests.")
                .bash("go test ./internal/posting/... -count=1", FAIL)
                .assistant("Moved the call in `PostTransaction`.")
                .bash("go test ./internal/posting/... -count=1", FAIL);
        assertEquals(List.of(), alone(again));

        var other = TestSessions.session("n5").user("Run the tests.")
                .bash("go test ./internal/posting/... -count=1", FAIL)
                .assistant("Moved the call in `PostTransaction`.")
                .bash("golangci-lint run ./...", "0 issues.");
        assertEquals(List.of(), alone(other));
    }
}
