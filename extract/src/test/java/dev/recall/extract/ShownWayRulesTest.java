package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 13, second part: the way the agent has just shown, which the user makes the rule for next time
 * ("from now on whenever you change the schema, check the migration diff like that"), on small hand-written
 * sessions, run by the rule alone and by the whole extractor, with the near-misses it must not fire on: a
 * prohibition, a go-ahead for today only, a failed run, a look, a command that shares no word with the order, a
 * remark about an earlier time, and a command an earlier procedure already stands on; one command the user had written
 * under a doc heading; and the state the user says they want, carried out by an edit at once (a decision), with its
 * near-misses: a wish to do something, an instruction, a pointer that names nothing, today's step, no edit after it,
 * the user speaking again before the edit.
 */
class ShownWayRulesTest {
    private static List<Candidate> alone(TestSessions s) {
        return s.proposedBy(new ShownWayRule());
    }

    private List<Candidate> procedures(TestSessions s) {
        return s.proposed().stream().filter(c -> c.type() == EntryType.PROCEDURE)
                .toList();
    }

    private static TestSessions schema(String id, String diffOutput, String order) {
        return TestSessions.session(id)
                .user("add a nullable `archived_at` to Project and generate the migration")
                .edit("prisma/schema.prisma", "Applied edit to prisma/schema.prisma:\n+  archivedAt DateTime?")
                .bash("pnpm prisma migrate diff --from-schema-datasource prisma/schema.prisma --to-schema-datamodel"
                        + " prisma/schema.prisma --script > prisma/migrations/0042_archived_at/migration.sql",
                        diffOutput)
                .assistant("The migration adds one nullable column, no table rewrite.")
                .user(order);
    }

    @Test
    void aStandingOrderPointingAtTheCommandJustRunIsAProcedure() {
        var s = schema("v13q1", "", "good. from now on whenever you change the schema, write the migration diff"
                + " like that, review wants the SQL in the PR");
        var p = alone(s);
        // The whole command does not fit a title: the program that does it, and the command in the body.
        assertEquals(List.of("Whenever you change the schema, write the migration diff with `pnpm prisma migrate diff`"),
                p.stream().map(Candidate::title).toList());
        Candidate c = p.getFirst();
        assertTrue(c.body().contains("1. `pnpm prisma migrate diff --from-schema-datasource prisma/schema.prisma"
                + " --to-schema-datamodel prisma/schema.prisma --script > prisma/migrations/0042_archived_at/"
                + "migration.sql`"), c.body());
        assertEquals(EntryType.PROCEDURE, c.type());
        assertEquals("when you change the schema", c.trigger());
        assertTrue(c.body().contains("Why: review wants the SQL in the PR"), c.body());
        // Evidence: the command and the user's order.
        assertEquals(List.of(2, 4), c.anchors().stream().map(Candidate.Span::start).toList());
        // In the whole extractor an earlier rule already makes the lone command a procedure: no second one on it.
        assertEquals(1, procedures(s).stream().filter(x -> x.anchors().stream().anyMatch(a -> a.start() == 2))
                .count(), procedures(s).toString());
    }

    @Test
    void aScriptRunWhoseCommandTheLookBeforeItPrintedGivesThatCommand() {
        var s = TestSessions.session("v13q2")
                .user("ship the web build")
                .bash("cat scripts/deploy-web.sh", "#!/usr/bin/env bash\nset -euo pipefail\ntrunk build --release\n"
                        + "butler push dist acme/game:html5 --userversion \"$(git describe --tags)\"")
                .bash("scripts/deploy-web.sh", "Build is now processing, should be up in a bit.")
                .assistant("Pushed to the html5 channel as build 42.")
                .user("good, always push with the userversion like that so itch shows the tag. and don't ever push"
                        + " to the windows channel");
        var p = alone(s);
        assertEquals(List.of("Always push with the userversion: `butler push dist acme/game:html5 --userversion"
                + " \"$(git describe --tags)\"`"), p.stream().map(Candidate::title).toList());
        // The reason ends with its sentence: the prohibition after it is another entry's.
        assertEquals(List.of("Why: so itch shows the tag"), p.getFirst().body().lines()
                .filter(l -> l.startsWith("Why:")).toList());
        // The whole extractor keeps it: no earlier procedure stands on the look or the run.
        assertTrue(procedures(s).stream().anyMatch(x -> x.title().equals(p.getFirst().title())),
                procedures(s).toString());
    }

    @Test
    void notAProhibitionNorAGoAheadForTodayNorAnEarlierTime() {
        assertEquals(List.of(), alone(schema("v13q3", "", "never write the migration diff like that again, it"
                + " skips the shadow database")));
        assertEquals(List.of(), alone(schema("v13q4", "", "ok, write the migration diff like that for this one")));
        assertEquals(List.of(), alone(schema("v13q5", "", "we wrote the migration diff like that once, always"
                + " regret it")));
    }

    @Test
    void notAFailedRunALookOrACommandThatSharesNoWordWithTheOrder() {
        assertEquals(List.of(), alone(schema("v13q6", "Error: P1001: Can't reach database server at localhost:5432",
                "from now on whenever you change the schema, write the migration diff like that")));
        var look = TestSessions.session("v13q7")
                .user("what's in the migrations folder")
                .bash("ls prisma/migrations", "0041_projects\n0042_archived_at")
                .user("from now on whenever you list the migrations, do it like that");
        assertEquals(List.of(), alone(look));
        assertEquals(List.of(), alone(schema("v13q8", "", "good. from now on always name the branch like that,"
                + " with the ticket number")));
    }

    @Test
    void notWhereAnEarlierProcedureStandsOnTheCommand() {
        var s = TestSessions.session("v13q9")
                .user("how do I rerun just yesterday's partition?")
                .bash("airflow dags backfill ingest -s 2026-08-31T00:00 -e 2026-08-31T23:59 --reset-dagruns -y",
                        "Backfill done: 24 task instances succeeded")
                .assistant("Rerun just Aug 31: `airflow dags backfill ingest -s 2026-08-31T00:00 -e"
                        + " 2026-08-31T23:59 --reset-dagruns -y`. All 24 hourly runs succeeded.")
                .user("good, always backfill with --reset-dagruns like that, partial days stay otherwise");
        List<Candidate> all = procedures(s);
        long onRun = all.stream().filter(c -> c.anchors().stream().anyMatch(a -> a.start() <= 1 && a.end() >= 1))
                .count();
        assertTrue(onRun <= 1, all.toString());
    }

    private static List<Candidate> written(TestSessions s) {
        return s.proposedBy(new WrittenDownRule());
    }

    @Test
    void oneCommandTheUserHadWrittenUnderADocsHeadingIsAProcedure() {
        var s = TestSessions.session("v13q10")
                .user("measured again: 3.1 uA idle. write down the release build command in the README")
                .edit("README.md", "The file README.md has been updated:\n    22\u2192## Release build (no UART, ~3 uA"
                        + " idle)\n    23\u2192\n    24\u2192    west build -p always -b bramble_v2 app --"
                        + " -DBOARD_ROOT=$PWD -DEXTRA_CONF_FILE=prj_release.conf")
                .assistant("Added under a new heading.");
        var p = written(s);
        // Too long with the heading's aside: the aside goes, the command stays whole.
        assertEquals(List.of("Release build (`README.md`): `west build -p always -b bramble_v2 app -- -DBOARD_ROOT=$PWD"
                + " -DEXTRA_CONF_FILE=prj_release.conf`"), p.stream().map(Candidate::title).toList());
        assertEquals("when following `README.md`", p.getFirst().trigger());
    }

    @Test
    void notOneLineOfProseNorACommandWithoutAHeadingNorALook() {
        var prose = TestSessions.session("v13q11").user("write down in the README how release builds differ")
                .edit("README.md", "The file README.md has been updated:\n    22\u2192## Release builds\n    23\u2192"
                        + "Release builds drop the UART entirely and log nothing")
                .assistant("Added.");
        var bare = TestSessions.session("v13q12").user("put the flash command in the README")
                .edit("README.md", "The file README.md has been updated:\n    30\u2192west flash --runner jlink"
                        + " --erase")
                .assistant("Added.");
        var look = TestSessions.session("v13q13").user("put the log command in the README")
                .edit("README.md", "The file README.md has been updated:\n    30\u2192## Logs\n    31\u2192"
                        + "tail -f build/zephyr/log.txt")
                .assistant("Added.");
        for (var s : List.of(prose, bare, look)) {
            assertEquals(List.of(), written(s), s.toSession().id());
        }
    }

    private static List<Candidate> wanted(TestSessions s) {
        return s.proposedBy(new WantedWayRule());
    }

    private static TestSessions retries(String id, String said) {
        return TestSessions.session(id)
                .user("the sync job hammers the API when it's down")
                .assistant("It retries every second without a limit. I can add a backoff.")
                .user(said)
                .assistant("Got it: exponential backoff from 1 s, capped at 30 s, and the dead queue after five tries.")
                .edit("src/sync/retry.ts", "Applied edit to src/sync/retry.ts:\n+const MAX_DELAY_MS = 30_000;");
    }

    @Test
    void theStateTheUserWantsCarriedOutByAnEditAtOnceIsADecision() {
        var s = retries("v13q14", "ok here's what I want: exponential backoff capped at 30s, and after five failures"
                + " the job goes to the dead queue. The API never sees a burst.");
        var p = wanted(s);
        assertEquals(List.of("Exponential backoff capped at 30s, and after five failures the job goes to the dead queue;"
                + " the API never sees a burst"), p.stream().map(Candidate::title).toList());
        Candidate c = p.getFirst();
        assertEquals(EntryType.DECISION, c.type());
        assertEquals("when changing `retry.ts`", c.trigger());
        assertTrue(c.body().contains("Done: Got it: exponential backoff"), c.body());
        assertEquals(List.of(2, 4), c.anchors().stream().map(Candidate.Span::start).toList());
        var overlay = TestSessions.session("v13q15").user("then make a release overlay. I want logs over RTT in dev"
                        + " builds and no uart at all in release")
                .edit("app/prj_release.conf", "File created successfully at: app/prj_release.conf");
        assertEquals(List.of("Logs over RTT in dev builds and no uart at all in release"),
                wanted(overlay).stream().map(Candidate::title).toList());
        // The whole extractor keeps it.
        assertTrue(s.proposed().stream().anyMatch(x -> x.type() == EntryType.DECISION
                && x.title().equals(c.title())));
    }

    @Test
    void notAWishToDoAnInstructionAPointerTodaysStepNoEditOrTheUserSpeakingFirst() {
        for (String said : List.of("I want to look at the retry code with you before we change anything",
                "I want you to add exponential backoff capped at 30s to the retries",
                "and drop the continue-on-error, I want that step to fail loudly",
                "do it. but I want the backoff measured anyway, nobody timed the old one",
                "not sure I want exponential backoff capped at 30s for this job",
                "do we want exponential backoff capped at 30s? I want the dead queue after five tries?")) {
            assertEquals(List.of(), wanted(retries("v13q16", said)), said);
        }
        var noEdit = TestSessions.session("v13q17")
                .user("I want exponential backoff capped at 30s and the dead queue after five tries")
                .bash("npm test", "Tests: 41 passed");
        assertEquals(List.of(), wanted(noEdit));
        var spokeAgain = TestSessions.session("v13q18")
                .user("I want exponential backoff capped at 30s and the dead queue after five tries")
                .user("actually hold on, let me ask the API team first")
                .edit("src/sync/retry.ts", "Applied edit to src/sync/retry.ts:\n+const MAX_DELAY_MS = 30_000;");
        assertEquals(List.of(), wanted(spokeAgain));
    }
}
