package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shapes rules versions 6, 7 and 8 added, each on a small hand-written session: decisions that name the course not
 * taken or the alternative they beat, refusals, standing working-style preferences, open threads at a session's close,
 * investigations that end in a diagnosis, the user's advice for next time, and multi-turn procedures with their
 * outcome (6); decisions agreed in a reply (a pick among the options laid out, a correction that says how to do it
 * instead), refusals of an offer, observations of a bug the session then fixes, and titles that lean on "it" (7);
 * what the environment cannot do, what a command does, how-tos and documented steps, decisions reported by others,
 * the user's "we should", setups kept "for now", orders about how something is built, options picked by label or
 * ordinal, the assistant's "went with X since Y", "not sure about ... yet", and answers that are none (8).
 * Each has its counter-example: the same words where they are not that kind of knowledge.
 */
class SituationRulesTest {

    @Test
    void aCourseNotTakenWithItsReasonIsADecisionTriggeredByThatCourse() {
        var s = TestSessions.session("d1").user("The email sender needs retries.")
                .assistant("The client could retry, or the queue could.")
                .user("Let's not add a retry loop in the client. The queue already retries failed jobs with backoff.");
        var d = s.proposed(EntryType.DECISION);
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
        var d = s.proposed(EntryType.DECISION);
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
        var d = s.proposed(EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertEquals("Mock the payment provider in the checkout tests", d.getFirst().title());
    }

    @Test
    void aRefusalWithItsReasonIsAWarning() {
        var s = TestSessions.session("w1").user("Clean up the old stacks with terraform destroy.")
                .assistant("I'm not going to run `terraform destroy` in the shared account: its state also holds the"
                        + " staging VPC, and destroy would delete it for everyone.");
        var w = s.proposed(EntryType.WARNING);
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
        var p = s.proposed(EntryType.PREFERENCE);
        assertEquals(List.of("Run the formatter before every commit, that's the rule",
                "Ask me before adding a new dependency to Cargo.toml"), p.stream().map(Candidate::title).toList());
    }

    @Test
    void whatIsLeftAtTheCloseIsAnOpenThreadButAPlanAtTheStartIsNot() {
        var early = TestSessions.session("o1").user("Import the CSV files.")
                .assistant("Next steps: parse the header, then validate the rows.")
                .user("Go.").assistant("Parsed.").user("Validate.").assistant("Validated.").user("Thanks.");
        assertTrue(early.proposed(EntryType.OPEN_QUESTION).isEmpty());
        var late = TestSessions.session("o2").user("Where are we with the importer?")
                .assistant("The parser is in.").user("What else?")
                .assistant("Next steps: wire the importer into the CLI, and decide whether quoted newlines are allowed.");
        var o = late.proposed(EntryType.OPEN_QUESTION);
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
        var g = s.proposed(EntryType.DEBUGGING_METHOD);
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
        assertTrue(s.proposed(EntryType.PREFERENCE).isEmpty());
        var g = s.proposed(EntryType.DEBUGGING_METHOD);
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
        var r = s.proposed(EntryType.PROCEDURE);
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
        var d = s.proposed(EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.getFirst().title().startsWith("I kept the old `/v1/export` endpoint"), d.getFirst().title());
    }

    @Test
    void anAgreementIsADecision() {
        var s = TestSessions.session("d5").user("About Windows.")
                .assistant("The path handling needs work.")
                .user("We agreed to ship the CLI without Windows support, the path handling can wait for 2.0.");
        assertEquals(1, s.proposed(EntryType.DECISION).size(), s.proposed(EntryType.DECISION).toString());
    }

    @Test
    void aReplyThatPicksOneOfTheAskedAlternativesWithItsReasonIsADecision() {
        var laidOut = TestSessions.session("d6c").user("The image build fails on OpenSSL headers.")
                .assistant("Two ways: switch the HTTP client to the rustls backend, or install the OpenSSL dev"
                        + " headers in the builder image.")
                .user("Go rustls. One less system dependency in the image.");
        assertEquals(1, laidOut.proposed(EntryType.DECISION).size(), laidOut.proposed(EntryType.DECISION).toString());
        var realistic = TestSessions.session("d6d").user("The musl image build broke, can you look?")
                .bash("docker build -f Dockerfile.musl .", "error: failed to run custom build command for `openssl-sys v0.9.103`")
                .assistant("The build fails because `openssl-sys` can't find the OpenSSL headers in the musl image. Two"
                        + " options: install `openssl-dev` in the builder stage, or switch reqwest to `rustls-tls` and drop"
                        + " the OpenSSL dependency entirely.")
                .user("Go rustls. We wanted to get rid of OpenSSL anyway.")
                .edit("Cargo.toml", "Applied edit to Cargo.toml\n-reqwest = \"0.12\"\n+reqwest = { version = \"0.12\","
                        + " default-features = false, features = [\"rustls-tls\"] }");
        assertEquals(1, realistic.proposed(EntryType.DECISION).size(), realistic.proposed(EntryType.DECISION).toString());
        var s = TestSessions.session("d6").user("The HTTP client needs TLS.")
                .assistant("It compiles with either backend. For the client, should we use rustls or native-tls?")
                .user("Go rustls. We wanted to drop the OpenSSL dependency anyway.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertEquals("For the client, should we use rustls or native-tls: go rustls", d.getFirst().title());
        assertTrue(d.getFirst().body().contains("drop the OpenSSL dependency anyway"), d.getFirst().body());
        // The same shape about what to do next is an instruction for the moment, not a decision.
        var moment = TestSessions.session("d6b").user("The build is red.")
                .assistant("Should I run the unit tests or the whole suite first?")
                .user("Unit tests. The suite already takes twenty minutes.");
        assertTrue(moment.proposed(EntryType.DECISION).isEmpty(), moment.proposed(EntryType.DECISION).toString());
    }

    @Test
    void aCorrectionThatSaysHowToDoItInsteadIsADecision() {
        var s = TestSessions.session("d7").user("Make the payment webhook idempotent.")
                .assistant("I'll mark the order paid on the first `payment_succeeded` event and dedupe on the order id.")
                .user("No, orders can be paid in installments, so one order gets several payment events. Key it on"
                        + " the provider's event id.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertEquals("Orders can be paid in installments, so one order gets several payment events, so key it on the"
                + " provider's event id", d.getFirst().title());
        assertTrue(d.getFirst().body().contains("Instead of: I'll mark the order paid"), d.getFirst().body());
        var clause = TestSessions.session("d7c").user("Make the payment webhook idempotent.")
                .assistant("Can I assume one payment per order?")
                .user("No, orders can be paid in installments, so store each payment under the provider's event id.");
        assertEquals(List.of("Orders can be paid in installments, so store each payment under the provider's event id"),
                clause.proposed(EntryType.DECISION).stream().map(Candidate::title).toList());
        // A "no" that gives today's instruction is not a decision.
        var task = TestSessions.session("d7b").user("The checkout test failed.")
                .assistant("Should I rerun just the failing test?")
                .user("No, the test is flaky on CI anyway. Run the whole suite instead.");
        assertTrue(task.proposed(EntryType.DECISION).isEmpty(), task.proposed(EntryType.DECISION).toString());
    }

    @Test
    void aRefusalOfAnOfferWithItsReasonIsAWarningTitledByWhatIsRefused() {
        var s = TestSessions.session("w2").user("New people can't start the app without the API key.")
                .assistant("Want me to put the real API key in config/dev.env.example so everyone has it?")
                .user("I'd rather not: config/dev.env.example is committed, so the key would end up in the git history.");
        var w = s.proposed(EntryType.WARNING);
        assertEquals(1, w.size(), w.toString());
        assertEquals("Don't put the real API key in config/dev.env.example: config/dev.env.example is committed, so"
                + " the key would end up in the git history", w.getFirst().title());
        assertEquals("before you put the real API key in config/dev.env.example", w.getFirst().trigger());
        // Without a reason it is only today's answer.
        var plain = TestSessions.session("w2b").user("Update the lock file.")
                .assistant("Should I also bump the minor versions?").user("I'd rather not.");
        assertTrue(plain.proposed(EntryType.WARNING).isEmpty(), plain.proposed(EntryType.WARNING).toString());
    }

    @Test
    void whatWasWrongAndFixedInTheSessionIsNoFactButWhatStaysTrueIs() {
        var fixed = TestSessions.session("f1").user("The tests try to reach S3.")
                .read("tests/conftest.py", "def lake():\n    con.execute('INSTALL httpfs')")
                .assistant("The `lake` fixture in `tests/conftest.py` loads httpfs unconditionally and reads the"
                        + " production bucket by default.")
                .user("Fix that.")
                .edit("tests/conftest.py", "Applied edit to tests/conftest.py\n-    uri = env('LAKE_URI', 's3://prod-lake/raw')"
                        + "\n+    uri = env('LAKE_URI', str(FIXTURES / 'lake'))");
        assertTrue(fixed.proposed(EntryType.FACT).isEmpty(), fixed.proposed(EntryType.FACT).toString());
        var kept = TestSessions.session("f2").user("Where does the app read its database URL?")
                .read("app/settings.py", "DATABASE_URL = env('DATABASE_URL', default='sqlite:///dev.db')")
                .assistant("The `app/settings.py` module reads `DATABASE_URL` and defaults to a SQLite file in the"
                        + " working directory.")
                .user("Thanks.");
        assertEquals(1, kept.proposed(EntryType.FACT).size(), kept.proposed(EntryType.FACT).toString());
    }

    @Test
    void aTitleThatLeansOnItIsNoEntryButOneThatNamesItsObjectIs() {
        var s = TestSessions.session("w3").user("The reset script is in the repo.")
                .assistant("Should I run it?")
                .user("Don't run it, it would page the on-call.")
                .assistant("OK.")
                .user("And don't run `make reset` on staging, it would drop the shared database.");
        var w = s.proposed(EntryType.WARNING);
        assertEquals(List.of("Don't run `make reset` on staging, it would drop the shared database"),
                w.stream().map(Candidate::title).toList());
    }

    @Test
    void whatTheEnvironmentCannotDoIsAFactAlsoWhenAFailedRunSaysSo() {
        var s = TestSessions.session("l1").user("Run the e2e tests.")
                .assistant("Is Docker running on this box?")
                .user("This dev box has rootless podman, no Docker. Podman is installed and working.");
        assertEquals(List.of("This dev box has rootless podman, no Docker"),
                s.proposed(EntryType.FACT).stream().map(Candidate::title).toList());
        var failed = TestSessions.session("l2").user("Run the e2e tests.")
                .bash("npx playwright install chromium", "Error: getaddrinfo EAI_AGAIN cdn.playwright.dev")
                .assistant("The sandbox has no outbound network, so Playwright cannot download its browsers.");
        // Since rules version 11 the limit a failed run shows is a fact of its own (SandboxLimitRule), beside the
        // failure's debugging method: the limit outlives the failure.
        assertEquals(List.of("The Claude Code sandbox has no outbound network: Playwright cannot download its browsers"),
                failed.proposed(EntryType.FACT).stream().map(Candidate::title).toList());
        assertEquals(1, failed.proposed(EntryType.DEBUGGING_METHOD).size());
        var code = TestSessions.session("l3").user("Why is the cache empty?")
                .assistant("On this machine the cache can't be warmed before the first request arrives.")
                .user("OK.");
        assertTrue(code.proposedBy(new LimitRule()).isEmpty(), "a limit of the code, not of the environment");
        var told = TestSessions.session("l4").user("Close the PR.")
                .assistant("I can't close the PR from the sandbox (no network, no gh auth); you'll have to close it.");
        assertTrue(told.proposed(EntryType.FACT).isEmpty(), told.proposed(EntryType.FACT).toString());
    }

    @Test
    void aDecisionSomeoneElseMadeIsTitledByWhatWasDecided() {
        var s = TestSessions.session("d9").user("CI is red on the compression branch. Also, Priya answered the"
                        + " dictionary question: one global dictionary, trained on the staging logs, shipped inside"
                        + " sync-core. Let's do both today.")
                .assistant("Looking at CI first.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(List.of("One global dictionary, trained on the staging logs, shipped inside sync-core"),
                d.stream().map(Candidate::title).toList());
        assertEquals("when the dictionary question comes up", d.getFirst().trigger());
        var asked = TestSessions.session("d10").user("Has finance decided anything about refunds yet?")
                .assistant("Not that I can see in the tracker.");
        assertTrue(asked.proposed(EntryType.DECISION).isEmpty(), asked.proposed(EntryType.DECISION).toString());
    }

    @Test
    void whatACommandDoesIsAProcedureButWhatItDestroysIsNot() {
        var s = TestSessions.session("c1").user("How do I work in the venv?")
                .assistant("For interactive work, `poetry shell` drops you into the project venv; otherwise prefix"
                        + " commands with `poetry run`.")
                .user("And the tests?")
                .assistant("To confirm the layout: `./gradlew :app:test` runs only the unit tests from"
                        + " `app/src/test/java`, and `check` runs both suites.")
                .assistant("Tear down with `make db-down`; note it runs `down -v`, which drops the volume.");
        var p = s.proposed(EntryType.PROCEDURE);
        // The gradle sentence reads as a fact too, and the fact rule, which runs first, takes it.
        assertEquals(List.of("For interactive work, `poetry shell` drops you into the project venv; otherwise prefix"
                        + " commands with `poetry run`"), p.stream().map(Candidate::title).toList());
        assertEquals("when running `poetry shell`", p.getFirst().trigger());
    }

    @Test
    void aReplyThatHasNoAnswerIsNoFact() {
        var s = TestSessions.session("f9").user("Why does the importer sleep for 3 seconds between batches?")
                .assistant("Nothing in the history or the docs explains the `time.sleep(3)` in `importer/run.py`, so I"
                        + " can't say. It was added in the first commit.")
                .user("Fine, leave it.");
        assertTrue(s.proposed(EntryType.FACT).isEmpty(), s.proposed(EntryType.FACT).toString());
    }

    @Test
    void aHowToFromEitherSideIsAProcedureTriggeredByItsPurpose() {
        var s = TestSessions.session("c2").user("The client is out of date again.")
                .assistant("To regenerate the gRPC client, run `buf generate` from the repo root; it writes into"
                        + " `gen/go`.")
                .user("Thanks.");
        var p = s.proposed(EntryType.PROCEDURE);
        assertEquals(1, p.size(), p.toString());
        assertEquals("when you need to regenerate the gRPC client", p.getFirst().trigger());
        assertTrue(p.getFirst().body().startsWith("Run `buf generate`."), p.getFirst().body());
        var told = TestSessions.session("c3").user("To be safe I ran it twice.").assistant("OK, noted.");
        assertTrue(told.proposed(EntryType.PROCEDURE).isEmpty(), told.proposed(EntryType.PROCEDURE).toString());
    }

    @Test
    void anOrderAboutHowSomethingIsBuiltWithItsReasonIsADecision() {
        var s = TestSessions.session("d11").user("How should the ledger keep amounts?")
                .assistant("Floats or integers both work for now.")
                .user("Store amounts as integer cents. Floats lose precision on sums, and finance reconciles to the"
                        + " cent because the bank does.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(List.of("Store amounts as integer cents"), d.stream().map(Candidate::title).toList());
        var oneOff = TestSessions.session("d12").user("Put the fixture in tests/data and try the run again.")
                .assistant("Done.");
        assertTrue(oneOff.proposed(EntryType.DECISION).isEmpty(), oneOff.proposed(EntryType.DECISION).toString());
    }

    @Test
    void aSummaryLineThatSaysWhatWasChosenAndWhyIsADecision() {
        var s = TestSessions.session("d13").user("Add the export endpoint.")
                .edit("api/export.go", "Applied edit to api/export.go\n+func Export(w http.ResponseWriter) {}")
                .assistant("Done. Went with streaming CSV rather than building the whole file in memory, since"
                        + " exports can reach a few GB.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.getFirst().title().startsWith("Went with streaming CSV"), d.getFirst().title());
        var narrated = TestSessions.session("d14").user("Add the export endpoint.")
                .assistant("Went through the handlers and the router.");
        assertTrue(narrated.proposed(EntryType.DECISION).isEmpty(), narrated.proposed(EntryType.DECISION).toString());
    }

    @Test
    void numberedStepsWithCommandsInADocumentTheAgentReadAreAProcedure() {
        var s = TestSessions.session("r1").user("Cut release 2.1.")
                .read("RELEASING.md", "# Releasing the app\n\n1. `make bump VERSION=<v>`: bumps the version and"
                        + "\n   commits.\n2. Push and wait for CI.\n3. `git tag -s v<v> && git push origin v<v>`: the tag"
                        + " triggers the release workflow.\n")
                .bash("make bump VERSION=2.1.0", "bumped to 2.1.0");
        var p = s.proposed(EntryType.PROCEDURE).stream().filter(c -> c.title().contains("RELEASING.md")).toList();
        assertEquals(List.of("Releasing the app (RELEASING.md)"), p.stream().map(Candidate::title).toList());
        assertEquals("when releasing the app", p.getFirst().trigger());
        assertTrue(p.getFirst().body().contains("3. `git tag -s v<v> && git push origin v<v>`"), p.getFirst().body());
        assertTrue(p.getFirst().body().contains("bumps the version and commits."), p.getFirst().body());
        var notes = TestSessions.session("r2").user("What changed in 2.0?")
                .read("CHANGELOG.md", "# Changelog\n\n1. Faster startup.\n2. `--json` output for `list`.\n")
                .assistant("Startup got faster.");
        assertTrue(notes.proposed(EntryType.PROCEDURE).isEmpty(), notes.proposed(EntryType.PROCEDURE).toString());
    }

    @Test
    void theUsersCallWithItsReasonIsADecisionAndSoIsKeepingASetupForNow() {
        var s = TestSessions.session("d15").user("The limiter works with Redis now.")
                .assistant("Done, `LIMITER=redis` is the default.")
                .user("I think we should keep the old in-memory limiter behind a flag for local dev. Nobody runs Redis"
                        + " locally.")
                .assistant("Done: `LIMITER=memory` selects the in-memory one.")
                .user("Stick with the fixed window for now; sliding windows are more accurate but we don't need that"
                        + " yet.");
        assertEquals(List.of("I think we should keep the old in-memory limiter behind a flag for local dev",
                "Stick with the fixed window for now; sliding windows are more accurate but we don't need that yet"),
                s.proposed(EntryType.DECISION).stream().map(Candidate::title).toList());
        var tryOut = TestSessions.session("d16").user("Try the fixed window for now and see whether the test passes.")
                .assistant("OK.");
        assertTrue(tryOut.proposed(EntryType.DECISION).isEmpty(), tryOut.proposed(EntryType.DECISION).toString());
    }

    @Test
    void anOptionPickedByItsLabelIsTitledByTheOptionAndItsArgumentIsNoFact() {
        var s = TestSessions.session("d17").user("So how do we test webhooks on CI?")
                .assistant("Two options: (a) replay a recorded webhook payload directly into the handler, or (b) run"
                        + " `stripe-mock` as a service container. (a) is faster and has no external dependency.")
                .user("a, keep it simple.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(List.of("Replay a recorded webhook payload directly into the handler"),
                d.stream().map(Candidate::title).toList());
        assertEquals("when choosing: how do we test webhooks on CI", d.getFirst().trigger());
        assertTrue(s.proposed(EntryType.FACT).isEmpty(), s.proposed(EntryType.FACT).toString());
    }

    @Test
    void somethingTheUserIsNotSureAboutYetIsAnOpenQuestion() {
        var s = TestSessions.session("o9").user("One thing I'm not sure about yet: whether the limit should be per API"
                        + " key or per IP.")
                .assistant("Noted.");
        assertEquals(List.of("Whether the limit should be per API key or per IP"),
                s.proposed(EntryType.OPEN_QUESTION).stream().map(Candidate::title).toList());
    }

    @Test
    void aBareOrdinalPickOfAListedSetupOptionIsADecisionButAPickOfWhatToDoFirstIsNot() {
        var s = TestSessions.session("d18").user("Where should session state live?")
                .assistant("Two ways to store it:\n1. Signed cookies: no server state, but a 4 KB limit.\n2. Redis"
                        + " with a session id cookie: we already run Redis, and it survives restarts.\nWhich one?")
                .user("The second one.");
        assertEquals(List.of("Redis with a session id cookie: we already run Redis, and it survives restarts"),
                s.proposed(EntryType.DECISION).stream().map(Candidate::title).toList());
        var order = TestSessions.session("d19").user("The build and the tests are both red.")
                .assistant("Which first?\n1. Fix the build first.\n2. Look at the failing tests now.")
                .user("1");
        assertTrue(order.proposed(EntryType.DECISION).isEmpty(), order.proposed(EntryType.DECISION).toString());
    }

    // ---- rules version 9: situations, each with a counter-example --------------------------------------------------

    @Test
    void aLabelPickWithItsReasonInTheSameSentenceIsADecisionTitledByTheOption() {
        var s = TestSessions.session("v9d1").user("Two of us added V27 on our branches and Flyway blew up on main.")
                .assistant("Options: (a) keep sequential numbers and add a CI check that fails when main already has"
                        + " the number, or (b) switch new migrations to timestamp versions. Flyway orders them numerically.")
                .user("b. The CI check only tells you after the fact; timestamps just don't collide.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(List.of("Switch new migrations to timestamp versions"), d.stream().map(Candidate::title).toList());
        assertTrue(d.getFirst().body().contains("after the fact"), d.getFirst().body());
    }

    @Test
    void theUserNamingBackTheRecommendedOptionAcceptsItButAVagueOkDoesNot() {
        var s = TestSessions.session("v9d2").user("Should we switch the app to Swift 6 mode?")
                .assistant("Swift 6 mode makes strict concurrency errors, not warnings: 143 of them. I'd keep Swift 5"
                        + " mode with strict concurrency 'targeted' for now and fix the camera code first.")
                .user("ok, targeted it is. We're not rewriting the capture pipeline before the December release.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.getFirst().title().startsWith("Keep Swift 5 mode"), d.getFirst().title());
        var wait = TestSessions.session("v9d3").user("Phoenix 1.8 is out. Should we upgrade?")
                .assistant("The upgrade itself is small, but LiveView 1.1 is still a release candidate. I'd wait until"
                        + " LiveView 1.1 is final.")
                .user("Agreed, wait for LiveView 1.1 final. We just had one bad deploy, no adventures this month.");
        assertEquals(1, wait.proposed(EntryType.DECISION).size(), wait.proposed(EntryType.DECISION).toString());
        var look = TestSessions.session("v9d4").user("The export is slow.")
                .assistant("I'd like to see the query plan before changing anything.")
                .user("ok.");
        assertTrue(look.proposed(EntryType.DECISION).isEmpty(), look.proposed(EntryType.DECISION).toString());
    }

    @Test
    void aProhibitionBackedByAPastIncidentIsAWarningButADontForNowIsNot() {
        var s = TestSessions.session("v9w1").user("The integration tests fail on Colima.")
                .assistant("Quick option: I can set `ryuk.disabled=true` in ~/.testcontainers.properties.")
                .user("No, don't disable Ryuk. On CI that left dozens of orphaned Postgres containers last spring and"
                        + " filled the runner disk. Find the proper socket setting.");
        var w = s.proposed(EntryType.WARNING);
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.getFirst().title().toLowerCase(java.util.Locale.ROOT).contains("disable ryuk"), w.getFirst().title());
        var wait = TestSessions.session("v9w2").user("Don't run the migration yet. Let me look at the config first.");
        assertTrue(wait.proposed(EntryType.WARNING).isEmpty(), wait.proposed(EntryType.WARNING).toString());
    }

    @Test
    void theUsersOwnRefusalWithItsReasonIsAWarningTitledAsAdvice() {
        var s = TestSessions.session("v9w3").user("fast_sum is slow, can the compiler vectorize it?")
                .assistant("With -ffast-math it would.")
                .user("I'm not turning on -ffast-math. It makes isnan() always false and we have a whole suite of NaN"
                        + " propagation tests that users rely on. Find another way.");
        var w = s.proposed(EntryType.WARNING);
        assertEquals(List.of("Don't turn on -ffast-math: it makes isnan() always false and we have a whole suite of NaN"
                + " propagation tests that users rely on"), w.stream().map(Candidate::title).toList());
        assertEquals("before you turn on -ffast-math", w.getFirst().trigger());
        var unsure = TestSessions.session("v9w4").user("I'm not seeing the new log lines anywhere in the output.")
                .assistant("Checking.");
        assertTrue(unsure.proposed(EntryType.WARNING).isEmpty(), unsure.proposed(EntryType.WARNING).toString());
        var bare = TestSessions.session("v9w5").user("I'm not turning on -ffast-math. Find another way, please.");
        assertTrue(bare.proposed(EntryType.WARNING).isEmpty(), bare.proposed(EntryType.WARNING).toString());
    }

    @Test
    void aRuleForEveryMemberOfAKindIsAPreferenceTriggeredWhenOneIsMade() {
        var s = TestSessions.session("v9p1").user("The new HistogramOverlay view has no preview. Every new view gets a"
                + " #Preview with sample data, that's how design reviews them.");
        var p = s.proposed(EntryType.PREFERENCE);
        assertEquals(List.of("Every new view gets a #Preview with sample data"), p.stream().map(Candidate::title).toList());
        assertEquals("when adding a new view", p.getFirst().trigger());
        var status = TestSessions.session("v9p2").user("Every test passes now and each run takes two minutes.");
        assertTrue(status.proposed(EntryType.PREFERENCE).isEmpty(), status.proposed(EntryType.PREFERENCE).toString());
    }

    @Test
    void aBanOnAKindOfThingIsAPreferenceWhenItHoldsAlwaysButANoStatusIsNot() {
        var s = TestSessions.session("v9p3").user("No sleeps in tests. Ever. Find a way to wait for the message"
                + " properly.");
        var p = s.proposed(EntryType.PREFERENCE);
        assertEquals(List.of("No sleeps in tests, ever"), p.stream().map(Candidate::title).toList());
        assertEquals("when working on tests", p.getFirst().trigger());
        var status = TestSessions.session("v9p4").user("No errors in the logs since the deploy.");
        assertTrue(status.proposed(EntryType.PREFERENCE).isEmpty(), status.proposed(EntryType.PREFERENCE).toString());
        var called = TestSessions.session("v9p5").user("And a test for the N/A case please. Test fixtures go under"
                + " tests/fixtures and never touch the network or MinIO, that's a hard rule here.");
        assertEquals(List.of("Test fixtures go under tests/fixtures and never touch the network or MinIO"),
                called.proposed(EntryType.PREFERENCE).stream().map(Candidate::title).toList());
    }

    @Test
    void aPreferenceWithoutANamedTopicIsTriggeredByTheSituationNotByThePreviousMessage() {
        assertEquals("when adding retries to the uploader", Phrasing.situation("can you add retries to the uploader"));
        assertEquals("when the integration tests don't start on the new laptop",
                Phrasing.situation("The integration tests don't start on my new laptop"));
        assertEquals("when working on: thanks for the summary", Phrasing.situation("thanks for the summary"));
        assertEquals("when deciding whether we allow fonts.gstatic.com in the egress policy",
                Phrasing.situation("can we just allow fonts.gstatic.com in the egress policy?"));
        assertEquals("turn", Texts.baseOf("turning"));
        assertEquals("put", Texts.baseOf("putting"));
        assertEquals("make", Texts.baseOf("making"));
        assertEquals("add", Texts.baseOf("adding"));
        assertEquals("use", Texts.baseOf("using"));
        assertEquals("running", Texts.gerund("run"));
        assertEquals("making", Texts.gerund("make"));
        assertEquals("committing", Texts.gerund("commit"));
    }

    @Test
    void aGapTheUserPutsOffIsAnOpenQuestionButARunLaterIsNot() {
        var s = TestSessions.session("v9o1").user("Why is there no macOS arm64 download on the release page?")
                .assistant("There's no aarch64-apple-darwin asset: the release matrix only has macos-13, which is an"
                        + " Intel runner. Adding a macos-14 job would build arm64 natively.")
                .user("Not this release. Next one.");
        var o = s.proposed(EntryType.OPEN_QUESTION);
        assertEquals(List.of("Why is there no macOS arm64 download on the release page?"),
                o.stream().map(Candidate::title).toList());
        var confirmed = TestSessions.session("v9o4").user("The macOS binary is Intel only, right?")
                .assistant("Yes: the release matrix only has macos-13, an Intel runner. Adding a macos-14 job would"
                        + " build arm64 natively.")
                .user("Not this release. Next one.");
        assertEquals(List.of("Adding a macos-14 job would build arm64 natively"),
                confirmed.proposed(EntryType.OPEN_QUESTION).stream().map(Candidate::title).toList());
        assertTrue(o.getFirst().body().contains("Put off: Not this release."), o.getFirst().body());
        var own = TestSessions.session("v9o2").user("We also need to pick a translation library at some point,"
                + " next-intl or lingui. Not today.");
        assertEquals(List.of("Pick a translation library, next-intl or lingui"),
                own.proposed(EntryType.OPEN_QUESTION).stream().map(Candidate::title).toList());
        var later = TestSessions.session("v9o3").user("The nightly export is done.")
                .assistant("It wrote 1,204 rows; the upload step is next.")
                .user("Run the upload later, after lunch.");
        assertTrue(later.proposed(EntryType.OPEN_QUESTION).isEmpty(), later.proposed(EntryType.OPEN_QUESTION).toString());
    }

    @Test
    void anAcceptedRecommendationIsTitledAsTheDecisionWithTheUsersOwnReason() {
        var s = TestSessions.session("v9d5").user("Now Xcode 16 also nags about Swift 6 language mode.")
                .assistant("A quick try gives 143 errors. I'd keep Swift 5 mode with strict concurrency 'targeted' for"
                        + " now and fix the camera code first.")
                .user("ok, targeted it is. We're not rewriting the capture pipeline before the December release.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(List.of("Keep Swift 5 mode with strict concurrency 'targeted' for now and fix the camera code first"),
                d.stream().map(Candidate::title).toList());
        assertTrue(d.getFirst().body().contains("capture pipeline"), d.getFirst().body());
    }

    @Test
    void aQuickFixTurnedDownForAnotherWayIsADecisionButAnOrderOfStepsIsNot() {
        var s = TestSessions.session("v9d6").user("The photo grid test times out on CI.")
                .assistant("I can raise the timeout from 2 s to 10 s.")
                .user("Don't just bump the timeout. Inject the image pipeline so the test uses an in-memory one.");
        assertEquals(List.of("Inject the image pipeline so the test uses an in-memory one instead of bumping the timeout"),
                s.proposed(EntryType.DECISION).stream().map(Candidate::title).toList());
        var steps = TestSessions.session("v9d7").user("Don't commit yet. Run the whole suite first.");
        assertTrue(steps.proposed(EntryType.DECISION).isEmpty(), steps.proposed(EntryType.DECISION).toString());
    }

    @Test
    void aShortOrderThatRepeatsTheArguedCourseAcceptsItButAGenericOrderDoesNot() {
        var s = TestSessions.session("v9d8").user("PDF renders fail when Google Fonts is slow.")
                .assistant("A longer timeout would fix it today, but a render that depends on a CDN is fragile. The"
                        + " font files are small; bundling them in the api image removes the outside dependency.")
                .user("Bundle them. Get it out quickly though.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.getFirst().body().contains("Accepted: Bundle them."), d.getFirst().body());
        var generic = TestSessions.session("v9d9").user("The export is slow.")
                .assistant("Running the export with profiling on would show where the time goes.")
                .user("Run it.");
        assertTrue(generic.proposed(EntryType.DECISION).isEmpty(), generic.proposed(EntryType.DECISION).toString());
        var agreed = TestSessions.session("v9d10").user("The vendor CSV broke the load again.")
                .assistant("Stop auto-detecting. Pass an explicit columns= schema to read_csv, so a new type fails at"
                        + " the read and names the column.")
                .user("Agreed, explicit schema. I'd rather get a clear failure at read time than silently cast garbage.");
        assertEquals(1, agreed.proposed(EntryType.DECISION).size(), agreed.proposed(EntryType.DECISION).toString());
    }

    @Test
    void anAckThenTheRecommendationInTheUsersWordsAcceptsIt() {
        var s = TestSessions.session("v9d11").user("Should we drop date-fns altogether and just use Intl.DateTimeFormat?")
                .assistant("Intl covers formatting well, but we use date-fns for arithmetic in about 40 places. I'd keep"
                        + " date-fns for arithmetic and format with Intl, which needs no locale data in the bundle.")
                .user("OK: keep date-fns for arithmetic and use Intl for the display formatting.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(List.of("Keep date-fns for arithmetic and format with Intl, which needs no locale data in the bundle"),
                d.stream().map(Candidate::title).toList());
        var other = TestSessions.session("v9d12").user("The build is red.")
                .assistant("I'd revert the last merge and rebuild.")
                .user("OK, rerun the flaky job instead.");
        assertTrue(other.proposed(EntryType.DECISION).isEmpty(), other.proposed(EntryType.DECISION).toString());
    }

    // Rules version 10 (issue 21, eighth round): shapes learned from the missed entries of all five development sets.

    @Test
    void aChoiceSettledInAReplyAndCarriedOutIsADecisionButAReplyNobodyActsOnIsNot() {
        var s = TestSessions.session("v10a").user("the jobs queue times out on big exports")
                .assistant("The worker is killed after 90 s. I could raise the timeout for the whole queue to 300 s, or"
                        + " give the exports their own queue with a 300 s timeout. Which do you want?")
                .user("own queue for the exports. the webhook jobs need fast retries when a worker dies, they can't"
                        + " wait five minutes.")
                .edit("config/queue.php", "+ 'exports' => ['timeout' => 300],")
                .assistant("Added the exports queue.");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertEquals("Own queue for the exports: the webhook jobs need fast retries when a worker dies, they can't"
                + " wait five minutes", d.getFirst().title());
        assertTrue(d.getFirst().body().contains("Done: edited config/queue.php"), d.getFirst().body());
        assertEquals(List.of(1, 2, 3), d.getFirst().anchors().stream().map(Candidate.Span::start).toList());

        // The same reply, but nothing is changed after it: a preference of the moment, not a settled setup.
        var talk = TestSessions.session("v10b").user("the jobs queue times out on big exports")
                .assistant("I could raise the timeout for the whole queue, or give the exports their own queue."
                        + " Which do you want?")
                .user("own queue for the exports. the webhook jobs need fast retries when a worker dies.")
                .assistant("Noted, I'll look at the worker config first.");
        assertEquals(List.of(), talk.proposed(EntryType.DECISION));
        // Carried out, but only for this run: no decision either.
        var once = TestSessions.session("v10d").user("the build is slow")
                .assistant("I could turn on the build cache. Want me to?")
                .user("try it for now, the release is tomorrow so we need faster builds.")
                .edit("gradle.properties", "+org.gradle.caching=true");
        assertEquals(List.of(), once.proposed(EntryType.DECISION));
    }

    @Test
    void anOptionPickedByItsNumberIsTitledByTheOptionAndASecondThoughtStands() {
        var s = TestSessions.session("v10e").user("the decoder needs benchmarks. which harness?")
                .assistant("Options as I see them:\n1. jmh: forks a JVM per benchmark and can compare against a saved"
                        + " baseline.\n2. caliper: unmaintained since 2019.\nI'd lean to 1.")
                .user("1. mostly because of the baseline compare, I want to catch regressions during the rewrite.")
                .edit("build.gradle", "+    id 'me.champeau.jmh' version '0.7.2'");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.getFirst().title().startsWith("Jmh: forks a JVM per benchmark"), d.getFirst().title());

        var changed = TestSessions.session("v10f").user("the boot partition filled up")
                .assistant("I'd cap the boot entries at 10 so old generations get pruned.")
                .user("10 on the two small hosts, the big one has room so leave it. hmm, actually no, same everywhere,"
                        + " less to remember. 10 on all of them")
                .edit("boot.nix", "+  configurationLimit = 10;");
        var c = changed.proposed(EntryType.DECISION);
        assertEquals(1, c.size(), c.toString());
        assertEquals("10 on all of them: same everywhere, less to remember", c.getFirst().title());
    }

    @Test
    void aRuleSaidInPassingWithAlwaysOrButNeverIsKeptButWhatKeepsHappeningIsNot() {
        var s = TestSessions.session("v10g").user("wait, that ran in my own browser. e2e tests go on the headless"
                        + " container, always. my browser profile has real sessions in it.")
                .assistant("Understood, switching the config.")
                .user("log the tenant, yes, but never the token itself. the logs go to a place half the company can read.");
        var p = s.proposed(EntryType.PREFERENCE);
        assertEquals(List.of("e2e tests go on the headless container, always"), p.stream().map(Candidate::title).toList());
        assertEquals(1, s.proposed(EntryType.WARNING).size(), s.proposed(EntryType.WARNING).toString());

        var happens = TestSessions.session("v10h").user("the export job times out on CI, always.")
                .assistant("Looking at it.")
                .user("the nightly starts and never finishes, but the retry works.");
        assertEquals(List.of(), happens.proposed(EntryType.PREFERENCE));
        assertEquals(List.of(), happens.proposed(EntryType.WARNING));
    }

    @Test
    void aCourseWithItsReasonApprovedByABareYesAndCarriedOutIsADecisionButAnUnexplainedOneIsNot() {
        var s = TestSessions.session("v10i").user("the boot partition filled up")
                .assistant("Cleaned it. To keep /boot from filling up again I'd set `configurationLimit = 10`, so only the"
                        + " last ten generations get boot entries.")
                .user("yes")
                .edit("boot.nix", "+  configurationLimit = 10;");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(1, d.size(), d.toString());
        assertEquals("Set `configurationLimit = 10`, so only the last ten generations get boot entries",
                d.getFirst().title());
        assertTrue(d.getFirst().body().contains("Approved: yes"), d.getFirst().body());

        var plain = TestSessions.session("v10j").user("the boot partition filled up")
                .assistant("I can set `configurationLimit = 10` in boot.nix.")
                .user("yes")
                .edit("boot.nix", "+  configurationLimit = 10;");
        assertEquals(List.of(), plain.proposed(EntryType.DECISION));
    }

    @Test
    void anInvestigationThatLooksExplainsAndThenFixesIsADebuggingMethodButALookWithoutAFixIsNot() {
        var s = TestSessions.session("v10k").user("the beta testers say the app crashes on launch on iOS 17.")
                .assistant("Reading the crash log.")
                .bash("grep -m3 dyld ~/Downloads/App-crash.ips", "\"dyld\" : Symbol not found: _onScrollPhaseChange")
                .assistant("dyld can't find onScrollPhaseChange: that SwiftUI API is iOS 18 only, and the grid uses it"
                        + " without an availability check.")
                .edit("Grid/PhotoGridView.swift", "+ if #available(iOS 18, *) {");
        // Facts off: in a session this small the fact rule would take the explanation first (the rule runs last).
        LocalExtractor noFacts = new LocalExtractor(0);
        var d = noFacts.extract(s.toSession(), s.messages()).stream().filter(c -> c.type() == EntryType.DEBUGGING_METHOD)
                .toList();
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.getFirst().title().startsWith("When the beta testers say the app crashes on launch on iOS 17, look"
                + " with `grep -m3 dyld"), d.getFirst().title());
        assertTrue(d.getFirst().body().contains("Fixed in: Grid/PhotoGridView.swift"), d.getFirst().body());

        var noFix = TestSessions.session("v10l").user("the beta testers say the app crashes on launch on iOS 17.")
                .bash("grep -m3 dyld ~/Downloads/App-crash.ips", "\"dyld\" : Symbol not found: _onScrollPhaseChange")
                .assistant("dyld can't find onScrollPhaseChange: that SwiftUI API is iOS 18 only, and the grid uses it"
                        + " without an availability check.");
        assertEquals(List.of(), noFacts.extract(noFix.toSession(), noFix.messages()).stream()
                .filter(c -> c.type() == EntryType.DEBUGGING_METHOD).toList());
    }

    @Test
    void whatTheSandboxLacksReadOffAFailedCommandIsAFactButAGuessIsNot() {
        var s = TestSessions.session("v11a").user("Run the integration tests.")
                .bash("make db-up", "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker"
                        + " daemon running?\nmake: *** [Makefile:15: db-up] Error 1")
                .assistant("Docker isn't available inside this sandbox, so the Postgres-backed integration tests cannot"
                        + " run here. Running the unit tests instead.");
        var f = s.proposed(EntryType.FACT).stream().filter(c -> c.title().contains("sandbox")).toList();
        assertEquals(1, f.size(), f.toString());
        assertEquals("Docker isn't available inside the Claude Code sandbox: the Postgres-backed integration tests"
                + " cannot run here", f.getFirst().title());
        assertEquals(1, f.getFirst().anchors().getFirst().start(), "the failed command is the evidence");

        var guess = TestSessions.session("v11b").user("Run the integration tests.")
                .bash("make db-up", "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker"
                        + " daemon running?\nmake: *** [Makefile:15: db-up] Error 1")
                .assistant("Maybe this sandbox has no Docker daemon running, or the socket moved.");
        var passed = TestSessions.session("v11c").user("Run the integration tests.")
                .bash("make db-up", "Container dev-postgres-1  Healthy")
                .assistant("The database container is up; this sandbox has no network, but the image was cached.");
        for (var other : List.of(guess, passed)) {
            assertEquals(List.of(), other.proposedBy(new SandboxLimitRule()), other.toSession().id());
        }
    }

    @Test
    void whatALookUpShowsIsAFactButTheCauseOfAReportedFailureIsNot() {
        var s = TestSessions.session("v11d").user("Where do the Sentry settings live, and what do we send?")
                .bash("grep -n -A4 'sentry_sdk.init' app/settings/production.py",
                        "41:sentry_sdk.init(\n42:    dsn=env(\"SENTRY_DSN\"),\n43:    traces_sample_rate=0.05,\n"
                        + "44:    before_send=drop_disallowed_host,")
                .assistant("Sentry gets errors plus 5% of transactions (traces_sample_rate 0.05), and"
                        + " `drop_disallowed_host` filters DisallowedHost events.");
        LookedUpRule rule = new LookedUpRule();
        var t = new Transcript(s.toSession(), s.messages(), new Commands());
        var f = rule.apply(t, new Claims());
        assertEquals(1, f.size(), f.toString());
        assertTrue(f.getFirst().title().startsWith("Sentry gets errors plus 5% of transactions"), f.getFirst().title());
        assertTrue(f.getFirst().body().contains("Looked up with: `grep -n -A4"), f.getFirst().body());

        // The user reported a failure: what the look finds is its cause, fixed next.
        var failing = TestSessions.session("v11e").user("Customers get the reminder email twice. Look at it.")
                .bash("rg -n 'BerthReminder' lib/", "lib/bookings.ex:88:    BerthReminder.new(scheduled_at: remind_at)")
                .assistant("The `BerthReminder` job is inserted on every booking update in bookings.ex, not only on"
                        + " creation.");
        var ft = new Transcript(failing.toSession(), failing.messages(), new Commands());
        assertEquals(List.of(), rule.apply(ft, new Claims()));
        // The look is followed by an edit of what it found: no longer true after the session.
        var fixed = TestSessions.session("v11f").user("Where does the app read its timeout?")
                .read("config/app.toml", "timeout_ms = 100")
                .assistant("The client reads `timeout_ms` from config/app.toml and waits at most 100 ms for the upstream.")
                .edit("config/app.toml", "-timeout_ms = 100\n+timeout_ms = 2000");
        var xt = new Transcript(fixed.toSession(), fixed.messages(), new Commands());
        assertEquals(List.of(), rule.apply(xt, new Claims()));
    }

    @Test
    void aSettingEditedIntoAConfigFileAndCheckedIsAFactButOneTakenOutAgainIsNot() {
        var s = TestSessions.session("v11g").user("Tests should never touch the real bucket by default.")
                .assistant("Adding an `s3` marker to pyproject.toml and deselecting it by default.")
                .edit("pyproject.toml", "Applied patch to pyproject.toml:\n [tool.pytest.ini_options]\n"
                        + "+addopts = \"-m 'not s3' --strict-markers\"")
                .bash("poetry run pytest -q", "30 passed, 2 deselected in 2.87s");
        var f = s.proposed(EntryType.FACT).stream().filter(c -> c.title().startsWith("`pyproject.toml`")).toList();
        assertEquals(1, f.size(), s.proposed().toString());
        // A decision carried out by the edit already says it: no fact beside it.
        var decided = TestSessions.session("v11l").user("Make the S3 tests opt-in.")
                .assistant("Adding an `s3` marker to pyproject.toml and deselecting it by default.")
                .edit("pyproject.toml", "Applied patch to pyproject.toml:\n [tool.pytest.ini_options]\n"
                        + "+addopts = \"-m 'not s3' --strict-markers\"")
                .bash("poetry run pytest -q", "30 passed, 2 deselected in 2.87s");
        assertEquals(1, decided.proposed(EntryType.DECISION).size(), decided.proposed(EntryType.DECISION).toString());
        assertEquals(List.of(), decided.proposed(EntryType.FACT).stream().filter(c -> c.title().startsWith("`"))
                .toList());
        assertEquals("`pyproject.toml` [tool.pytest.ini_options]: `addopts = \"-m 'not s3' --strict-markers\"`",
                f.getFirst().title());
        assertTrue(f.getFirst().body().contains("Checked with `poetry run pytest -q`"), f.getFirst().body());
        // Claude Code's edit result shows the edited lines as a numbered snippet, and .gitignore lines are patterns.
        var ignore = TestSessions.session("v11h").user("Are plan files ignored?")
                .edit(".gitignore", "The file /src/.gitignore has been updated. Here's a snippet of the edited file:\n"
                        + "     4\ttf.plan\n     5\t*.plan");
        assertEquals(List.of("`.gitignore` ignores `tf.plan`, `*.plan`"), ignore.proposed(EntryType.FACT).stream()
                .map(Candidate::title).toList());

        var undone = TestSessions.session("v11i").user("Make the S3 tests opt-in.")
                .edit("pyproject.toml", "+addopts = \"-m 'not s3'\"")
                .bash("poetry run pytest -q", "30 passed, 2 deselected in 2.87s")
                .user("No, keep them on by default after all.")
                .edit("pyproject.toml", "-addopts = \"-m 'not s3'\"");
        var broke = TestSessions.session("v11j").user("Make the S3 tests opt-in.")
                .edit("pyproject.toml", "+addopts = \"-m 'not s3'\"")
                .bash("poetry run pytest -q", "ERROR: unknown marker s3\n1 error in 0.2s");
        var code = TestSessions.session("v11k").user("Default the lake to the fixtures.")
                .edit("tests/conftest.py", "+    uri = os.environ.get(\"LAKE_URI\", str(FIXTURES))")
                .bash("poetry run pytest -q", "30 passed in 2.87s");
        for (var other : List.of(undone, broke, code)) {
            assertEquals(List.of(), other.proposed(EntryType.FACT).stream().filter(c -> c.title().startsWith("`"))
                    .toList(), other.toSession().id());
        }
    }

    @Test
    void aStatementThatNamesTheFileItWasReadFromIsAFactEvenInsideAnExplanationButNotAMomentsState() {
        var s = TestSessions.session("v11m").user("Run the store tests.")
                .bash("go test -tags integration ./internal/store/...", "dial tcp [::1]:55432: connect: connection"
                        + " refused\nFAIL")
                .assistant("The tests read `LEDGERD_TEST_DSN` and default to Postgres on localhost:55432 (see"
                        + " `internal/store/testdb_test.go`). Nothing is listening.");
        var f = s.proposedBy(new SourcedFactRule());
        assertEquals(List.of("The tests read `LEDGERD_TEST_DSN` and default to Postgres on localhost:55432 (see"
                + " `internal/store/testdb_test.go`)"), f.stream().map(Candidate::title).toList());

        var moment = TestSessions.session("v11n").user("Why is the plan blocked?")
                .assistant("The state is locked by an apply that a runner started two hours ago (running Terraform"
                        + " 1.5.7, the version pinned in `.terraform-version` and CI).");
        var narrated = TestSessions.session("v11o").user("What did you change?")
                .assistant("I moved the default into the fixture (see `tests/conftest.py`) so the suite never reads"
                        + " the real bucket.");
        for (var other : List.of(moment, narrated)) {
            assertEquals(List.of(), other.proposedBy(new SourcedFactRule()), other.toSession().id());
        }
    }

    @Test
    void aSettingOfAConfigFileTheNextMessageReliesOnIsAFactUnlessTheSessionEditsThatFile() {
        var s = TestSessions.session("v11p").user("Clippy wants is_none_or. Can we use it?")
                .bash("cat rust-toolchain.toml", "[toolchain]\nchannel = \"1.82.0\"\ncomponents = [\"clippy\","
                        + " \"rustfmt\"]")
                .assistant("1.82.0, so `is_none_or` is available. Applying both fixes.");
        var f = s.proposedBy(new ConfigReadRule());
        assertEquals(List.of("`rust-toolchain.toml`: `channel = \"1.82.0\"`"), f.stream().map(Candidate::title)
                .toList());
        assertEquals(1, f.getFirst().anchors().getFirst().start(), "the read is the evidence");

        var edited = TestSessions.session("v11q").user("Which profile settings does prod use?")
                .bash("sed -n '/prod:/,/^$/p' profiles/profiles.yml", "prod:\n  threads: 16\n  job_retries: 0")
                .assistant("threads 16 and job_retries 0. I'd lower threads to 8 and allow 2 retries.")
                .user("Do it.")
                .edit("profiles/profiles.yml", "-  threads: 16\n+  threads: 8");
        var unused = TestSessions.session("v11r").user("What is in the toolchain file?")
                .bash("cat rust-toolchain.toml", "[toolchain]\nchannel = \"1.82.0\"")
                .assistant("It pins the stable channel with clippy and rustfmt.");
        for (var other : List.of(edited, unused)) {
            assertEquals(List.of(), other.proposedBy(new ConfigReadRule()), other.toSession().id());
        }
    }

    @Test
    void aMeasurementTakenBeforeAndAfterAFixIsADebuggingMethodButATestRerunIsNot() {
        String count = "python manage.py shell -c \"from django.test.utils import CaptureQueriesContext; print(len(q))\"";
        var s = TestSessions.session("v11s").user("The venue calendar page takes seconds to load.")
                .assistant("I'll count the queries for one request of a large venue.")
                .bash(count, "200 1873")
                .assistant("1,873 queries for one page. The template calls `slot.bookings.count()` per slot: an N+1.")
                .edit("venues/views.py", "+    slots = slots.annotate(n=Count('bookings'))")
                .bash(count, "200 6")
                .assistant("Down to 6 queries; the page renders in about 210 ms locally.");
        var m = s.proposedBy(new MeasuredFixRule());
        assertEquals(1, m.size());
        assertEquals(EntryType.DEBUGGING_METHOD, m.getFirst().type());
        assertTrue(m.getFirst().title().startsWith("Measure it with `python manage.py shell"), m.getFirst().title());
        assertTrue(m.getFirst().body().contains("Before: 1,873 queries") && m.getFirst().body().contains("After: Down to 6"),
                m.getFirst().body());

        var tests = TestSessions.session("v11t").user("Three tests fail after the merge.")
                .bash("pytest -q", "3 failed, 42 passed")
                .assistant("3 failures, all in the billing tests: the fixture lost its tenant.")
                .edit("tests/conftest.py", "+    tenant = make_tenant()")
                .bash("pytest -q", "45 passed")
                .assistant("All 45 pass now.");
        var otherCommand = TestSessions.session("v11u").user("Can we restore the table to yesterday?")
                .bash("spark-sql -e \"DESCRIBE HISTORY gold.daily LIMIT 1\" | cut -f1-3", "413\t2026-11-29\tWRITE")
                .assistant("Version 413 came after, so restoring to 411 would drop the 28th.")
                .edit("jobs/maintenance.yaml", "+  - VACUUM gold.daily")
                .bash("spark-sql -e \"VACUUM gold.daily DRY RUN\" | tail -1", "Found 1382 files")
                .assistant("A dry run would delete 1,382 files.");
        var unread = TestSessions.session("v11v").user("The page is slow.")
                .bash(count, "200 1873")
                .assistant("That is far too many queries; the template loops over slots.")
                .edit("venues/views.py", "+    slots = slots.annotate(n=Count('bookings'))")
                .bash(count, "200 6")
                .assistant("Down to 6 queries.");
        for (var other : List.of(tests, otherCommand, unread)) {
            assertEquals(List.of(), other.proposedBy(new MeasuredFixRule()), other.toSession().id());
        }
    }

    @Test
    void theSameLookRunOnTwoInputsAfterAReportedFailureIsADebuggingMethod() {
        String today = "duckdb -c \"DESCRIBE SELECT * FROM read_csv_auto('raw/stock_2026-11-12.csv')\"";
        String lastGood = "duckdb -c \"DESCRIBE SELECT * FROM read_csv_auto('raw/stock_2026-11-05.csv')\"";
        var s = TestSessions.session("v11w").user("The stock import failed again: could not convert 'N/A' to INT32.")
                .bash(today, "sku VARCHAR\nqty VARCHAR\neta VARCHAR")
                .bash(lastGood, "sku VARCHAR\nqty BIGINT")
                .assistant("Two changes: a new column eta, and qty now holds 'N/A' so detection flips it to VARCHAR.");
        var c = s.proposedBy(new ComparedRunsRule());
        assertEquals(1, c.size());
        assertEquals(EntryType.DEBUGGING_METHOD, c.getFirst().type());
        assertTrue(c.getFirst().title().contains("compare `duckdb -c"), c.getFirst().title());

        var noReport = TestSessions.session("v11x").user("Show me both schemas.")
                .bash(today, "sku VARCHAR\nqty VARCHAR").bash(lastGood, "sku VARCHAR\nqty BIGINT")
                .assistant("The new file has qty as VARCHAR, the old one as BIGINT, as expected.");
        var housekeeping = TestSessions.session("v11y").user("The deploy failed again.")
                .bash("ls deploy/staging", "values.yaml").bash("ls deploy/prod", "values.yaml\nsecrets.yaml")
                .assistant("Prod has a secrets file that staging lacks, which the chart expects.");
        var editBetween = TestSessions.session("v11z").user("The import failed.")
                .bash(today, "sku VARCHAR\nqty VARCHAR").edit("models/stock.sql", "+ TRY_CAST(qty AS INT)")
                .bash(lastGood, "sku VARCHAR\nqty BIGINT")
                .assistant("Now the model casts qty with TRY_CAST so 'N/A' becomes null.");
        for (var other : List.of(noReport, housekeeping, editBetween)) {
            assertEquals(List.of(), other.proposedBy(new ComparedRunsRule()), other.toSession().id());
        }
    }
}
