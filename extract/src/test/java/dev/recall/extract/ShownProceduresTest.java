package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 13's procedures shown in the work rather than written as steps (an edit of a setup file that a
 * passing check proved; the tool's own command the user named in place of the agent's first attempt), each on a
 * small hand-written session, run by the rule alone and by the whole extractor, with the near-misses each must not
 * fire on: a fix in the program's code, a failed check, an unfinished report, an edit the user turned down, a look
 * in place of a check, a turn-down that names no command, a named command that failed.
 */
class ShownProceduresTest {
    private List<Candidate> procedures(TestSessions s) {
        return s.proposed().stream().filter(c -> c.type() == EntryType.PROCEDURE)
                .toList();
    }


    private static TestSessions jsdom(String id, String file, String checkOutput, String report) {
        return TestSessions.session(id)
                .user("next: `npm test` crashes on every file that imports src/config.ts, 'window is not defined'")
                .assistant("config.ts reads window.location at import time and Jest runs in node. The usual way is to"
                        + " run those tests in the jsdom environment in jest.config.js.")
                .edit(file, "Applied edit to " + file + ":\n   testMatch: [\"**/*.test.ts\"],\n+  testEnvironment:"
                        + " \"jsdom\",")
                .bash("npx jest 2>&1 | tail -2", checkOutput)
                .assistant(report);
    }

    @Test
    void aSetupEditThatAPassingCheckProvedIsAProcedureTitledByItsWay() {
        var s = jsdom("v13p1", "jest.config.js", "Tests:       84 passed, 84 total\nTime:        6.2 s",
                "All 84 tests pass under jsdom.");
        var p = s.proposedBy(new EditAndCheckRule());
        assertEquals(List.of("Run those tests in the jsdom environment in jest.config.js"),
                p.stream().map(Candidate::title).toList());
        Candidate c = p.getFirst();
        assertEquals(EntryType.PROCEDURE, c.type());
        assertTrue(c.body().contains("testEnvironment: \"jsdom\""), c.body());
        assertTrue(c.body().contains("Check: `npx jest 2>&1 | tail -2`"), c.body());
        assertTrue(c.body().contains("Outcome: All 84 tests pass"), c.body());
        assertEquals("when `npm test` crashes on every file that imports src/config.ts, 'window is not defined'",
                c.trigger());
        // Evidence spans the way, the edit, the check and the report.
        assertEquals(List.of(1, 2, 3, 4), c.anchors().stream().map(Candidate.Span::start).toList());
        // The whole extractor keeps it (no earlier procedure stands on these messages).
        assertTrue(procedures(s).stream().anyMatch(x -> x.title().equals(c.title())), procedures(s).toString());
    }

    @Test
    void theUsersQuestionIsTheGoalAndTheirApprovalTheOutcome() {
        var s = TestSessions.session("v13p2").user("Great. The image build takes 9 minutes though. Can we cache the"
                        + " cargo registry between builds?")
                .assistant("Yes: BuildKit cache mounts. It needs `--mount=type=cache,target=/usr/local/cargo/registry`"
                        + " on the RUN line that builds.")
                .edit("Dockerfile", "Applied edit to Dockerfile:\n-RUN cargo build --release\n+RUN --mount=type=cache,"
                        + "target=/usr/local/cargo/registry cargo build --release")
                .bash("docker build -t harbor .", "#12 exporting to image\n#12 DONE 0.4s\nSuccessfully built 3f1e")
                .user("Much better, two minutes now.");
        var p = s.proposedBy(new EditAndCheckRule());
        assertEquals(List.of("Cache the cargo registry between builds: `--mount=type=cache,target=/usr/local/cargo"
                + "/registry` on the RUN line that builds"), p.stream().map(Candidate::title).toList());
        assertEquals("when you need to cache the cargo registry between builds", p.getFirst().trigger());
        assertTrue(p.getFirst().body().contains("Outcome: Much better"), p.getFirst().body());
    }

    @Test
    void aTitleTooLongLosesItsAsideFirstButNotTheParenthesesOfCode() {
        String way = "`testcontainers.reuse.enable=true` in `~/.testcontainers.properties` (a per-user opt-in) plus"
                + " `.withReuse(true)` on the definitions";
        assertEquals("Reuse containers: `testcontainers.reuse.enable=true` in `~/.testcontainers.properties` plus"
                + " `.withReuse(true)` on the definitions", EditAndCheckRule.title("reuse containers", way));
        // A title that fits keeps its aside.
        assertEquals("Reuse: " + way, EditAndCheckRule.title("reuse", way));
    }

    @Test
    void twoEditsAfterOneStatedWayAreOneProcedure() {
        var s = TestSessions.session("v13p5").user("`cargo test` fails with undefined references to Py_something")
                .assistant("The extension-module feature tells the linker not to link libpython. The usual way is to"
                        + " make extension-module an optional feature that maturin turns on.")
                .edit("Cargo.toml", "Applied edit to Cargo.toml:\n+[features]\n+extension-module ="
                        + " [\"pyo3/extension-module\"]")
                .edit("pyproject.toml", "Applied edit to pyproject.toml:\n+features = [\"extension-module\"]")
                .bash("cargo test -q && maturin develop -q && pytest -q", "test result: ok. 41 passed; 0 failed\n"
                        + "118 passed in 2.71s")
                .assistant("cargo test: 41 passed; pytest: 118 passed.");
        assertEquals(List.of("Make extension-module an optional feature that maturin turns on"),
                s.proposedBy(new EditAndCheckRule()).stream().map(Candidate::title).toList());
    }

    @Test
    void aPlanSaidAsItIsDoneReadsAsAnInstruction() {
        var s = TestSessions.session("v13p3").user("the gold tables keep growing, can you keep them small")
                .assistant("Keeping the 7-day retention. Adding a weekly job that runs OPTIMIZE and then VACUUM on"
                        + " every gold table.")
                .edit("jobs/maintenance.yaml", "Applied edit to jobs/maintenance.yaml:\n+name: lake-maintenance\n"
                        + "+schedule: cron(0 5 ? * SUN *)")
                .bash("spark-sql -f jobs/maintenance.sql --dry-run", "Found 1382 files that are safe to delete.")
                .assistant("The dry run passes: 1,382 files would go. The job runs Sundays at 05:00 UTC.");
        assertEquals(List.of("Add a weekly job that runs OPTIMIZE and then VACUUM on every gold table"),
                s.proposedBy(new EditAndCheckRule()).stream().map(Candidate::title).toList());
        // "Updating all three": the way was said in the sentence before, the plan names nothing.
        var vague = TestSessions.session("v13p4").user("raise the minimum everywhere it's set")
                .assistant("It's set in the Podfile and in the Xcode project. Updating all three.")
                .edit("ios/Podfile", "Applied edit to ios/Podfile:\n-platform :ios, '12.0'\n+platform :ios, '13.0'")
                .bash("flutter build ios --release", "✓ Built build/ios/iphoneos/Runner.app (92.4MB)")
                .assistant("iOS builds again.");
        assertEquals(List.of(), vague.proposedBy(new EditAndCheckRule()));
    }

    @Test
    void aCodeFixAFailedCheckAnUnfinishedReportOrATurnedDownEditIsNoProcedure() {
        // The program's own code: a bug's fix there is a debugging method's or a decision's.
        var code = jsdom("v13n1", "src/config.ts", "Tests:       84 passed, 84 total", "All 84 tests pass.");
        // The check failed.
        var failed = jsdom("v13n2", "jest.config.js", "Tests:       2 failed, 82 passed, 84 total",
                "Two still fail on localStorage.");
        // The report says it is not done.
        var unfinished = jsdom("v13n3", "jest.config.js", "Tests:       84 passed, 84 total",
                "It runs, but the suite now takes four minutes.");
        // The user turned the edit down after the check.
        var turnedDown = TestSessions.session("v13n4").user("the api image is huge, make it smaller")
                .assistant("The fix is a multi-stage build in the Dockerfile that copies only the binary.")
                .edit("Dockerfile", "Applied edit to Dockerfile:\n+FROM gcr.io/distroless/static\n+COPY --from=build"
                        + " /app /app")
                .bash("docker build -t api .", "Successfully built 9a2c")
                .user("no, we can't use distroless, the healthcheck needs a shell. revert it");
        // Only a look after the edit, no check.
        var looked = TestSessions.session("v13n5").user("make the vscode test button find etcd")
                .assistant("I'll point KUBEBUILDER_ASSETS at the envtest directory in the workspace settings.")
                .edit(".vscode/settings.json", "Applied edit to .vscode/settings.json:\n+  \"go.testEnvVars\": {}")
                .bash("cat .vscode/settings.json", "{ \"go.testEnvVars\": {} }")
                .assistant("The tests should now run from the editor.");
        // Status chatter before the edit names no way.
        var chatter = TestSessions.session("v13n6").user("bump the node image")
                .assistant("On it. Editing the Dockerfile now.")
                .edit("Dockerfile", "Applied edit to Dockerfile:\n-FROM node:20\n+FROM node:22")
                .bash("docker build -t web .", "Successfully built 1c2d")
                .assistant("The image builds on node 22.");
        for (var s : List.of(code, failed, unfinished, turnedDown, looked, chatter)) {
            assertEquals(List.of(), s.proposedBy(new EditAndCheckRule()), s.toSession().id());
        }
    }

    @Test
    void theToolsOwnCommandTheUserNamedInPlaceOfTheFirstAttemptIsAProcedure() {
        var s = TestSessions.session("v13t1").user("add requests to the python deps, the notifier needs it")
                .bash("pip install requests==2.32.3 && pip freeze > requirements.txt", "Successfully installed"
                        + " requests-2.32.3")
                .user("no, don't pip freeze by hand, the lock comes from poetry: poetry add requests")
                .bash("git checkout requirements.txt && poetry add requests", "Updating dependencies\nResolving"
                        + " dependencies...\nWriting lock file")
                .assistant("requests 2.32.3 is in pyproject.toml and poetry.lock.");
        var p = s.proposedBy(new ToolOwnWayRule());
        assertEquals(List.of("Add requests to the python deps: `poetry add requests`, not `pip install`"),
                p.stream().map(Candidate::title).toList());
        assertTrue(p.getFirst().body().contains("Not this way: no, don't pip freeze by hand"), p.getFirst().body());
        assertFalse(p.getFirst().body().contains("git checkout"), p.getFirst().body());

        var edit = TestSessions.session("v13t2").user("lint fails since the eslint 9 bump. fix the config")
                .assistant("Rewriting .eslintrc.json as eslint.config.js by hand.")
                .edit("eslint.config.js", "Applied edit to eslint.config.js:\n+export default [];")
                .user("don't hand-write it, there's `npx @eslint/migrate-config` for that. revert and use that")
                .bash("git checkout . && npx @eslint/migrate-config .eslintrc.json && npx eslint .",
                        "Migration complete\nWrote eslint.config.mjs")
                .assistant("Migrated with `npx @eslint/migrate-config`; eslint is clean.");
        assertEquals(List.of("Fix the config: `npx @eslint/migrate-config .eslintrc.json` → `npx eslint .`, not a"
                + " hand edit of `eslint.config.js`"), edit.proposedBy(new ToolOwnWayRule()).stream()
                .map(Candidate::title).toList());
    }

    @Test
    void aTurnDownThatNamesNoCommandOrANamedCommandThatFailedIsNoProcedure() {
        // A refusal: the run after it does something else than what the user's words name.
        var refusal = TestSessions.session("v13t3").user("publish the fix")
                .bash("git push origin main", "To github.com:acme/app.git\n   3f1e..9a2c  main -> main")
                .user("no, never push to main directly. open a PR")
                .bash("gh pr create --fill", "https://github.com/acme/app/pull/88")
                .assistant("Opened #88.");
        // A one-off instruction: the port is no command.
        var oneOff = TestSessions.session("v13t4").user("check the service is up")
                .bash("curl -s localhost:8080/health", "connection refused")
                .user("no, it's on port 8081 now")
                .bash("curl -s localhost:8081/health", "{\"status\":\"UP\"}")
                .assistant("It answers UP on 8081.");
        // The named command failed.
        var failed = TestSessions.session("v13t5").user("add requests to the python deps")
                .bash("pip install requests", "Successfully installed requests-2.32.3")
                .user("no, don't pip install by hand, use poetry add requests")
                .bash("poetry add requests", "Because notifier depends on urllib3 (<2) ...\nSolverProblemError:"
                        + " version solving failed.")
                .assistant("Poetry can't resolve it against the urllib3 pin.");
        // The report says it is still not done.
        var notDone = TestSessions.session("v13t6").user("add requests to the python deps")
                .bash("pip install requests", "Successfully installed requests-2.32.3")
                .user("no, don't pip install by hand, use poetry add requests")
                .bash("poetry add requests", "Writing lock file")
                .assistant("The lock is written but CI still fails on the hash check.");
        for (var s : List.of(refusal, oneOff, failed, notDone)) {
            assertEquals(List.of(), s.proposedBy(new ToolOwnWayRule()), s.toSession().id());
        }
    }

    @Test
    void stepsTheUserHadWrittenIntoTheDocsAreAProcedure() {
        var stated = TestSessions.session("v13w1").user("ok. the rollback plan is: scale the workers to 0, restore the"
                        + " snapshot, migrate down to 0042, scale back up. write that into docs/rollback.md")
                .edit("docs/rollback.md", "Success. Updated the following files:\nA docs/rollback.md")
                .assistant("Written.");
        assertEquals(List.of("Rollback plan (`rollback.md`): scale the workers to 0, restore the snapshot, migrate"
                + " down to 0042, scale back up"), stated.proposedBy(new WrittenDownRule()).stream().map(Candidate::title)
                .toList());
        var shown = TestSessions.session("v13w2").user("good. write the command into the runbook, I'll schedule it")
                .edit("docs/runbook.md", "Applied edit to docs/runbook.md:\n+## Rotate the signing key\n+Run"
                        + " `scripts/rotate-key.sh --dry-run` first, then without it.")
                .assistant("The runbook has a rotation section.");
        var p = shown.proposedBy(new WrittenDownRule());
        assertEquals(List.of("Rotate the signing key (`runbook.md`): run `scripts/rotate-key.sh --dry-run` first, then"
                + " without it."), p.stream().map(Candidate::title).toList());
        assertEquals("when following `runbook.md`", p.getFirst().trigger());
        // The sequence the assistant had just spelled out, when the doc edit shows nothing of itself.
        var spelled = TestSessions.session("v13w3").user("publish 2.1")
                .assistant("2.1 is out. The sequence: `## 2.1` in CHANGELOG.md, `scripts/release.sh 2.1` (tags and"
                        + " pushes), then the release workflow publishes the wheels.")
                .user("Put that in RELEASING.md, short.")
                .edit("RELEASING.md", "The file has been updated.")
                .assistant("Written.");
        assertEquals(List.of("`RELEASING.md`: `## 2.1` in CHANGELOG.md, `scripts/release.sh 2.1` (tags and pushes), then"
                + " the release workflow publishes the wheels"), spelled.proposedBy(new WrittenDownRule()).stream()
                .map(Candidate::title).toList());
    }

    @Test
    void aNoteWithoutStepsAnEditOfAnotherFileOrADocEditTheUserTurnedDownIsNoProcedure() {
        var note = TestSessions.session("v13w4").user("add a note to the README that the API is v2 now")
                .edit("README.md", "Applied edit to README.md:\n+The API is v2.")
                .assistant("Added.");
        var notADoc = TestSessions.session("v13w5").user("the deploy plan is: build, push, migrate, restart. write"
                        + " that into docs/deploy.md")
                .bash("make deploy", "deployed")
                .assistant("Deployed.");
        var turnedDown = TestSessions.session("v13w6").user("the deploy plan is: build, push, migrate, restart. write"
                        + " that into the README")
                .edit("README.md", "Applied edit to README.md:\n+## Deploy\n+build, push, migrate, restart")
                .user("no, not in the README, it goes in the wiki. revert it");
        for (var s : List.of(note, notADoc, turnedDown)) {
            assertEquals(List.of(), s.proposedBy(new WrittenDownRule()), s.toSession().id());
        }
    }
}
