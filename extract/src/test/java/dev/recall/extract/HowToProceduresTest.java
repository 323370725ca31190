package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 15's procedures (helper ext16c): a way of using a command stated for later ("Later runs compare with
 * `x`", "After any bump, `y` once before `z`", "Deployed with `gh workflow run ...`"), which the fact ranking used to
 * take as a fact; "the flow for X:" as a spelled-out sequence; a lone --help or --version run as a look; and dbt's
 * "ERROR=0" summary as a success. Each on a small hand-written session, with the near-misses it must not fire on.
 */
class HowToProceduresTest {
    private static List<String> titles(List<Candidate> cs, EntryType type) {
        return cs.stream().filter(c -> c.type() == type).map(Candidate::title).toList();
    }

    private static TestSessions bench(String id, String said) {
        return TestSessions.session(id)
                .user("record a baseline for the decoder benchmarks, I want to catch regressions during the rewrite")
                .bash("cabal bench --benchmark-options='--csv bench/baseline-0.4.csv'",
                        "decode 10k rows: OK\n  4.12 ms\nAll 3 tests passed (18.42s)")
                .assistant("Baseline recorded in bench/baseline-0.4.csv. " + said);
    }

    @Test
    void aCommandForLaterRunsIsAProcedureNotAFact() {
        var s = bench("h15a", "Later runs compare with `cabal bench --benchmark-options='--baseline"
                + " bench/baseline-0.4.csv --fail-if-slower 10'`, which fails if any benchmark is more than 10% slower.");
        var p = s.proposedBy(new ProcedureRule());
        Candidate c = p.stream().filter(x -> x.title().startsWith("Later runs compare with")).findFirst().orElseThrow(
                () -> new AssertionError(p.toString()));
        assertTrue(c.body().startsWith("Run `cabal bench --benchmark-options='--baseline bench/baseline-0.4.csv"
                + " --fail-if-slower 10'`."), c.body());
        assertEquals(List.of(2), c.anchors().stream().map(Candidate.Span::start).toList());
        // The whole extractor keeps it as a procedure, and no fact takes the same sentence.
        List<Candidate> all = s.proposed();
        assertTrue(titles(all, EntryType.PROCEDURE).contains(c.title()), all.toString());
        assertTrue(titles(all, EntryType.FACT).stream().noneMatch(t -> t.contains("Later runs")), all.toString());
    }

    @Test
    void aRecurringConditionBeforeTheCommandIsTheTrigger() {
        var s = TestSessions.session("h15b")
                .user("the integration tests fail after the postgres image bump, FATAL: database files are incompatible")
                .bash("docker compose -f docker-compose.test.yml down -v && docker compose -f docker-compose.test.yml"
                        + " up -d", "Container db-1 Started")
                .assistant("So after any major-version bump of the test image, `docker compose -f"
                        + " docker-compose.test.yml down -v` once before `up -d`; --force-recreate alone keeps the old"
                        + " data directory.");
        var p = s.proposedBy(new ProcedureRule());
        Candidate c = p.stream().filter(x -> x.body().startsWith("Run `docker compose -f docker-compose.test.yml down"
                + " -v`")).findFirst().orElseThrow(() -> new AssertionError(p.toString()));
        assertTrue(c.trigger().startsWith("after any major-version bump"), c.trigger());
    }

    @Test
    void theWayAnOperationWasDoneIsAProcedureEvenThroughGh() {
        var s = TestSessions.session("h15c").user("ship the pdf fix to production")
                .bash("gh workflow run deploy-api.yml -f env=production && gh run watch --exit-status",
                        "✓ deploy-api\n  ✓ build\n  ✓ migrate\n  ✓ rollout (production)")
                .assistant("Deployed with `gh workflow run deploy-api.yml -f env=production`; the workflow builds, runs"
                        + " migrations, then rolls out.");
        assertEquals(List.of("Deployed with `gh workflow run deploy-api.yml -f env=production`; the workflow builds,"
                + " runs migrations, then rolls out"), titles(s.proposedBy(new ProcedureRule()), EntryType.PROCEDURE));
    }

    @Test
    void notAnAsideToAStatusNorAPlanNorARuleNorALookNorAFinding() {
        // An aside after a status ("Locked; ... (next time: `x`)") is the status's fact.
        var aside = TestSessions.session("h15d").user("update the stable input")
                .assistant("Locked; the servers now evaluate against 24.11 (next time: `nix flake update"
                        + " nixpkgs-stable`, the old flag is deprecated).");
        assertEquals(List.of(), titles(aside.proposedBy(new ProcedureRule()), EntryType.PROCEDURE));
        // A plan, an offer, a prohibition (the last one the warning's, in the whole extractor).
        var plan = TestSessions.session("h15e").user("ok")
                .assistant("I'll run `cargo nextest run -p sync-core` every time before I report back.")
                .assistant("Should I run `make release VERSION=1.2` after every merge?")
                .user("Never use `terraform apply -auto-approve` after any plan, always apply the plan file.");
        assertEquals(List.of(), titles(plan.proposedBy(new ProcedureRule()), EntryType.PROCEDURE));
        assertEquals(List.of(), titles(plan.proposed(), EntryType.PROCEDURE));
        // A routine look, and a frame that comes after the command (what the command does, not how to use it).
        var look = TestSessions.session("h15f").user("ok")
                .assistant("Next time: `git status --short` shows it.")
                .assistant("The key was regenerated because the key task isn't idempotent (`rspamadm dkim_keygen` runs"
                        + " whenever the file mode changed).");
        assertEquals(List.of(), titles(look.proposedBy(new ProcedureRule()), EntryType.PROCEDURE));
        // A past operation that is not one repeated ("Fixed with", "Migrated with").
        var once = TestSessions.session("h15g").user("ok")
                .assistant("Migrated with `golangci-lint migrate`, it saved the old file as .golangci.bck.yml.");
        assertEquals(List.of(), titles(once.proposedBy(new ProcedureRule()), EntryType.PROCEDURE));
    }

    @Test
    void theFlowForSomeoneIsASpelledOutSequenceButNotOneNeededNoMore() {
        var flow = TestSessions.session("h15h").user("lock scenes only, not prefabs")
                .assistant("Added `*.unity lockable`. The flow for the artists: `git lfs lock"
                        + " Assets/Scenes/Marsh_01.unity` before opening the scene, `git lfs unlock"
                        + " Assets/Scenes/Marsh_01.unity` after pushing, and `git lfs locks` shows who holds what.");
        assertEquals(List.of("The flow for the artists: git lfs lock Assets/Scenes/Marsh_01.unity → git lfs unlock"
                + " Assets/Scenes/Marsh_01.unity → git lfs locks"), titles(flow.proposedBy(new ProcedureRule()),
                EntryType.PROCEDURE));
        var gone = TestSessions.session("h15i").user("FYI CI moved to testcontainers-go")
                .assistant("Noted: the tests start postgres themselves, so `make db-up` and `make migrate-test` are no"
                        + " longer part of the flow.");
        assertEquals(List.of(), titles(gone.proposedBy(new ProcedureRule()), EntryType.PROCEDURE));
        // "flow" elsewhere than the label is no sequence word.
        var word = TestSessions.session("h15j").user("ok")
                .assistant("The data flow goes through `make extract ARGS=x` and `make load ARGS=y` in the nightly job.");
        assertEquals(List.of(), titles(word.proposedBy(new ProcedureRule()), EntryType.PROCEDURE));
    }

    @Test
    void aLoneHelpOrVersionRunIsALook() {
        assertTrue(ProcedureRule.asksForHelp("uv run dagster job backfill --help | head -20"));
        assertTrue(ProcedureRule.asksForHelp("pnpm dlx size-limit --version"));
        assertFalse(ProcedureRule.asksForHelp("brew install -q kw && kw --version"));
        assertFalse(ProcedureRule.asksForHelp("cargo hack check -p sync-core --feature-powerset"));
        var s = TestSessions.session("h15k").user("backfill the week")
                .assistant("To see which flags the backfill takes, I'll check the help.")
                .bash("uv run dagster job backfill --help | head -20", "Usage: dagster job backfill [OPTIONS]")
                .assistant("It takes --from and --to.");
        assertEquals(List.of(), titles(s.proposedBy(new ProcedureRule()), EntryType.PROCEDURE));
    }

    @Test
    void aSummaryThatCountsNoErrorsIsASuccess() {
        assertFalse(Outcomes.classify("Found 212 models\nDone. PASS=3 WARN=0 ERROR=0 SKIP=0 TOTAL=3").failed());
        assertTrue(Outcomes.classify("Done. PASS=2 WARN=0 ERROR=1 SKIP=0 TOTAL=3").failed());
        assertTrue(Outcomes.classify("ERROR: 0:2: '#version' : must occur first in shader").failed());
        // So a chain that ends in such a dbt build is a procedure that ran successfully.
        var s = TestSessions.session("h15l").user("fix the path of the manifest")
                .assistant("Path fixed. I ran the same thing locally to be sure the state comparison works:")
                .bash("mkdir -p target-prod && gsutil cp gs://x-dbt/prod/latest/manifest.json target-prod/ && dbt build"
                        + " --select state:modified+ --defer --state target-prod --target dev",
                        "Found 212 models\nDone. PASS=3 WARN=0 ERROR=0 SKIP=0 TOTAL=3")
                .assistant("Works: only fct_orders and its two tests were built.");
        assertTrue(titles(s.proposedBy(new ProcedureRule()), EntryType.PROCEDURE).stream()
                .anyMatch(t -> t.contains("dbt build --select state:modified+")), s.proposedBy(new ProcedureRule())
                .toString());
    }

    private static TestSessions pgbouncer(String id, String reply) {
        return TestSessions.session(id)
                .user("the billing app gets 'prepared statement does not exist' through pgbouncer")
                .bash("sudo sed -i 's/^;max_prepared_statements = 0/max_prepared_statements = 200/'"
                        + " /etc/pgbouncer/pgbouncer.ini", "sudo: a password is required")
                .user("don't run sudo. I'll do root edits myself, just tell me what to change and how to reload")
                .assistant("In /etc/pgbouncer/pgbouncer.ini, replace the line `;max_prepared_statements = 0` with"
                        + " `max_prepared_statements = 200`. Then reload without dropping client connections: `psql -h"
                        + " 127.0.0.1 -p 6432 -U pgbouncer pgbouncer -c RELOAD`.")
                .user(reply)
                .bash("psql -h 127.0.0.1 -p 6432 -U pgbouncer pgbouncer -c \"SHOW CONFIG\" | grep max_prepared",
                        " max_prepared_statements   | 200     | 0       | yes")
                .assistant("PgBouncer now runs with max_prepared_statements = 200.");
    }

    @Test
    void aCommandTheUserRanForTheAgentIsAProcedureWithTheirWordAndTheCheck() {
        var s = pgbouncer("h15m", "done, reloaded");
        var p = s.proposedBy(new HandedOverRule());
        assertEquals(List.of("Reload without dropping client connections: `psql -h 127.0.0.1 -p 6432 -U pgbouncer"
                + " pgbouncer -c RELOAD`"), titles(p, EntryType.PROCEDURE));
        Candidate c = p.getFirst();
        assertTrue(c.body().contains("1. `psql -h 127.0.0.1 -p 6432 -U pgbouncer pgbouncer -c RELOAD`"), c.body());
        assertFalse(c.body().contains("1. `max_prepared_statements = 200`"), c.body()); // a setting, not a command
        assertTrue(c.body().contains("The user: \"done, reloaded\""), c.body());
        assertTrue(c.body().contains("Checked with `psql -h 127.0.0.1 -p 6432 -U pgbouncer pgbouncer -c \"SHOW"
                + " CONFIG\" | grep max_prepared`: PgBouncer now runs"), c.body());
        assertEquals(List.of(3, 4, 5), c.anchors().stream().map(Candidate.Span::start).toList());
        assertTrue(titles(s.proposed(), EntryType.PROCEDURE).contains(c.title()), s.proposed().toString());
    }

    @Test
    void aRequestToRunItIsTheStepAndAnAsideBeforeTheWordIsSkipped() {
        var s = TestSessions.session("h15n").user("CI lint is red, fix clippy")
                .bash("cargo clippy --workspace --all-targets -- -D warnings",
                        "error: failed to get `tokio` as a dependency\nCould not resolve host: index.crates.io")
                .assistant("My sandbox has no network access. Could you run `cargo fetch` in the repo from a normal"
                        + " shell? After that I'll build with `--frozen` so cargo never tries the network.")
                .user("sure, one sec")
                .user("Done, ran cargo fetch outside. Go ahead.");
        assertEquals(List.of("Run `cargo fetch` in the repo from a normal shell"),
                titles(s.proposedBy(new HandedOverRule()), EntryType.PROCEDURE));
    }

    @Test
    void notWithoutTheUsersWordNorForALookOrGitNorWhenTheAgentRanSomethingBetween() {
        assertEquals(List.of(), pgbouncer("h15o", "why would that help?").proposedBy(new HandedOverRule()));
        assertEquals(List.of(), pgbouncer("h15p", "not now, tomorrow").proposedBy(new HandedOverRule()));
        var look = TestSessions.session("h15q").user("what's on the box?")
                .assistant("Please run `ls -la /var/backups` and `git push origin main` there.").user("done");
        assertEquals(List.of(), look.proposedBy(new HandedOverRule()));
        var ranBetween = TestSessions.session("h15r").user("reload it")
                .assistant("Reload without dropping connections: `psql -h 127.0.0.1 -p 6432 -U pgbouncer pgbouncer -c"
                        + " RELOAD`.")
                .bash("psql -h 127.0.0.1 -p 6432 -U pgbouncer pgbouncer -c RELOAD", "RELOAD")
                .user("done?");
        assertEquals(List.of(), ranBetween.proposedBy(new HandedOverRule()));
    }
}
