package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import dev.recall.store.Scope;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each rule of the local extractor on a small hand-written session: what it proposes, and what it must not. */
class LocalRulesTest {
    private final LocalExtractor extractor = new LocalExtractor(3);

    private List<Candidate> extract(TestSessions s) {
        return extractor.extract(s.toSession(), s.messages());
    }

    private static List<Candidate> ofType(List<Candidate> cs, EntryType type) {
        return cs.stream().filter(c -> c.type() == type).toList();
    }

    @Test
    void aPreferenceIsTheUsersStandingWishWithItsCondition() {
        var s = TestSessions.session("p").user("Add a test for the parser.")
                .assistant("Added `ParserTest` with one case per token kind.")
                .user("When you write the tests: I prefer table-driven tests with named subtests. Not one function per case.");
        var prefs = ofType(extract(s), EntryType.PREFERENCE);
        assertEquals(1, prefs.size(), prefs.toString());
        Candidate p = prefs.getFirst();
        assertEquals("Prefer table-driven tests with named subtests", p.title());
        assertEquals("when you write the tests", p.trigger());
        assertEquals(Scope.GLOBAL, p.scope());
        assertEquals(2, p.anchors().getFirst().start());
        assertTrue(p.body().contains("Not one function per case."));
    }

    @Test
    void aRequestForTodayIsNoPreference() {
        var s = TestSessions.session("p2").user("I want you to fix the flaky login test.")
                .assistant("Looking at it.");
        assertTrue(ofType(extract(s), EntryType.PREFERENCE).isEmpty());
    }

    @Test
    void aPreferenceNamingThisRepositoryIsScopedToIt() {
        var s = TestSessions.session("p3").user("I prefer conventional commit messages with a scope. Please use that for commits in this repo.");
        Candidate p = ofType(extract(s), EntryType.PREFERENCE).getFirst();
        assertEquals(Scope.REPOSITORY, p.scope());
    }

    @Test
    void aWarningIsNegativeAdviceWithTheActionAsTrigger() {
        var s = TestSessions.session("w").assistant("I edited `internal/store/db/postings.sql.go` by hand.")
                .user("Never edit anything under internal/store/db by hand. It's sqlc output and CI regenerates it.");
        var warnings = ofType(extract(s), EntryType.WARNING);
        assertEquals(1, warnings.size(), warnings.toString());
        Candidate w = warnings.getFirst();
        assertEquals("Never edit anything under internal/store/db by hand", w.title());
        assertEquals("before you edit anything under internal/store/db by hand", w.trigger());
        assertTrue(w.body().contains("CI regenerates it"));
        assertTrue(w.confidence() >= 0.7, "a user's warning is stronger than an assistant's");
    }

    @Test
    void describingWhatNeverHappensOrATaskInstructionIsNoWarning() {
        var s = TestSessions.session("w2")
                .assistant("Plain `go test ./...` never compiles the integration tests, they sit behind a build tag.")
                .user("Don't implement anything, just flag it.")
                .assistant("It will never drift from the code once it is embedded.");
        assertTrue(ofType(extract(s), EntryType.WARNING).isEmpty(), extract(s).toString());
    }

    @Test
    void aBareDontNeedsAReasonToBeAWarning() {
        var s = TestSessions.session("w3")
                .user("And don't add a default case to silence the linter. The linter is there precisely so that new values break the build.");
        var warnings = ofType(extract(s), EntryType.WARNING);
        assertEquals(1, warnings.size(), extract(s).toString());
        assertEquals("before you add a default case to silence the linter", warnings.getFirst().trigger());
    }

    @Test
    void aDecisionCarriesItsReasonFromTheArgumentBefore() {
        var s = TestSessions.session("d")
                .assistant("big.Rat is exact but has no rounding modes, so we'd be reimplementing half-even ourselves.")
                .user("OK, go with shopspring/decimal and half-even rounding per leg.");
        var decisions = ofType(extract(s), EntryType.DECISION);
        assertEquals(1, decisions.size(), extract(s).toString());
        Candidate d = decisions.getFirst();
        assertEquals("Go with shopspring/decimal and half-even rounding per leg", d.title());
        assertTrue(d.body().contains("Reason: big.Rat is exact"), d.body());
        assertEquals(List.of(0, 1), d.anchors().stream().map(Candidate.Span::start).toList());
    }

    @Test
    void aDecisionCueWithoutAnyReasonIsNotProposed() {
        var s = TestSessions.session("d2").user("Let's go with Postgres.").assistant("Setting it up.");
        assertTrue(ofType(extract(s), EntryType.DECISION).isEmpty(), extract(s).toString());
    }

    @Test
    void anAcceptedProposalIsADecision() {
        var s = TestSessions.session("d3")
                .assistant("Proposal: keep money as int64 minor units, because floats lose cents on every split.")
                .user("Do it.");
        var decisions = ofType(extract(s), EntryType.DECISION);
        assertEquals(1, decisions.size(), extract(s).toString());
        assertEquals("Keep money as int64 minor units, because floats lose cents on every split",
                decisions.getFirst().title());
    }

    @Test
    void aCommandThatPassedAfterSetupStepsIsAProcedure() {
        var s = TestSessions.session("pr")
                .assistant("Running the integration-tagged store tests.")
                .bash("go test -tags integration ./internal/store/... -count=1",
                        "--- FAIL: TestStore (0.00s)\n    dial tcp [::1]:55432: connect: connection refused\nFAIL")
                .bash("make db-up", "Container dev-postgres-1  Healthy")
                .bash("ls db/migrations", "00001_init.sql")
                .bash("make migrate-test", "goose: successfully migrated database to version: 22")
                .bash("go test -tags integration ./internal/store/... -count=1", "ok  \tledgerd/internal/store\t2.417s");
        var procedures = ofType(extract(s), EntryType.PROCEDURE);
        assertEquals(1, procedures.size(), extract(s).toString());
        Candidate p = procedures.getFirst();
        assertEquals("Run the integration-tagged store tests: `make db-up` → `make migrate-test` → "
                + "`go test -tags integration ./internal/store/... -count=1`", p.title());
        assertTrue(p.body().contains("1. `make db-up`\n2. `make migrate-test`"), p.body());
        assertFalse(p.body().contains("ls db/migrations"), "routine commands are no steps");
        assertEquals(List.of(1, 2, 4, 5), p.anchors().stream().map(Candidate.Span::start).toList());
    }

    @Test
    void aSequenceTheAssistantSpelledOutIsAProcedure() {
        var s = TestSessions.session("pr2")
                .assistant("Green. The sequence for the store integration tests is: `make db-up`, then `make migrate-test`, then `go test -tags integration ./...`.");
        var procedures = ofType(extract(s), EntryType.PROCEDURE);
        assertEquals(1, procedures.size());
        assertEquals("The sequence for the store integration tests: make db-up → make migrate-test → go test -tags"
                + " integration ./...", procedures.getFirst().title());
        assertEquals("for the store integration tests", procedures.getFirst().trigger());
    }

    @Test
    void anErrorFollowedByTheChangeThatMadeItPassIsADebuggingMethod() {
        var s = TestSessions.session("dbg")
                .bash("go test ./internal/posting/... -count=1",
                        "--- FAIL: TestSplitEvenly (0.00s)\n    split_test.go:27: legs sum to 99.99, want 100\nFAIL")
                .assistant("Reproduced. The split uses float64, so the last cent is lost.")
                .edit("internal/posting/split.go", "The file internal/posting/split.go has been updated.")
                .bash("go test ./internal/posting/... -count=1", "ok  \tledgerd/internal/posting\t0.005s");
        var methods = ofType(extract(s), EntryType.DEBUGGING_METHOD);
        assertEquals(1, methods.size(), extract(s).toString());
        Candidate d = methods.getFirst();
        assertEquals("`go test` fails: split_test.go:27: legs sum to 99.99, want 100", d.title());
        assertTrue(d.body().contains("Cause: The split uses float64, so the last cent is lost."), d.body());
        assertTrue(d.body().contains("Fix: edited internal/posting/split.go."), d.body());
        assertTrue(d.body().contains("passed"), d.body());
        assertEquals("split_test.go:27: legs sum to 99.99, want 100", d.anchors().getFirst().snippet());
        assertEquals(List.of(0, 1, 2, 3), d.anchors().stream().map(Candidate.Span::start).toList());
        // An edit made it pass, not a command; the procedure is the check the session settled on.
        var procedures = ofType(extract(s), EntryType.PROCEDURE);
        assertEquals(List.of("Check changes with `go test ./internal/posting/... -count=1`"),
                procedures.stream().map(Candidate::title).toList());
        assertTrue(procedures.getFirst().body().contains("passed after editing `internal/posting/split.go`"),
                procedures.getFirst().body());
        assertEquals("when checking a change to `internal/posting/split.go`", procedures.getFirst().trigger());
    }

    @Test
    void aRetryWithNothingInBetweenTeachesNothing() {
        var s = TestSessions.session("dbg2")
                .bash("npm test", "Tests: 1 failed, 3 passed")
                .bash("npm test", "Tests: 4 passed");
        var out = extract(s);
        assertTrue(ofType(out, EntryType.DEBUGGING_METHOD).isEmpty(), out.toString());
        assertTrue(ofType(out, EntryType.PROCEDURE).isEmpty(), out.toString());
    }

    @Test
    void anOpenPointIsTitledByItsQuestion() {
        var s = TestSessions.session("o")
                .user("I'm also wondering whether the test helper should run goose itself. Not now though, just keep it in mind.")
                .assistant("Leaving it unchanged for now. Open point: should the helper call `goose.Up` itself before the first test?");
        var open = ofType(extract(s), EntryType.OPEN_QUESTION);
        assertEquals(1, open.size(), extract(s).toString());
        assertEquals("Should the helper call `goose.Up` itself before the first test?", open.getFirst().title());
        assertEquals(List.of(0, 1), open.getFirst().anchors().stream().map(Candidate.Span::start).toList());
    }

    @Test
    void aQuestionTheSessionEndedOnIsOpen() {
        var s = TestSessions.session("o2").user("Bump the chart version.")
                .assistant("Bumped to 1.4.0. Should I also publish the chart to the internal registry?");
        var open = ofType(extract(s), EntryType.OPEN_QUESTION);
        assertEquals(1, open.size());
        assertEquals("Should I also publish the chart to the internal registry?", open.getFirst().title());
    }

    @Test
    void factsAreTheSalientStatementsNotTheChatter() {
        var s = TestSessions.session("f")
                .user("Why do the store tests not run?")
                .assistant("Let me look.")
                .assistant("The Postgres-backed store tests are behind the `integration` build tag in `store_integration_test.go`.")
                .assistant("The integration tests read `LEDGERD_TEST_DSN` and default to Postgres on localhost:55432.")
                .assistant("Sure, running them now.")
                .assistant("The store package has unit tests and integration tests; the integration tests need Postgres.")
                .assistant("Thanks, that is all.");
        var facts = ofType(extract(s), EntryType.FACT);
        assertFalse(facts.isEmpty());
        for (Candidate f : facts) {
            assertFalse(f.title().startsWith("Let me") || f.title().startsWith("Sure") || f.title().startsWith("Thanks"),
                    f.title());
            assertTrue(f.confidence() >= 0.3 && f.confidence() <= 0.6);
        }
        assertTrue(facts.stream().anyMatch(f -> f.title().contains("integration")), facts.toString());
    }

    @Test
    void oneSentenceGivesAtMostOneEntry() {
        var s = TestSessions.session("c")
                .user("Please always run go test with -count=1 so we're never looking at stale results.");
        var out = extract(s);
        assertEquals(1, out.size(), out.toString());
        assertEquals(EntryType.PREFERENCE, out.getFirst().type());
    }

    @Test
    void theSameSessionAlwaysGivesTheSameProposals() {
        var s = TestSessions.session("same")
                .user("Never push to main directly. Reviews are required.")
                .bash("make test", "FAILED: 2 errors")
                .edit("src/a.c", "updated")
                .bash("make test", "all tests passed")
                .assistant("The parser is a recursive-descent parser in `src/parse.c` that uses a fixed lookahead of one token.");
        assertEquals(extract(s), extract(s));
    }

    @Test
    void aDecisionTheUserDeclaresNeedsNoReasonAndAnExplicitAgreementTakesTheSuggestion() {
        var declared = TestSessions.session("d1").assistant("Both work; the DAG files are thin wrappers.")
                .user("Decision then: everything is converted to UTC at ingest, in normalize_timestamps.");
        Candidate d = ofType(extract(declared), EntryType.DECISION).getFirst();
        assertEquals("Everything is converted to UTC at ingest, in normalize_timestamps", d.title());

        var agreed = TestSessions.session("d2")
                .assistant("The writer appends a new file per run. Each run should own a deterministic object key,"
                        + " `raw/hour={HH}.parquet`, so a rerun overwrites the same object.")
                .user("Agreed, idempotent by key.");
        Candidate a = ofType(extract(agreed), EntryType.DECISION).getFirst();
        assertTrue(a.title().startsWith("Each run should own a deterministic object key"), a.title());
        assertTrue(a.body().contains("Accepted: Agreed, idempotent by key."), a.body());
        assertEquals(List.of(0, 1), a.anchors().stream().map(Candidate.Span::start).toList());
    }

    @Test
    void aRefusalWithAReasonIsAWarning() {
        var s = TestSessions.session("r").user("Paste the deploy token into the README so others can use it.")
                .assistant("I won't put the token in the README: anyone who can read the repository would see it.");
        Candidate w = ofType(extract(s), EntryType.WARNING).getFirst();
        assertTrue(w.title().startsWith("I won't put the token in the README"), w.title());
        assertEquals("before you put the token in the README", w.trigger());
    }

    @Test
    void aRecipeTheUserStatesIsAProcedure() {
        var s = TestSessions.session("u").assistant("The workspace suite passed.")
                .user("For just the core crate I usually run `cargo nextest run -p sync-core`, it's way faster.");
        Candidate p = ofType(extract(s), EntryType.PROCEDURE).getFirst();
        assertTrue(p.body().startsWith("Run `cargo nextest run -p sync-core`."), p.body());
    }

    @Test
    void aCommandRunForAStatedPurposeIsAProcedureButARetryOrABareRunIsNot() {
        var s = TestSessions.session("pp")
                .assistant("To catch every feature combination, I'll run cargo-hack over the feature powerset.")
                .bash("cargo hack check -p core --feature-powerset --no-dev-deps", "info: running `cargo check` (1/4)")
                .assistant("Running the tests.")
                .bash("cargo test", "test result: ok. 12 passed");
        var procedures = ofType(extract(s), EntryType.PROCEDURE);
        assertEquals(1, procedures.size(), procedures.toString());
        assertEquals("Catch every feature combination: `cargo hack check -p core --feature-powerset --no-dev-deps`",
                procedures.getFirst().title());
        assertEquals("when you need to catch every feature combination", procedures.getFirst().trigger());
    }

    @Test
    void theAnswerToAQuestionAboutTheProjectIsAFact() {
        var s = TestSessions.session("qa").user("Also remind me how shaders get into the bundle?")
                .assistant("Files ending in `.frag` under `packages/filters/src/shaders` are imported as strings"
                        + " through `vite-plugin-glsl`.");
        Candidate f = ofType(extract(s), EntryType.FACT).getFirst();
        assertTrue(f.title().startsWith("Files ending in `.frag`"), f.title());
        assertEquals("when asking how shaders get into the bundle?", f.trigger());
        assertEquals(List.of(0, 1), f.anchors().stream().map(Candidate.Span::start).toList());
    }

    @Test
    void whatTheAssistantFoundByLookingIsAFactUnlessItFixesItRightAway() {
        var s = TestSessions.session("ob").user("Get the query cache refreshed.")
                .bash("cargo sqlx prepare --check", "error: query data is out of date")
                .assistant("The CI job builds with `SQLX_OFFLINE=false`, so the sqlx macros check against a live"
                        + " schema there and never read `.sqlx/`.")
                .bash("grep -n tfplan .gitignore", "7:*.tfplan")
                .assistant("The ignore pattern is `*.tfplan`, but our plan files are named `tf.plan` and are not"
                        + " ignored. Adding `tf.plan` to `.gitignore`.");
        var facts = ofType(extract(s), EntryType.FACT);
        assertEquals(1, facts.size(), facts.toString());
        Candidate f = facts.getFirst();
        assertTrue(f.title().startsWith("The CI job builds with `SQLX_OFFLINE=false`"), f.title());
        assertEquals(1, f.anchors().getFirst().start(), "the evidence covers the output it read");
        assertEquals(2, f.anchors().getFirst().end());
        assertEquals("when `cargo sqlx` fails with error: query data is out of date", f.trigger());
    }

    @Test
    void aFailureExplainedWithoutARerunIsADebuggingMethod() {
        var s = TestSessions.session("ex").bash("make db-up", "Cannot connect to the Docker daemon at"
                        + " unix:///var/run/docker.sock. Is the docker daemon running?\nmake: *** [db-up] Error 1")
                .assistant("Docker isn't available inside this sandbox, so the integration tests cannot run here.");
        Candidate d = ofType(extract(s), EntryType.DEBUGGING_METHOD).getFirst();
        assertTrue(d.title().startsWith("`make db-up` fails: Cannot connect to the Docker daemon"), d.title());
        assertTrue(d.body().contains("Cause: Docker isn't available inside this sandbox"), d.body());
    }

    @Test
    void anOpenThreadKeepsItsLabel() {
        var s = TestSessions.session("ot").user("Wrap up for today.")
                .assistant("Done with the batch size. Still to commit: the new migration and the `.sqlx` refresh.");
        Candidate o = ofType(extract(s), EntryType.OPEN_QUESTION).getFirst();
        assertEquals("Still to commit: the new migration and the `.sqlx` refresh", o.title());
    }

    @Test
    void nearDuplicatesOfOneTypeMergeIntoTheFirstWithBothAnchors() {
        Candidate first = new Candidate(EntryType.WARNING, Scope.PROJECT, "Never hand-edit internal/store/db",
                "Never hand-edit internal/store/db.", null, 0.5, List.of(Candidate.Span.of(3, "a")));
        Candidate twin = new Candidate(EntryType.WARNING, Scope.PROJECT, "Never hand-edit internal/store/db again",
                "It is sqlc output.", null, 0.7, List.of(Candidate.Span.of(9, "b")));
        Candidate other = new Candidate(EntryType.FACT, Scope.PROJECT, "Never hand-edit internal/store/db",
                "x", null, 0.5, List.of(Candidate.Span.of(9, "b")));
        var merged = NearDuplicates.merge(List.of(first, twin, other));
        assertEquals(2, merged.size(), merged.toString());
        assertEquals("Never hand-edit internal/store/db", merged.getFirst().title());
        assertEquals(List.of(3, 9), merged.getFirst().anchors().stream().map(Candidate.Span::start).toList());
        assertEquals("Never hand-edit internal/store/db.\nIt is sqlc output.", merged.getFirst().body());
        assertEquals(0.7, merged.getFirst().confidence());
        assertEquals(merged, NearDuplicates.merge(List.of(first, twin, other)));
    }

    @Test
    void aDirectiveTheSessionCarriesOutIsADecisionWithTheChangeItMade() {
        var s = TestSessions.session("d1").user("Builds are slow. Turn on the Gradle configuration cache and see what breaks.")
                .bash("./gradlew build --configuration-cache", "BUILD SUCCESSFUL in 38s")
                .user("1m31 down to 38s on the second run. Turn it on for everyone in gradle.properties.")
                .edit("gradle.properties", "Applied edit to gradle.properties:\n+org.gradle.configuration-cache=true");
        var decisions = ofType(extract(s), EntryType.DECISION);
        assertEquals(1, decisions.size(), "the experiment (\"see what breaks\") is not a decision: " + decisions);
        Candidate d = decisions.getFirst();
        assertEquals("Turn it on for everyone in gradle.properties: `org.gradle.configuration-cache=true`", d.title(),
                "a directive that only says \"it\" takes the line it added");
        assertTrue(d.body().contains("Done: edited gradle.properties"), d.body());
        assertEquals(List.of(2, 3), d.anchors().stream().map(Candidate.Span::start).toList());
    }

    @Test
    void aDirectiveAnsweringTheArgumentIsADecisionWithThatArgumentAsItsReason() {
        var s = TestSessions.session("d2").user("Why highp? mediump is faster on mobile.")
                .assistant("Filter shaders use `highp` because on iOS Safari mediump really is 16-bit, and the LUT"
                        + " lookups band visibly.")
                .user("Ah right, I forgot. Keep highp for filters.")
                .user("Rerun the e2e suite this time only.")
                .bash("pnpm e2e", "42 passed");
        var decisions = ofType(extract(s), EntryType.DECISION);
        assertEquals(1, decisions.size(), "a one-off instruction is no decision: " + decisions);
        Candidate d = decisions.getFirst();
        assertEquals("Keep highp for filters", d.title());
        assertTrue(d.body().contains("Reason: Filter shaders use `highp` because"), d.body());
    }

    @Test
    void aSymptomTheUserReportsWithTheCauseFoundIsADebuggingMethod() {
        var s = TestSessions.session("r1").user("Bug report: exported PNGs are upside down when a WebGL filter is"
                        + " applied.")
                .read("exportWorker.ts", "gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, buf)")
                .assistant("`readPixels` returns rows bottom-up while `ImageData` expects top-down, so the GL export"
                        + " path is flipped vertically.");
        var found = ofType(extract(s), EntryType.DEBUGGING_METHOD);
        assertEquals(1, found.size(), found.toString());
        Candidate d = found.getFirst();
        assertEquals("Exported PNGs are upside down when a WebGL filter is applied", d.title());
        assertEquals("when exported PNGs are upside down when a WebGL filter is applied", d.trigger());
        assertTrue(d.body().contains("Cause: `readPixels` returns rows bottom-up"), d.body());
    }

    @Test
    void workTheAgentAnnouncesNamesTheProcedureOfTheCommandThatDoesIt() {
        var s = TestSessions.session("a1").user("Train the compression dictionary.")
                .assistant("I'll train it with our xtask on 2,000 samples from the staging fixture, default size.")
                .bash("cargo xtask train-dict --input fixtures/oplogs.bin --samples 2000 --out dict/v1.zdict",
                        "Trained dictionary v1.zdict (112640 bytes) from 2000 samples");
        var procedures = ofType(extract(s), EntryType.PROCEDURE);
        assertEquals(1, procedures.size(), procedures.toString());
        assertTrue(procedures.getFirst().title().startsWith(
                "Train it with our xtask on 2,000 samples from the staging fixture: `cargo xtask train-dict"),
                procedures.getFirst().title());
    }

    @Test
    void aStatusLinesFindingAfterItsColonIsAFactButAnEchoOfTheUsersRuleIsNot() {
        var s = TestSessions.session("f1").user("Run the tests.")
                .bash("go test ./...", "ok  \tstore\t0.041s")
                .assistant("Everything passes, but the store package only ran its unit tests: the Postgres-backed"
                        + " tests are behind the `integration` build tag, so plain `go test ./...` never compiles"
                        + " them.")
                .user("Any layout change gets a new magic from now on.")
                .assistant("Understood. Any layout change gets a new magic, and `decode_batch` keeps a code path for"
                        + " every magic we've shipped.");
        var facts = ofType(extract(s), EntryType.FACT);
        assertEquals(1, facts.size(), facts.toString());
        assertTrue(facts.getFirst().title().startsWith("The Postgres-backed tests are behind the `integration` build"
                + " tag"), facts.getFirst().title());
    }
}
