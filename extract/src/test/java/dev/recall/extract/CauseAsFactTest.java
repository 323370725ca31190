package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 14 (helper ext15e): a sentence a debugging entry quotes as the cause of a failure is still free for
 * the fact ranking. Before, the debugging entry's claim hid it, although the cause often states something that holds
 * beyond the failure and is what a reader writes down as a fact. The debugging entry keeps the sentence as its reason;
 * a sentence the ranking would not take as a fact anyway (a transient state) stays the debugging entry's alone.
 */
class CauseAsFactTest {
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
}
