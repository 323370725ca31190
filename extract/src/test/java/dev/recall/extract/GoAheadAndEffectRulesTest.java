package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shapes rules version 14 added for warnings said as a consequence ({@link DestructiveEffectRule}) or as a
 * coupling and what breaks when it slips ({@link MustMatchRule}), decisions the user took with a go-ahead to a change
 * the assistant laid out ({@link GoAheadRule}), a wrap-up's "Open from earlier:" ({@link LeftOpenRule}), where a kind of
 * thing goes ({@link PlaceNormRule}), and a norm said with "always"
 * at the end of a run-on message that also tells what happened ({@link PreferenceRule}). Each on a small hand-written
 * session, through the one rule and through the whole extractor, with the near-misses it must not fire on.
 */
class GoAheadAndEffectRulesTest {

    @Test
    void whatACommandWouldDoToDataIsAWarning() {
        var s = TestSessions.session("w1").user("can you reset my local db?")
                .assistant("Before I run it: `make reset-db` calls `dropdb` with the host from .env.shared, not localhost.")
                .assistant("Running it would wipe the shared QA database, not your copy.")
                .user("don't then");
        var w = s.proposedBy(new DestructiveEffectRule());
        assertEquals(1, w.size(), w.toString());
        assertEquals(EntryType.WARNING, w.getFirst().type());
        assertEquals("Running it would wipe the shared QA database, not your copy", w.getFirst().title());
        assertEquals(1, s.proposed(EntryType.WARNING).stream().filter(c -> c.title().startsWith("Running it would wipe"))
                .count(), s.proposed().toString());

        var same = TestSessions.session("w2").user("how do I tear the stack down?")
                .assistant("Tear down with `make down`; note it runs `compose down -v`, which drops the volume, so"
                        + " the next start needs `make seed` again.");
        var w2 = same.proposedBy(new DestructiveEffectRule());
        assertEquals(1, w2.size(), w2.toString());
        assertTrue(w2.getFirst().title().startsWith("Tear down with `make down`"), w2.getFirst().title());

        var leaning = TestSessions.session("w3").user("reset it")
                .assistant("`make db-clean` calls `flyway clean` against staging. Running it would wipe the staging"
                        + " database.");
        assertEquals(List.of("`make db-clean` calls `flyway clean` against staging: running it would wipe the staging"
                + " database"), leaning.proposedBy(new DestructiveEffectRule()).stream().map(Candidate::title).toList());

        var lock = TestSessions.session("w4").user("add the index")
                .assistant("For the index: a plain CREATE INDEX takes a lock that blocks writes on orders, 20M rows in"
                        + " prod. I'll use CREATE INDEX CONCURRENTLY in its own migration.");
        assertEquals(List.of("A plain CREATE INDEX takes a lock that blocks writes on orders, 20M rows in prod"),
                lock.proposedBy(new DestructiveEffectRule()).stream().map(Candidate::title).toList());
    }

    @Test
    void anOwnPlanADryRunAStatusAsideOrAnUnnamedCauseIsNoWarning() {
        var own = TestSessions.session("n1").user("clean up")
                .assistant("I'll drop the old `events_tmp` table now, it's unused.");
        assertEquals(List.of(), own.proposedBy(new DestructiveEffectRule()));
        var dry = TestSessions.session("n2").user("prune?")
                .assistant("A dry run of `vacuum` would delete 1,382 files, 41.7 GB.");
        assertEquals(List.of(), dry.proposedBy(new DestructiveEffectRule()));
        var aside = TestSessions.session("n3").user("rebuild")
                .assistant("Local DB rebuilt (deleting `.state` wipes the local database), migrations applied.");
        assertEquals(List.of(), aside.proposedBy(new DestructiveEffectRule()));
        var nothingNamed = TestSessions.session("n4").user("what happened?")
                .assistant("The nightly job drops the staging database every night at 2.");
        assertEquals(List.of(), nothingNamed.proposedBy(new DestructiveEffectRule()));
        var noData = TestSessions.session("n5").user("why?")
                .assistant("`nginx -s reload` drops the idle connections, that's expected.");
        assertEquals(List.of(), noData.proposedBy(new DestructiveEffectRule()));
    }

    @Test
    void aGoAheadToALaidOutChangeIsADecision() {
        var s = TestSessions.session("g1").user("the NAT bill doubled")
                .assistant("Only the S3 endpoint exists. Options: a pull-through cache for Docker Hub (images pulled"
                        + " once), plus interface endpoints so those pulls don't use the NAT either.")
                .user("Yes, do the pull-through cache and the endpoints.")
                .edit("infra/ecr.tf", "The file infra/ecr.tf has been updated.");
        var d = s.proposedBy(new GoAheadRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals(EntryType.DECISION, d.getFirst().type());
        assertEquals("A pull-through cache for Docker Hub, plus interface endpoints so those pulls don't use the NAT"
                + " either", d.getFirst().title());
        assertTrue(d.getFirst().body().contains("Accepted: Yes, do the pull-through cache"), d.getFirst().body());

        var gerund = TestSessions.session("g2").user("why is the matrix so big?")
                .assistant("It builds the same wheel five times. Dropping the python-version axis gives 4 jobs.")
                .user("do it. but measure the speed anyway")
                .edit(".github/workflows/wheels.yml", "The file has been updated.");
        assertEquals(List.of("Drop the python-version axis"),
                gerund.proposedBy(new GoAheadRule()).stream().map(Candidate::title).toList());

        var underWay = TestSessions.session("g3").user("why can't she see costs?")
                .assistant("SandboxDeveloper has no `ce:` actions. Adding `ce:Get*` and `ce:Describe*` to its inline"
                        + " policy in permission-sets.tf.")
                .user("do it.");
        assertEquals(List.of("Add `ce:Get*` and `ce:Describe*` to its inline policy in permission-sets.tf"),
                underWay.proposedBy(new GoAheadRule()).stream().map(Candidate::title).toList());
    }

    @Test
    void aGoAheadToTodaysStepOrWithoutAnEditOrAfterAnotherReplyIsNoDecision() {
        var step = TestSessions.session("h1").user("flaky again")
                .assistant("I'd rerun the job with debug logging on and look at the timings first.")
                .user("do it")
                .bash("gh run rerun 42 --debug", "ok");
        assertEquals(List.of(), step.proposedBy(new GoAheadRule()));
        var noEdit = TestSessions.session("h2").user("the bundle is big")
                .assistant("I'd split the vendor chunk from the app chunk so the app code caches separately.")
                .user("go ahead")
                .assistant("Done, anything else?");
        assertEquals(List.of(), noEdit.proposedBy(new GoAheadRule()));
        var notAGoAhead = TestSessions.session("h3").user("the bundle is big")
                .assistant("I'd split the vendor chunk from the app chunk so the app code caches separately.")
                .user("hmm, not sure, what does it cost?")
                .edit("vite.config.ts", "The file has been updated.");
        assertEquals(List.of(), notAGoAhead.proposedBy(new GoAheadRule()));
    }

    @Test
    void aNormEndingInAlwaysStandsAfterWhatHappenedInTheSameRunOnMessage() {
        var s = TestSessions.session("a1").user("run the instrumented tests")
                .assistant("All 37 passed on Pixel 7.")
                .user("wait, that ran on my own phone, it happened to be plugged in. instrumented tests go on the"
                        + " emulator (API 34), always. my phone has real data on it");
        var p = s.proposedBy(new PreferenceRule());
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.getFirst().title().startsWith("Instrumented tests go on the emulator"), p.getFirst().title());
        var happens = TestSessions.session("a2").user("The export times out on CI, always.");
        assertEquals(List.of(), happens.proposedBy(new PreferenceRule()));
    }

    @Test
    void aYesNamingTheSuggestionStandsWhenTheReplyWentToAProposalThatIsDropped() {
        var s = TestSessions.session("y1").user("backfill returned_at for the old loans")
                .assistant("I'd keep it out of the migration. An UPDATE over 40M rows inside a migration runs as part"
                        + " of the deploy, and production has statement_timeout at 60s. My suggestion is a Sidekiq job"
                        + " that walks loans in id batches of 5,000 and can pick up where it stopped.")
                .user("agreed, job it is, deploys can't hang on this. call it BackfillReturnedAtJob, low queue.")
                .edit("app/jobs/backfill_returned_at_job.rb", "The file has been updated.");
        assertTrue(s.proposed(EntryType.DECISION).stream().anyMatch(c -> c.title().equals(
                "A Sidekiq job that walks loans in id batches of 5,000 and can pick up where it stopped")),
                s.proposed().toString());
        var unnamed = TestSessions.session("y2").user("backfill returned_at for the old loans")
                .assistant("I'd keep it out of the migration. My suggestion is a Sidekiq job that walks loans in id"
                        + " batches of 5,000 and can pick up where it stopped.")
                .user("agreed, call it BackfillReturnedAtJob, low queue.")
                .edit("app/jobs/backfill_returned_at_job.rb", "The file has been updated.");
        assertEquals(List.of(), unnamed.proposedBy(new GoAheadRule()));
    }

    @Test
    void aCouplingWithWhatBreaksWhenItSlipsIsAWarning() {
        var s = TestSessions.session("m1").user("tag the release")
                .user("Stop. The version lives in CMakeLists.txt, project(mathlib VERSION ...). The tag has to match it"
                        + " or the port build fails its version check. Bump that first.");
        var w = s.proposedBy(new MustMatchRule());
        assertEquals(1, w.size(), w.toString());
        assertEquals(EntryType.WARNING, w.getFirst().type());
        assertEquals("The version lives in CMakeLists.txt, project(mathlib VERSION ...): the tag has to match it or the"
                + " port build fails its version check", w.getFirst().title());
        var ever = TestSessions.session("m2").user("what is special about the webhook route?")
                .assistant("It's mounted with `express.raw()` before `express.json()`. Signature verification needs the"
                        + " exact raw bytes, so if the route ever gets the parsed JSON body every webhook fails.");
        assertEquals(List.of("Signature verification needs the exact raw bytes, so if the route ever gets the parsed"
                + " JSON body every webhook fails"), ever.proposedBy(new MustMatchRule()).stream().map(Candidate::title)
                .toList());
    }

    @Test
    void aCouplingWithoutAFailureOrNextToAWarningIsNoNewWarning() {
        var note = TestSessions.session("k1").user("bump ruff")
                .assistant("Noted: the pre-commit `rev: v0.6.9` must match `ruff = \"0.6.9\"` in pyproject.");
        assertEquals(List.of(), note.proposedBy(new MustMatchRule()));
        var warned = TestSessions.session("k2")
                .user("Don't bump ruff-pre-commit on its own. They drifted once and CI and local disagreed for a week.")
                .assistant("Noted: the pre-commit rev has to match the lock file's ruff, or CI fails the format check.");
        assertEquals(1, warned.proposed(EntryType.WARNING).size(), warned.proposed().toString());
    }

    @Test
    void aWrapUpsLabelWithWhereItComesFromIsAThreadLeftOpen() {
        var s = TestSessions.session("o1").user("close the flaky-test issue")
                .assistant("Closed #412 with the reason. Open from earlier: the watcher on Windows hasn't been tested"
                        + " at all, there's no Windows runner.")
                .user("yeah, leave windows for now, nobody has asked");
        assertEquals(List.of("The watcher on Windows hasn't been tested at all, there's no Windows runner"),
                s.proposedBy(new LeftOpenRule()).stream().map(Candidate::title).toList());
        var status = TestSessions.session("o2").user("status?")
                .assistant("Open from the start: yes.");
        assertEquals(List.of(), status.proposedBy(new LeftOpenRule()));
    }

    @Test
    void whereAKindOfThingGoesIsAPreference() {
        var s = TestSessions.session("p1").user("point the app at the sandbox payments API on staging")
                .edit("template.yaml", "The file template.yaml has been updated.")
                .user("undo that. config goes in application.properties with a %staging. / %prod. prefix, the profile"
                        + " already selects it. env vars in the template are only for things not in git");
        var p = s.proposedBy(new PlaceNormRule());
        assertEquals(1, p.size(), p.toString());
        assertEquals(EntryType.PREFERENCE, p.getFirst().type());
        assertEquals("Config goes in application.properties with a %staging. / %prod. prefix, the profile already"
                + " selects it", p.getFirst().title());
        var not = TestSessions.session("p2").user("set the port to 8890")
                .user("not in .wp-env.json, that's shared and CI uses it. personal stuff goes in .wp-env.override.json,"
                        + " it's gitignored");
        assertEquals(List.of("Personal stuff goes in .wp-env.override.json, it's gitignored; not in .wp-env.json, that's"
                + " shared and CI uses it"), not.proposedBy(new PlaceNormRule()).stream().map(Candidate::title).toList());
    }

    @Test
    void aPointerAQuestionOrAMessageAnotherProposalStandsOnIsNoPlaceNorm() {
        var pointer = TestSessions.session("q1").user("it goes through the release pipeline like everything else");
        assertEquals(List.of(), pointer.proposedBy(new PlaceNormRule()));
        var question = TestSessions.session("q2").user("does the config go in application.properties or the template?");
        assertEquals(List.of(), question.proposedBy(new PlaceNormRule()));
        var warned = TestSessions.session("q3")
                .user("never deploy to prod from here, prod goes through the release pipeline only");
        assertEquals(0, warned.proposed(EntryType.PREFERENCE).size(), warned.proposed().toString());
        assertEquals(1, warned.proposed(EntryType.WARNING).size(), warned.proposed().toString());
    }
}
