package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 15 (helper ext16a): facts the ranking cut. FactRule keeps about one ranked sentence in six, so in a
 * session with a handful of statements only the most central one is proposed. A statement below that cut is proposed
 * too (up to the session's maximum of facts) when it states how things stand: it names something one can look up and
 * says where it lives, what it needs, holds or cannot do, in no one's voice, tied to no moment, with no remedy or
 * trouble in it, and no later edit changes what it names.
 */
class StandingFactsTest {
    /** Three statements compete in the ranking; the one given here is never the most central. */
    static TestSessions infra(String statement) {
        return infra("", statement);
    }

    /** The same, the most central statement opened with the given words. */
    static TestSessions infra(String opening, String statement) {
        return TestSessions.session("sf").project("gullhaven")
                .user("The nightly plan for `infra/prod` keeps failing on CI; look into the state setup.")
                .bash("terraform -chdir=infra/prod plan", "Error acquiring the state lock\nLock Info:\n  ID: 4f1c")
                .assistant("The plan job on `ci/nightly` gets cancelled by the runner timeout after 30 minutes and"
                        + " leaves the state lock held in `infra/prod`. " + opening + (opening.isEmpty() ? "The" : "the")
                        + " runner timeout on `ci/nightly` is set"
                        + " in `.gitlab-ci.yml` for every plan job of `infra/prod`. " + statement
                        + " The cancelled plan job on `ci/nightly` held the lock of `infra/prod` when the runner"
                        + " timeout killed it.")
                .bash("terraform -chdir=infra/prod force-unlock -force 4f1c", "Terraform state has been unlocked!")
                .assistant("Unlocked; the nightly plan runs again.");
    }

    private static List<String> facts(TestSessions s) {
        return s.proposed(EntryType.FACT).stream().map(Candidate::title).toList();
    }

    @Test
    void aStandingStatementBelowTheCutIsProposed() {
        List<String> facts = facts(infra("The lock lives in the `tf-locks` DynamoDB table next to the S3 state."));
        assertTrue(facts.contains("The lock lives in the `tf-locks` DynamoDB table next to the S3 state"),
                facts.toString());
        // The ranking's own pick stays.
        assertTrue(facts.stream().anyMatch(f -> f.startsWith("The runner timeout on `ci/nightly` is set")),
                facts.toString());
        // The story of the failure below the cut does not come through with it.
        assertTrue(facts.stream().noneMatch(f -> f.startsWith("The cancelled plan job")), facts.toString());
    }

    @Test
    void whatHappenedOnceOrWhatTheSessionIsDealingWithStaysCut() {
        for (String moment : List.of(
                "The lock lived in the `tf-locks` DynamoDB table next to the S3 state last week.",
                "The lock now lives in the `tf-locks` DynamoDB table next to the S3 state.",
                "The lock lives in the `tf-locks` DynamoDB table we created for the S3 state.",
                "The lock in the `tf-locks` DynamoDB table is stale and holds the S3 state.",
                "The catch: the lock lives in the `tf-locks` DynamoDB table next to the S3 state.")) {
            List<String> facts = facts(infra(moment));
            assertTrue(facts.stream().noneMatch(f -> f.contains("`tf-locks`")), moment + " -> " + facts);
        }
    }

    @Test
    void aStatementAboutWhatALaterEditChangesStaysCut() {
        String statement = "The lock table `tf-locks` lives in `infra/prod/backend.tf` next to the S3 state.";
        assertTrue(facts(infra(statement)).stream().anyMatch(f -> f.contains("`tf-locks`")));
        List<String> edited = facts(infra(statement).edit("infra/prod/backend.tf",
                "The file infra/prod/backend.tf has been updated."));
        assertTrue(edited.stream().noneMatch(f -> f.contains("`tf-locks`")), edited.toString());
    }

    @Test
    void theSessionsMaximumOfFactsStillHolds() {
        var s = infra("The lock lives in the `tf-locks` DynamoDB table next to the S3 state.");
        assertTrue(new FactRule(1).apply(new Transcript(s.toSession(), s.messages(), new Commands()), new Claims())
                .stream().noneMatch(c -> c.title().contains("`tf-locks`")));
    }

    /**
     * The ranking's own pick, when it opens as a conclusion, a step or a remedy ("So ...", "Adding ...", "The fix
     * ..."), leans on what came before: it is no fact on its own, however central it ranks.
     */
    @Test
    void aConclusionAtTheTopOfTheRankingIsNotProposed() {
        String standing = "The lock lives in the `tf-locks` DynamoDB table next to the S3 state.";
        assertTrue(facts(infra(standing)).stream().anyMatch(f -> f.contains("runner timeout on `ci/nightly` is set")));
        List<String> facts = facts(infra("So ", standing));
        assertTrue(facts.stream().noneMatch(f -> f.contains("runner timeout on `ci/nightly` is set")), facts.toString());
        assertTrue(facts.contains("The lock lives in the `tf-locks` DynamoDB table next to the S3 state"),
                facts.toString());
    }
}
