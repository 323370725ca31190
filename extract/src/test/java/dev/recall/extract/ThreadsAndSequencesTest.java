package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 12's shapes of open threads, multi-turn procedures and debugging methods, each on a small hand-written
 * session, run by the whole extractor (so an earlier rule that takes the messages first is part of the test) and by
 * the rule alone, with the near-misses each must not fire on.
 */
class ThreadsAndSequencesTest {


    @Test
    void aQuestionTheUserRaisesAndPutsOffIsAnOpenThreadTitledWithoutItsLabel() {
        var labelled = TestSessions.session("v12o1").user("Tests pass now.")
                .assistant("All 212 pass.")
                .user("good. something to figure out later: whether invoices should get their own queue worker. not"
                        + " today");
        assertEquals(List.of("Whether invoices should get their own queue worker"),
                labelled.proposedBy(new RaisedAndPutOffRule()).stream().map(Candidate::title).toList());
        var question = TestSessions.session("v12o2").user("last thing: should geocoding move to a cache keyed by"
                + " address? think about it but don't build it yet");
        var q = question.proposedBy(new RaisedAndPutOffRule());
        assertEquals(List.of("Should geocoding move to a cache keyed by address?"), q.stream().map(Candidate::title)
                .toList());
        assertEquals(EntryType.OPEN_QUESTION, q.getFirst().type());
        var wanted = TestSessions.session("v12o3").user("good. at some point I want staged rollouts for prod updates,"
                + " like 10% first. not today");
        assertEquals(List.of("Staged rollouts for prod updates, like 10% first"),
                wanted.proposedBy(new RaisedAndPutOffRule()).stream().map(Candidate::title).toList());
        // "it" is named by the short phrase just before the question.
        var named = TestSessions.session("v12o4").user("hmm, actually, the x64 build. do we still need it? we decide"
                + " next release with the numbers in front of us.");
        assertEquals(List.of("The x64 build: do we still need it?"),
                named.proposedBy(new RaisedAndPutOffRule()).stream().map(Candidate::title).toList());
    }

    @Test
    void aQuestionAfterThePostponementOrARequestToTheAssistantIsNoOpenThread() {
        // "not now" puts off the run; the question after it is asked now and answered next.
        var before = TestSessions.session("v12o5").user("run it tonight after 22:00, not now, traffic. and -j 4, is"
                + " that safe?");
        var request = TestSessions.session("v12o6").user("can you check whether the nightly job runs twice? not now,"
                + " after lunch.");
        var noPostponement = TestSessions.session("v12o7").user("one thing I'm not sure about: should the nightly job"
                + " run on every instance or just one?");
        var laterInAClause = TestSessions.session("v12o8").user("Embed it with include_bytes! so we can rotate"
                + " dictionaries later.");
        for (var s : List.of(before, request, noPostponement, laterInAClause)) {
            assertEquals(List.of(), s.proposedBy(new RaisedAndPutOffRule()), s.toSession().id());
        }
    }

    @Test
    void anOpenThreadAnEarlierRuleAlreadyStandsOnIsNotProposedTwice() {
        var s = TestSessions.session("v12o9").user("A question for later, not deciding now: tfenv or mise for pinning"
                + " terraform? mise could also pin tflint.");
        assertEquals(1, s.proposed(EntryType.OPEN_QUESTION).size(), s.proposed(EntryType.OPEN_QUESTION).toString());
    }

    @Test
    void commandsThatFinallyGotTheRequestWorkingAreAProcedureWithoutTheFalseStarts() {
        var s = TestSessions.session("v12p1").user("Fresh clone on the new build box. Set up the env and run the tests.")
                .assistant("I'll install the requirements into a venv.")
                .bash("python3 -m venv .venv && .venv/bin/pip install -r requirements.txt",
                        "ERROR: Could not open requirements file: [Errno 2] No such file or directory: 'requirements.txt'")
                .user("We moved to uv in September, there's no requirements.txt.")
                .bash("uv sync", "Resolved 148 packages in 2.1s\nUpdated uv.lock\nInstalled 146 packages in 3.4s")
                .user("Don't let it update the lock! On CI and on fresh clones it's uv sync --frozen.")
                .bash("git checkout uv.lock && uv sync --frozen && uv run pytest -q -x",
                        "Installed 146 packages in 3.1s\n90 passed in 41.2s")
                .assistant("Lock restored, environment synced from it, 90 tests pass.");
        var p = s.proposedBy(new WorkedSequenceRule());
        assertEquals(1, p.size(), p.toString());
        assertEquals(EntryType.PROCEDURE, p.getFirst().type());
        assertEquals("Set up the env and run the tests: `uv sync --frozen` → `uv run pytest -q -x`",
                p.getFirst().title());
        assertTrue(p.getFirst().body().contains("Outcome: Lock restored"), p.getFirst().body());
        assertFalse(p.getFirst().body().contains("pip install"), p.getFirst().body());
        assertFalse(p.getFirst().body().contains("`uv sync`"), p.getFirst().body());

        // The fix chained in front of a retried goal is a step: "cp .env.example .env && pnpm dev".
        var chained = TestSessions.session("v12p2").user("Fresh clone, `pnpm dev` fails. Get me running?")
                .bash("pnpm dev", "@app/api:dev: Error: Environment variable not found: DATABASE_URL.")
                .bash("cp .env.example .env && pnpm dev", "@app/api:dev: PrismaClientInitializationError: Can't reach"
                        + " database server at `localhost:5433`")
                .bash("docker compose up -d postgres", "✔ Container app-postgres-1  Started")
                .bash("pnpm dev", "@app/web:dev: - Local: http://localhost:3000\n@app/api:dev: api listening on :4000")
                .assistant("Running: web on http://localhost:3000, api on :4000.");
        var c = chained.proposedBy(new WorkedSequenceRule());
        assertEquals(List.of("Get `pnpm dev` working: `cp .env.example .env` → `docker compose up -d postgres` →"
                + " `pnpm dev`"), c.stream().map(Candidate::title).toList());
    }

    @Test
    void anOperationCarriedOutInStepsIsAProcedureButAFixInTheCodeOrAnUnfinishedRunIsNot() {
        var s = TestSessions.session("v12p3").user("The deploy broke the booking page. Roll back first, investigate"
                + " after.")
                .bash("fly releases --app harbor | head -3", "v88 complete\nv87 complete")
                .bash("fly deploy --image registry.fly.io/harbor:v87 --strategy immediate",
                        "Machine 3d8 [app] update finished: success")
                .bash("curl -s -o /dev/null -w \"%{http_code}\" https://harbor.fly.dev/berths/7", "200")
                .assistant("Rolled back to v87's image; /berths/7 answers 200.");
        var p = s.proposedBy(new WorkedSequenceRule());
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.getFirst().title().startsWith("Roll back: `fly releases --app harbor`"), p.getFirst().title());

        var edited = TestSessions.session("v12p4").user("Build it and run the tests.")
                .bash("make build", "error: undefined reference to `fast_sum'")
                .edit("src/sum.c", "+double fast_sum(const double *x, size_t n) {")
                .bash("make build && make test", "412 tests passed");
        var unfinished = TestSessions.session("v12p5").user("Set up the env and run the tests.")
                .bash("uv sync --frozen", "error: lock file out of date")
                .bash("uv lock && uv sync --frozen && uv run pytest -q", "Installed 146 packages\n90 passed")
                .assistant("It installs, but 3 tests still fail on this box.");
        var oneStep = TestSessions.session("v12p6").user("Run the tests.")
                .bash("pytest -q", "ERROR: file not found: tests/unit")
                .bash("pytest -q tests", "90 passed")
                .assistant("90 pass.");
        var noRequest = TestSessions.session("v12p7").user("Looks fine to me.")
                .bash("fly status", "Machines: 2 started")
                .bash("fly logs --no-tail | tail -3", "GET /health 200")
                .assistant("Both machines are up and healthy.");
        for (var other : List.of(edited, unfinished, oneStep, noRequest)) {
            assertEquals(List.of(), other.proposedBy(new WorkedSequenceRule()), other.toSession().id());
        }
    }

    @Test
    void aLookThatToldTheCauseAcrossTurnsIsADebuggingMethodTitledByTheReportAndTheLook() {
        var s = TestSessions.session("v12d1").user("fine. now the real thing: the Schedule controller hammers the API"
                + " server, the audit log shows status updates every ~100ms for the same object")
                .bash("kubectl -n ops logs deploy/schedule-controller --since=1m | grep -c Reconciling", "587")
                .assistant("587 reconciles in one minute for one object. Line 106 stamps LastReconcileTime on every"
                        + " reconcile, so each status write triggers the next reconcile.")
                .user("do both fixes. nobody reads LastReconcileTime, remove it")
                .edit("internal/controller/schedule_controller.go", "-\tschedule.Status.LastReconcileTime = metav1.Now()")
                .bash("make test", "ok  \tgithub.com/acme/ops/internal/controller\t4.1s");
        var d = s.proposedBy(new LookedAndFoundRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals(EntryType.DEBUGGING_METHOD, d.getFirst().type());
        assertTrue(d.getFirst().title().startsWith("When the Schedule controller hammers the API server"),
                d.getFirst().title());
        assertTrue(d.getFirst().title().contains("look with `kubectl -n ops logs"), d.getFirst().title());
        assertTrue(d.getFirst().body().contains("What told the cause: 587 reconciles")
                || d.getFirst().body().contains("Line 106"), d.getFirst().body());

        // A first guess the user turns down and a later look replaces: the later cause is the one kept.
        var guessed = TestSessions.session("v12d2").user("android build on CI died again.")
                .bash("gh run download 9931 -n build-log -D /tmp/log && tail -3 /tmp/log/Editor.log",
                        "ld.lld: error: unable to find library -lc++_shared")
                .assistant("The IL2CPP link step can't find libc++_shared, which points at the NDK in the container.")
                .user("don't install a separate NDK. check the editor version")
                .bash("grep m_EditorVersion: ProjectSettings/ProjectVersion.txt; grep -n unityVersion ci.yml",
                        "m_EditorVersion: 2022.3.47f1\nci.yml:31: unityVersion: 2022.3.41f1")
                .assistant("That's the mismatch: the project is on 47f1 but the workflow still pins 41f1, so the"
                        + " container doesn't match the project.")
                .edit("ci.yml", "-          unityVersion: 2022.3.41f1\n+          unityVersion: auto")
                .bash("./gradlew :app:assembleRelease", "BUILD SUCCESSFUL in 6m 12s");
        var g = guessed.proposedBy(new LookedAndFoundRule());
        assertEquals(1, g.size(), g.toString());
        assertTrue(g.getFirst().title().contains("look with `grep m_EditorVersion"), g.getFirst().title());
        assertTrue(g.getFirst().title().startsWith("When android build on CI died again"), g.getFirst().title());
    }

    @Test
    void aFindingSaidAsWhatTheLookShowsCountsAndTheTitleIsTheSymptomNotTheRequest() {
        var s = TestSessions.session("v12d8").user("The e2e test invoice-send fails on CI but passes locally. Figure"
                + " out why.")
                .bash("pnpm exec playwright test invoice-send", "3 passed (14.2s)")
                .bash("gh run download 11802214 -n playwright-report -D /tmp/pw && ls /tmp/pw/data", "4d8a77b2.png")
                .assistant("The screenshot in the report shows the cookie banner covering the Send button.")
                .edit("e2e/global-setup.ts", "+  await context.addCookies([{ name: 'consent', value: 'all' }]);")
                .bash("pnpm exec playwright test", "41 passed (52.0s)");
        var d = s.proposedBy(new LookedAndFoundRule());
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.getFirst().title().startsWith("When the e2e test invoice-send fails on CI but passes locally, look"
                + " with `gh run download"), d.getFirst().title());
    }

    @Test
    void aLookWithoutAPassingFixAFixAttemptOrNoReportIsNoDebuggingMethod() {
        var failingFix = TestSessions.session("v12d3").user("The import keeps failing since Friday.")
                .bash("tail -3 logs/import.log", "ValueError: could not convert 'N/A'")
                .assistant("The supplier now sends 'N/A' for missing quantities, which the parser doesn't accept.")
                .edit("importer/parse.py", "+    if raw == 'N/A': return None")
                .bash("pytest -q tests/test_import.py", "1 failed, 11 passed");
        var attempt = TestSessions.session("v12d4").user("The deploy (the 24.11 move) failed halfway, something about"
                + " /boot.")
                .bash("ssh juniper 'sudo nix-collect-garbage --delete-older-than 14d'", "18.62 GiB freed")
                .assistant("The store shrank but /boot didn't: garbage collection never touches /boot.")
                .edit("modules/boot.nix", "+  boot.loader.systemd-boot.configurationLimit = 10;")
                .bash("deploy .#juniper", "Deployment confirmed.");
        var noReport = TestSessions.session("v12d5").user("Add a dueDate column to invoices.")
                .bash("grep -n model packages/db/prisma/schema.prisma", "12:model Invoice {")
                .assistant("Invoice has no dueDate yet, so the API can't return one.")
                .edit("packages/db/prisma/schema.prisma", "+  dueDate DateTime?")
                .bash("pnpm test", "Tests: 48 passed");
        var ruledOut = TestSessions.session("v12d6").user("tests are hanging since I pulled main.")
                .bash("docker compose ps", "db  postgres:16  Up (healthy)")
                .assistant("Postgres is up and healthy, so it isn't that.")
                .edit("tests/conftest.py", "+pytestmark = pytest.mark.asyncio(loop_scope=\"session\")")
                .bash("pytest -q", "148 passed");
        // Reading the failed log alone shows the cause; it is no method of narrowing it down.
        var logOnly = TestSessions.session("v12d7").user("CI went red overnight on the GHC 9.10 job.")
                .bash("gh run view --log-failed | tail -12", "rejecting: base-4.20.0.0 (conflict: pkg => base<4.20)")
                .assistant("GHC 9.10 ships with base-4.20, and the cabal file caps base at <4.20, so the solver can't"
                        + " pick anything.")
                .edit("pkg.cabal", "-    base >=4.14 && <4.20,\n+    base >=4.14 && <4.21,")
                .bash("cabal build all", "Linking dist-newstyle/build/pkg ...");
        for (var other : List.of(failingFix, attempt, noReport, ruledOut, logOnly)) {
            assertEquals(List.of(), other.proposedBy(new LookedAndFoundRule()), other.toSession().id());
        }
    }

    @Test
    void whatAWrapUpLabelsOpenIsAnOpenThreadUnlessOneWasJustRaised() {
        var s = TestSessions.session("v12o10").user("Anything else before I wrap up?")
                .assistant("Left alone. Done today: v2 flashing documented, the heap buffer replaced by a static one."
                        + " Open: the partition layout for OTA on the 4 MB flash.");
        assertEquals(List.of("The partition layout for OTA on the 4 MB flash"),
                s.proposedBy(new LeftOpenRule()).stream().map(Candidate::title).toList());
        var status = TestSessions.session("v12o11").user("Status?")
                .assistant("Open: 3 PRs.");
        var raised = TestSessions.session("v12o12").user("one more thing I keep going back and forth on: moving the"
                + " http layer to Ktor. don't do it now, I haven't decided.")
                .assistant("Noted, Retrofit stays. Open: moving the http layer from Retrofit to Ktor client.");
        assertEquals(List.of(), status.proposedBy(new LeftOpenRule()));
        // The thread the user raised is proposed once, by the rule that read it first, not again from the wrap-up.
        var o = raised.proposed(EntryType.OPEN_QUESTION);
        assertEquals(1, o.size(), o.toString());
        assertTrue(o.getFirst().title().startsWith("Moving the http layer to Ktor"), o.getFirst().title());
    }
}
