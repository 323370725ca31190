package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shapes rules version 6 added, each on a small hand-written session: decisions that name the course not taken
 * or the alternative they beat, refusals, standing working-style preferences, open threads at a session's close,
 * investigations that end in a diagnosis, the user's advice for next time, and multi-turn procedures with their
 * outcome. Each has its counter-example: the same words where they are not that kind of knowledge.
 */
class SituationRulesTest {
    private final LocalExtractor extractor = new LocalExtractor(3);

    private List<Candidate> ofType(TestSessions s, EntryType type) {
        return extractor.extract(s.toSession(), s.messages()).stream().filter(c -> c.type() == type).toList();
    }

    @Test
    void aCourseNotTakenWithItsReasonIsADecisionTriggeredByThatCourse() {
        var s = TestSessions.session("d1").user("The email sender needs retries.")
                .assistant("The client could retry, or the queue could.")
                .user("Let's not add a retry loop in the client. The queue already retries failed jobs with backoff.");
        var d = ofType(s, EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertEquals("Let's not add a retry loop in the client", d.getFirst().title());
        assertEquals("when deciding whether to add a retry loop in the client", d.getFirst().trigger());
        assertTrue(d.getFirst().body().contains("already retries"), d.getFirst().body());
    }

    @Test
    void aChoiceThatNamesTheAlternativeItBeatIsADecision() {
        var s = TestSessions.session("d2").user("Should we rewrite the API in GraphQL?")
                .assistant("It would take a quarter.")
                .user("We're keeping the REST endpoints rather than moving to GraphQL. The mobile team just shipped against REST.");
        var d = ofType(s, EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertEquals("when choosing between the REST endpoints and moving to GraphQL", d.getFirst().trigger());
    }

    @Test
    void aPickedOptionIsTitledByWhatItSays() {
        var s = TestSessions.session("d3").user("The checkout tests are flaky. Options?")
                .assistant("Two options: (a) mock the payment provider in the checkout tests, or (b) keep hitting the"
                        + " sandbox and add retries. I'd pick (a): the sandbox times out a few times a day.")
                .user("Go with (a).")
                .edit("src/test/payment.ts", "Created src/test/payment.ts\n+export const handlers = [];");
        var d = ofType(s, EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertEquals("Mock the payment provider in the checkout tests", d.getFirst().title());
    }

    @Test
    void aRefusalWithItsReasonIsAWarning() {
        var s = TestSessions.session("w1").user("Clean up the old stacks with terraform destroy.")
                .assistant("I'm not going to run `terraform destroy` in the shared account: its state also holds the"
                        + " staging VPC, and destroy would delete it for everyone.");
        var w = ofType(s, EntryType.WARNING);
        assertEquals(1, w.size(), w.toString());
        assertEquals("before you run `terraform destroy` in the shared account", w.getFirst().trigger());
    }

    @Test
    void aStandingWayOfWorkingIsAPreferenceButTodaysRequestIsNot() {
        var s = TestSessions.session("p1").user("Run the formatter before every commit, that's the rule.")
                .assistant("Will do.")
                .user("Ask me before adding a new dependency to Cargo.toml.")
                .assistant("Understood.")
                .user("Also add tokio-console support behind a flag, I want to look at the task backlog next time.");
        var p = ofType(s, EntryType.PREFERENCE);
        assertEquals(List.of("Run the formatter before every commit, that's the rule",
                "Ask me before adding a new dependency to Cargo.toml"), p.stream().map(Candidate::title).toList());
    }

    @Test
    void whatIsLeftAtTheCloseIsAnOpenThreadButAPlanAtTheStartIsNot() {
        var early = TestSessions.session("o1").user("Import the CSV files.")
                .assistant("Next steps: parse the header, then validate the rows.")
                .user("Go.").assistant("Parsed.").user("Validate.").assistant("Validated.").user("Thanks.");
        assertTrue(ofType(early, EntryType.OPEN_QUESTION).isEmpty());
        var late = TestSessions.session("o2").user("Where are we with the importer?")
                .assistant("The parser is in.").user("What else?")
                .assistant("Next steps: wire the importer into the CLI, and decide whether quoted newlines are allowed.");
        var o = ofType(late, EntryType.OPEN_QUESTION);
        assertEquals(1, o.size(), o.toString());
        assertTrue(o.getFirst().title().startsWith("Next steps: wire the importer"), o.getFirst().title());
    }

    @Test
    void anInvestigationThatEndsInADiagnosisIsADebuggingMethod() {
        var s = TestSessions.session("g1").user("Ops paged: consumer lag on the orders topic is 180k messages behind and rising.")
                .bash("kubectl logs deploy/orders --since=30m | grep 'poll timeout'",
                        "WARN consumer poll timeout has expired")
                .assistant("That explains it. Each batch takes longer than `max.poll.interval.ms`, so the consumer is"
                        + " kicked out and the batch is redelivered. The lag grows because of rebalances, not throughput.");
        var g = ofType(s, EntryType.DEBUGGING_METHOD);
        assertEquals(1, g.size(), g.toString());
        assertEquals("The lag grows because of rebalances, not throughput", g.getFirst().title());
        assertEquals("when consumer lag on the orders topic is 180k messages behind and rising", g.getFirst().trigger());
        assertTrue(g.getFirst().body().contains("Looked at: `kubectl logs"), g.getFirst().body());
    }

    @Test
    void theUsersAdviceForNextTimeIsADebuggingMethodNotAPreference() {
        var s = TestSessions.session("g2").user("Lag is back to normal.")
                .assistant("Good.")
                .user("For next time: check the carrier API latency first when this happens. That's usually the cause.")
                .assistant("Noted: when the lag grows, first look at the carrier client's p99.");
        assertTrue(ofType(s, EntryType.PREFERENCE).isEmpty());
        var g = ofType(s, EntryType.DEBUGGING_METHOD);
        assertEquals(1, g.size(), g.toString());
        assertEquals("when the lag grows", g.getFirst().trigger());
    }

    @Test
    void aSequenceThatFinallyWorkedKeepsItsCommandsAndItsOutcome() {
        var s = TestSessions.session("r1").user("The dev database won't start.")
                .bash("docker compose up -d db", "Error response from daemon: Bind for 0.0.0.0:5432 failed: port is"
                        + " already allocated")
                .assistant("Port 5432 is taken because a Homebrew Postgres is listening on it. Stopping it.")
                .bash("brew services stop postgresql@15", "==> Successfully stopped `postgresql@15`")
                .bash("docker compose up -d db", "[+] Running 1/1\n ✔ Container app-db-1 Started");
        var r = ofType(s, EntryType.PROCEDURE);
        assertEquals(1, r.size(), r.toString());
        String body = r.getFirst().body();
        assertTrue(body.contains("1. `brew services stop postgresql@15`"), body);
        assertTrue(body.contains("Why: Port 5432 is taken because"), body);
        assertTrue(body.contains("Then `docker compose up -d db` worked: ✔ Container app-db-1 Started"), body);
    }

    @Test
    void theAssistantsDesignChoiceWithItsReasonIsADecisionButAReportOfWorkIsNot() {
        var s = TestSessions.session("d4").user("Move the export to /v2.")
                .edit("api/export.go", "Applied edit to api/export.go\n+func exportV2(w http.ResponseWriter, r *http.Request) {")
                .assistant("I kept the old `/v1/export` endpoint as a thin wrapper so existing clients keep working.")
                .user("And the docs?")
                .assistant("I updated the docs to point at `/v2/export`.");
        var d = ofType(s, EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.getFirst().title().startsWith("I kept the old `/v1/export` endpoint"), d.getFirst().title());
    }

    @Test
    void anAgreementIsADecision() {
        var s = TestSessions.session("d5").user("About Windows.")
                .assistant("The path handling needs work.")
                .user("We agreed to ship the CLI without Windows support, the path handling can wait for 2.0.");
        assertEquals(1, ofType(s, EntryType.DECISION).size(), ofType(s, EntryType.DECISION).toString());
    }
}
