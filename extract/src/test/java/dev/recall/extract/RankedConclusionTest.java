package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 15 (helper ext16a): FactRule's ranking picks the session's most central statements; one that opens as
 * a conclusion, a step or a remedy ("So ...", "Only ...", "Adding ...", "The fix ...") leans on what came before and is
 * no fact on its own, however central it ranks (on the development sets the judge rejected 8 of 8 such picks).
 */
class RankedConclusionTest {
    /**
     * The message's first statement is what the assistant found (FactRule's observations); of the ones after it,
     * which compete in the ranking, the runner-timeout one is the most central.
     */
    static TestSessions infra(String opening) {
        return TestSessions.session("rc").project("gullhaven")
                .user("The nightly plan for `infra/prod` keeps failing on CI; look into the state setup.")
                .bash("terraform -chdir=infra/prod plan", "Error acquiring the state lock\nLock Info:\n  ID: 4f1c")
                .assistant("The state lock `4f1c` of `infra/prod` is held by the cancelled plan job of `ci/nightly`."
                        + " The plan job on `ci/nightly` gets cancelled by the runner timeout after 30 minutes and"
                        + " leaves the state lock held in `infra/prod`. " + opening + (opening.isEmpty() ? "The" : "the")
                        + " runner timeout on `ci/nightly` is set in `.gitlab-ci.yml` for every plan job of"
                        + " `infra/prod`. The lock lives in the `tf-locks` DynamoDB table next to the S3 state."
                        + " The cancelled plan job on `ci/nightly` held the lock of `infra/prod` when the runner"
                        + " timeout killed it.")
                .bash("terraform -chdir=infra/prod force-unlock -force 4f1c", "Terraform state has been unlocked!")
                .assistant("Unlocked; the nightly plan runs again.");
    }

    /** What FactRule proposes on its own (a later rule may still take a sentence it leaves). */
    private static List<String> facts(TestSessions s) {
        return s.proposedBy(new FactRule(3)).stream().filter(c -> c.type() == EntryType.FACT).map(Candidate::title)
                .toList();
    }

    @Test
    void theMostCentralStatementIsProposed() {
        List<String> facts = facts(infra(""));
        assertTrue(facts.stream().anyMatch(f -> f.startsWith("The runner timeout on `ci/nightly` is set")),
                facts.toString());
    }

    @Test
    void aConclusionOrAStepAtTheTopOfTheRankingIsNot() {
        for (String opening : List.of("So ", "Only ")) {
            List<String> facts = facts(infra(opening));
            assertTrue(facts.stream().noneMatch(f -> f.contains("runner timeout on `ci/nightly` is set")),
                    opening + "-> " + facts);
        }
    }

    /** Below the cut nothing changes: the ranking's other statements stay cut. */
    @Test
    void theStatementsBelowTheCutStayCut() {
        List<String> facts = facts(infra("Only "));
        assertTrue(facts.stream().noneMatch(f -> f.contains("`tf-locks`") || f.startsWith("The cancelled plan job")),
                facts.toString());
    }
}
