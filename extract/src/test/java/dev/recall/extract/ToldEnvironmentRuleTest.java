package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 14 (helper ext15a): a fact about the environment the user states in passing, often as the reason for a
 * request ("the 2.4.x line is still running on the EU cluster", "the field sites only have the LAN"). On small
 * hand-written sessions, through the rule alone and through the whole extractor, with the near-misses it must not fire
 * on: a schedule ("on Thursday"), a moment ("right now"), the user's own doing, a request, a question, a clause that
 * names nothing, "on purpose".
 */
class ToldEnvironmentRuleTest {
    private static List<String> titles(TestSessions s) {
        return s.proposedBy(new ToldEnvironmentRule()).stream().map(Candidate::title).toList();
    }

    @Test
    void aPlacingClauseInAUserSentenceIsAFact() {
        var eu = TestSessions.session("e1").user("We need the DLT fix on release/2.4 too, the 2.4.x line is still"
                + " running on the EU cluster. Cherry-pick the commits from fix/consumer-lag.");
        assertEquals(List.of("The 2.4.x line is still running on the EU cluster"), titles(eu));
        var c = eu.proposedBy(new ToldEnvironmentRule()).getFirst();
        assertEquals(EntryType.FACT, c.type());
        assertTrue(c.body().contains("Cherry") || c.body().contains("We need the DLT fix"), c.body());
        assertTrue(eu.proposed(EntryType.FACT).stream().anyMatch(x -> x.title().equals(
                "The 2.4.x line is still running on the EU cluster")), eu.proposed().toString());

        var lan = TestSessions.session("e2").user("use ntp.kestrel.lan, not pool.ntp.org. the field sites only have"
                + " the LAN, no internet.");
        assertEquals(List.of("The field sites only have the LAN"), titles(lan));

        var composer = TestSessions.session("e3").user("retries on the task, fine. but @task.bash won't work,"
                + " composer is on airflow 2.6 and that decorator came in 2.9. keep the BashOperator.");
        assertEquals(List.of("Composer is on airflow 2.6"), titles(composer));

        var env = TestSessions.session("e4").user("logging cluster is yellow since last night. OS_URL and the admin"
                + " cert are in the env as usual");
        assertEquals(List.of("OS_URL and the admin cert are in the env as usual"), titles(env));

        var replica = TestSessions.session("e5").user("Thanks. Note: staging reads go to a replica with up to 30 s"
                + " lag, so the 9 s could partly be the replica too.");
        assertEquals(List.of("Staging reads go to a replica with up to 30 s lag"), titles(replica));
    }

    @Test
    void aScheduleAMomentARequestOrANamelessClauseIsNot() {
        assertEquals(List.of(), titles(TestSessions.session("n1").user("Also the node group upgrade to 1.30 is on"
                + " Thursday.")));
        assertEquals(List.of(), titles(TestSessions.session("n2").user("The deploy of 2.4.7 is running on prod right"
                + " now.")));
        assertEquals(List.of(), titles(TestSessions.session("n3").user("I'm on macOS 15 and I only have the LAN.")));
        assertEquals(List.of(), titles(TestSessions.session("n4").user("The new worker should go to the EU cluster"
                + " first.")));
        assertEquals(List.of(), titles(TestSessions.session("n5").user("Is the 2.4.x line still running on the EU"
                + " cluster?")));
        assertEquals(List.of(), titles(TestSessions.session("n6").user("almost nobody is on intel macs anymore.")));
        assertEquals(List.of(), titles(TestSessions.session("n7").user("full log is in the artifacts.")));
        assertEquals(List.of(), titles(TestSessions.session("n9").user("ok, the fix is in the PR now, CI is on it.")));
        assertEquals(List.of(), titles(TestSessions.session("n10").user("The failing test is in the GPU suite.")));
        assertEquals(List.of(), titles(TestSessions.session("n8").user("5433 is on purpose, my own postgres is on"
                + " 5432 with real data.").assistant("Understood.")).stream().filter(t -> t.startsWith("5433")).toList());
    }
}
