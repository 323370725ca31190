package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 14 (helper ext15e): candidates that an earlier rule's claim hid. A sentence a debugging entry quotes
 * as the cause of a failure is still free for the fact ranking: the cause often states something that holds beyond
 * the failure and is what a reader writes down as a fact. The debugging entry keeps the sentence as its reason; a
 * sentence the ranking would not take as a fact anyway (a transient state) stays the debugging entry's alone. And a
 * user holding the agent back for today is no warning, so the open question in the same sentence stays free.
 */
class HiddenCandidatesTest {
    private static TestSessions bump(String cause) {
        return TestSessions.session("cf").project("mossgiel")
                .user("Bump bevy to 0.15 and make sure the game still builds.")
                .bash("cargo update -p bevy --precise 0.15.0",
                        "error: failed to select a version for the requirement `bevy = \"^0.14\"`\n"
                                + "candidate versions found which didn't match: 0.15.0")
                .assistant(cause + " I'll change the requirement in Cargo.toml to 0.15.")
                .edit("Cargo.toml", "The file Cargo.toml has been updated.")
                .bash("cargo update -p bevy --precise 0.15.0", "Updating bevy v0.14.2 -> v0.15.0")
                .assistant("Updated; the build compiles against bevy 0.15.");
    }

    @Test
    void aCauseThatHoldsBeyondTheFailureIsAlsoAFact() {
        String cause = "`cargo update --precise` can't leave the `^0.14` range declared in Cargo.toml; the"
                + " requirement itself has to change.";
        var s = bump(cause);
        List<Candidate> debugging = s.proposed(EntryType.DEBUGGING_METHOD);
        assertTrue(debugging.stream().anyMatch(c -> c.body().contains("can't leave the `^0.14` range")),
                debugging.toString());
        List<Candidate> facts = s.proposed(EntryType.FACT);
        assertTrue(facts.stream().anyMatch(c -> c.title().startsWith("`cargo update --precise` can't leave")),
                facts.toString());
    }

    @Test
    void aTransientCauseStaysTheDebuggingEntrysAlone() {
        String cause = "The lock file is currently missing the `^0.15` entry because the registry index is still"
                + " stale.";
        var s = bump(cause);
        assertTrue(s.proposed(EntryType.DEBUGGING_METHOD).stream().anyMatch(c -> c.body().contains(
                "registry index is still stale")), s.proposed().toString());
        assertTrue(s.proposed(EntryType.FACT).stream().noneMatch(c -> c.body().contains("registry index")),
                s.proposed().toString());
    }

    /**
     * "don't fix it now, I need to think about whether ...": the user holds the agent back for today while a question
     * stays open. No warning (a reason word like "every" used to make it standing advice); the open question is left
     * to the rules after it. A "don't" with a reason that holds beyond today is still a warning.
     */
    @Test
    void holdingBackForNowIsNoWarning() {
        var held = TestSessions.session("hn").user("Should the nightly job run on every instance or just one? with 4"
                + " instances it runs 4 times. don't fix it now, I need to think about whether we use an advisory lock"
                + " or a separate worker.");
        assertEquals(List.of(), held.proposedBy(new WarningRule()));
        var think = TestSessions.session("ht").user("I'm wondering if playwright screenshots in CI would do. don't"
                + " change anything, just something to think about.");
        assertEquals(List.of(), think.proposedBy(new WarningRule()));
        var standing = TestSessions.session("hs").user("Don't run the migrations by hand, the deploy job would run them"
                + " twice.");
        assertEquals(1, standing.proposedBy(new WarningRule()).size(), standing.proposed().toString());
    }

    /**
     * A limit of the environment that a debugging entry quotes as its failure's cause is also a fact; a sentence an
     * earlier rule used for anything else is not.
     */
    @Test
    void aLimitQuotedAsACauseIsAlsoAFact() {
        var s = TestSessions.session("lc").project("helmsman").user("Build the app image with bootBuildImage.")
                .bash("./gradlew :app:bootBuildImage", "error \"[2] No such file or directory\"; ensure the Docker"
                        + " daemon is running and accessible")
                .assistant("The `export DOCKER_HOST=...` from my earlier command doesn't carry over: each of my shell"
                        + " invocations starts with a fresh environment, so variables have to be set inline on every"
                        + " command that needs them.");
        Transcript t = new Transcript(s.toSession(), s.messages(), new Commands());
        Sentence cause = t.sentencesOf(2).getFirst();
        Claims asCause = new Claims();
        asCause.claimAsCause(cause);
        List<Candidate> limits = new LimitRule().apply(t, asCause);
        assertEquals(1, limits.size(), limits.toString());
        assertTrue(limits.getFirst().title().startsWith("Each of my shell invocations starts with a fresh environment"),
                limits.getFirst().title());
        assertTrue(asCause.takenBeyondCause(cause), "the fact claims it for good");
        Claims used = new Claims();
        used.claim(cause);
        assertEquals(List.of(), new LimitRule().apply(t, used));
    }
}
