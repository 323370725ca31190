package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shapes rules version 12 added for decisions and warnings, each on a small hand-written session, run through the
 * one rule and through the whole extractor: the user's pick among options the assistant laid out (by label, by naming
 * the option, or "both"), a prohibition stated with the harm it prevents (often one lower-case run of clauses), an
 * action the user keeps for themselves, and a suggestion the user turns down with how it stays instead and why. Each
 * has its counter-examples: the same words where they are a step for today, chatter, or no choice at all.
 */
class ChoiceRulesTest {


    @Test
    void aNumberedOptionPickedWithItsReasonIsADecisionTitledByTheOption() {
        var s = TestSessions.session("o1").user("We need a waitlist for full classes. Sketch me options first.")
                .assistant("Three ways to do it:\n1. A waitlist table and a cron job every minute that promotes the oldest"
                        + " entry.\n2. A Durable Object per class session holding the queue; joins and cancellations go"
                        + " through it.\n3. Queues: a cancellation publishes a message and a consumer promotes.\nI'd lean"
                        + " towards 2.")
                .user("2. strict first come first served is the whole point, and cron runs can overlap.");
        var d = s.proposedBy(new OptionPickRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals(EntryType.DECISION, d.getFirst().type());
        assertEquals("A Durable Object per class session holding the queue", d.getFirst().title());
        assertTrue(d.getFirst().body().contains("whole point"), d.getFirst().body());
        assertEquals(1, s.proposed(EntryType.DECISION).stream().filter(c -> c.title().startsWith("A Durable Object"))
                .count());
    }

    @Test
    void anOptionPickedByNameIsTitledWithTheOptionItBeat() {
        var s = TestSessions.session("o2").user("Customers get the reminder twice. Options?")
                .assistant("(a) Oban unique jobs keyed on booking_id, so an update moves the existing job. (b) Cancel the"
                        + " old job by id before inserting, which needs the job id stored on the booking.")
                .user("Unique jobs. We don't want job ids in our schema.");
        var d = s.proposedBy(new OptionPickRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals("Oban unique jobs keyed on booking_id rather than canceling the old job by id before inserting",
                d.getFirst().title());
    }

    @Test
    void aSidePickedAfterTwoWaysTakesTheAssistantsArgument() {
        var s = TestSessions.session("o3").user("The billing app gets 'prepared statement S_1 does not exist' behind pgbouncer.")
                .assistant("Two ways: set max_prepared_statements = 200 in pgbouncer.ini, or add prepareThreshold=0 to"
                        + " the app's JDBC URL. I'd do it in PgBouncer: the billing team only deploys every other week,"
                        + " and it fixes every client at once.")
                .user("pgbouncer side. 200 is fine");
        var d = s.proposedBy(new OptionPickRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals("Set max_prepared_statements = 200 in pgbouncer.ini rather than adding prepareThreshold=0 to the"
                + " app's JDBC URL", d.getFirst().title());
        assertTrue(d.getFirst().body().contains("Reason: I'd do it in PgBouncer"), d.getFirst().body());
    }

    @Test
    void bothOfTwoComplementaryFixesAreOneDecision() {
        var s = TestSessions.session("o4").user("The operator reconciles 600 times a minute.")
                .assistant("Two standard fixes, complementary: add a generation predicate to the watch so status-only"
                        + " updates don't trigger reconciles, and stop writing a status field that changes every time.")
                .user("do both. nobody reads LastReconcileTime, remove it from the CRD too");
        var d = s.proposedBy(new OptionPickRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals("Add a generation predicate to the watch and stop writing a status field that changes every time",
                d.getFirst().title());
    }

    @Test
    void aPickOfWhatToDoNextOrWithoutAnyArgumentIsNoDecision() {
        var next = TestSessions.session("o5").user("The worker is stuck again.")
                .assistant("(a) check the worker logs first, or (b) restart the worker and watch it.")
                .user("a, and paste me the last error you see");
        assertEquals(List.of(), next.proposedBy(new OptionPickRule()));
        var bare = TestSessions.session("o6").user("Which serializer?")
                .assistant("(a) Jackson with a custom module, or (b) Gson with adapters.")
                .user("a.");
        assertEquals(List.of(), bare.proposedBy(new OptionPickRule()));
        var ownList = TestSessions.session("o7").user("How do we release?")
                .assistant("Options: (a) tag from CI, or (b) tag by hand.")
                .user("1. bump the version in the manifest\n2. tag it and push the tag");
        assertEquals(List.of(), ownList.proposedBy(new OptionPickRule()));
    }

    @Test
    void aProhibitionWithTheHarmItPreventsIsAWarningEvenInOneLowerCaseRun() {
        var s = TestSessions.session("n1").user("The assembly fails on duplicate service files.")
                .assistant("The usual quick fix is a catch-all `case _ => MergeStrategy.first`.")
                .user("no catch-all first. that's how we silently lost the s3a filesystem registration once. service"
                        + " files get concatenated");
        var w = s.proposedBy(new ProhibitionRule());
        assertEquals(1, w.size(), w.toString());
        assertEquals(EntryType.WARNING, w.getFirst().type());
        assertEquals("No catch-all first: that's how we silently lost the s3a filesystem registration once",
                w.getFirst().title());
        var fleet = TestSessions.session("n2").user("roll it out to leeds")
                .assistant("Rolling out with the site playbook.")
                .user("yes, but serial 1. and never run anything against the whole fleet during opening hours, the"
                        + " reboot blanks the screens in the stores");
        var f = fleet.proposedBy(new ProhibitionRule());
        assertEquals(1, f.size(), f.toString());
        assertEquals("Never run anything against the whole fleet during opening hours, the reboot blanks the screens in"
                + " the stores", f.getFirst().title());
        assertEquals("before you run anything against the whole fleet during opening hours", f.getFirst().trigger());
    }

    @Test
    void anActionTheUserKeepsForThemselvesIsAWarning() {
        var s = TestSessions.session("n3").user("cut the release")
                .assistant("Built and tested 0.7.0; the tarballs are in zig-out.")
                .user("good. I'll make the github release myself, don't push tags. thanks");
        var w = s.proposedBy(new ProhibitionRule());
        assertEquals(1, w.size(), w.toString());
        assertEquals("Don't push tags: the user will make the github release themselves", w.getFirst().title());
    }

    @Test
    void todaysStepsChatterAndNeverMindAreNoProhibition() {
        var s = TestSessions.session("n4").user("commit it")
                .assistant("Committed.")
                .user("don't push yet, last time the CI broke the release branch, I'll check the diff first")
                .assistant("Holding the push.")
                .user("no idea why, last time it broke the build too")
                .assistant("Looking.")
                .user("never mind, that broke the build last time as well");
        assertEquals(List.of(), s.proposedBy(new ProhibitionRule()));
    }

    @Test
    void aSuggestionTurnedDownWithHowItStaysAndWhyIsADecision() {
        var s = TestSessions.session("t1").user("melos run gen regenerates both packages now.")
                .assistant("While we're at it, should the generated *.g.dart files go into .gitignore, with CI running"
                        + " gen?")
                .user("no, generated files stay committed. reviewers need to see what the generator changed, been"
                        + " burned by that before.");
        var d = s.proposedBy(new TurnedDownRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals("Generated files stay committed: reviewers need to see what the generator changed, been burned by"
                + " that before", d.getFirst().title());
        var fix = TestSessions.session("t2").user("The Stripe webhook records payments twice.")
                .assistant("Simplest fix: skip if the invoice already has a payment.")
                .user("No, invoices can be paid in parts, several payments per invoice is normal. Key it on the Stripe"
                        + " event id.");
        var k = fix.proposedBy(new TurnedDownRule());
        assertEquals(1, k.size(), k.toString());
        assertTrue(k.getFirst().title().startsWith("Key it on the Stripe event id instead of skipping if the invoice"
                + " already has a payment: invoices can be paid in parts"), k.getFirst().title());
    }

    @Test
    void aNoToTodaysStepOrAPoliteNoIsNoDecision() {
        var s = TestSessions.session("t3").user("fix the flaky test")
                .assistant("Fixed and green. Should I commit it now?")
                .user("no, not yet. run the whole suite first, then commit.")
                .assistant("Want me to add a comment on the retry?")
                .user("no, that's fine");
        assertEquals(List.of(), s.proposedBy(new TurnedDownRule()));
    }

    @Test
    void aStandingWayOfWorkingSaidInPassingIsAPreference() {
        var s = TestSessions.session("s1").user("add the rate limiter to the API")
                .assistant("Added and tested locally.")
                .user("good. put it on staging so Ama can try it. and always what-if first and show me the diff before you"
                        + " create anything.")
                .assistant("Running what-if against staging.")
                .user("ugh. ok, make that a rule for this codebase: travel_to only in the block form. if you see a bare"
                        + " travel_to anywhere, convert it.")
                .assistant("Converted the two bare calls.")
                .user("fine. and while you're in there - I'd rather we don't sprinkle pragmas to make new warnings go"
                        + " away. fix the code.");
        var p = s.proposedBy(new StandingClauseRule());
        assertEquals(List.of("Always what-if first and show me the diff before you create anything",
                "travel_to only in the block form",
                "I'd rather we don't sprinkle pragmas to make new warnings go away"),
                p.stream().map(Candidate::title).toList());
        assertTrue(p.stream().allMatch(c -> c.type() == EntryType.PREFERENCE));
    }

    @Test
    void whatAlwaysHappensARecordOfFactsAndTodaysStepAreNoPreference() {
        var s = TestSessions.session("s2").user("the export job always times out on CI, can you look?")
                .assistant("Looking.")
                .user("deploy it. and for the record, we have 2 machines in ams, clustered over the .internal address.")
                .assistant("Deployed.")
                .user("ok. just this once, always run the full suite before you push today.")
                .assistant("Will do.")
                .user("yes. it always fails on the first run after a rebase, always has.");
        assertEquals(List.of(), s.proposedBy(new StandingClauseRule()));
    }

    @Test
    void aRecommendationTakenWithAYesThatNamesItIsADecision() {
        var s = TestSessions.session("a1").user("is journald filling the sd cards on the kiosks?")
                .assistant("porto-09's journal is 3.1 GB. None of the kiosks has a journald size limit set, so a crash"
                        + " loop fills the card. I'd set SystemMaxUse=200M for all kiosks with a journald.conf.d drop-in"
                        + " in the base role.")
                .user("yes 200M. the crash loop on porto-09, leave it, that unit gets replaced next week");
        var d = s.proposedBy(new AcceptedLeanRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals("Set SystemMaxUse=200M for all kiosks with a journald.conf.d drop-in in the base role",
                d.getFirst().title());
        assertTrue(d.getFirst().body().contains("Reason: None of the kiosks"), d.getFirst().body());
    }

    @Test
    void aYesToTodaysStepOrAYesThatNamesNothingIsNoDecision() {
        var s = TestSessions.session("a2").user("the training job died on node r12n04 again")
                .assistant("The node has a failing GPU. I'd resubmit with `--exclude=gpu-r12n04` and tell the cluster"
                        + " admins about that node.")
                .user("yes exclude it")
                .assistant("Done. I'd check the scheduler logs first to see if other nodes are affected.")
                .user("yes, check the scheduler logs")
                .assistant("Nothing else. I'd move the checkpoints to the shared volume so a resubmit can resume.")
                .user("ok thanks");
        assertEquals(List.of(), s.proposedBy(new AcceptedLeanRule()));
    }

    @Test
    void aRequestTheAssistantDeclinesWithItsReasonIsAWarning() {
        var s = TestSessions.session("r1").user("the staging key keeps going missing. Can't you just put the key in"
                        + " deploy/staging.env.example so it's there next time?")
                .assistant("I'd rather not: staging.env.example is committed, so the key would be in git history for"
                        + " everyone with access to the repo.")
                .user("ok. also CI fails fetching our private artifact from nexus. can you add the repo to deps.edn with"
                        + " the credentials so it stops failing?")
                .assistant("I'll add the repository to deps.edn, but not the credentials: deps.edn is committed, and"
                        + " tools.deps reads Maven credentials from ~/.m2/settings.xml anyway.");
        var w = s.proposedBy(new DeclinedAskRule());
        assertEquals(2, w.size(), w.toString());
        assertTrue(w.get(0).title().startsWith("Don't put the key in deploy/staging.env.example: staging.env.example is"
                + " committed, so the key would be in git history"), w.get(0).title());
        assertEquals("Don't add the credentials to deps.edn: deps.edn is committed, and tools.deps reads Maven credentials"
                + " from ~/.m2/settings.xml anyway", w.get(1).title());
        assertTrue(w.stream().allMatch(c -> c.type() == EntryType.WARNING));
    }

    @Test
    void aDeclineWithoutAReasonOrWhatTheAssistantCannotDoIsNoWarning() {
        var s = TestSessions.session("r2").user("can you push the branch so CI runs?")
                .assistant("I won't be able to push from the sandbox: it has no network access to github.com.")
                .user("can you just squash the commits?")
                .assistant("I'd rather not. Let's keep them.");
        assertEquals(List.of(), s.proposedBy(new DeclinedAskRule()));
    }

    @Test
    void aBanOrOneWayOverAnotherWithItsReasonIsAPreference() {
        var s = TestSessions.session("u1").user("the webhook handler is done")
                .assistant("Added tests with hand-built event objects.")
                .user("Also: for webhook tests use the recorded event fixtures in test/fixtures/stripe, don't hand-build"
                        + " event objects. The hand-built ones drift from what Stripe actually sends.")
                .assistant("Switched the tests to the fixtures.")
                .user("don't convert existing components in a feature branch. runes in new components only; old ones get"
                        + " migrated in their own PRs so reviews stay readable.")
                .assistant("Reverted the conversion.")
                .user("No exceptions in the public API. quillmath is used in code built with -fno-exceptions.");
        var p = s.proposedBy(new UsageNormRule());
        assertEquals(3, p.size(), p.toString());
        assertTrue(p.get(0).title().startsWith("For webhook tests use the recorded event fixtures in"
                + " test/fixtures/stripe, don't hand-build event objects: the hand-built ones drift"), p.get(0).title());
        assertEquals("Don't convert existing components in a feature branch: old ones get migrated in their own PRs so"
                + " reviews stay readable", p.get(1).title());
        assertEquals("No exceptions in the public API: quillmath is used in code built with -fno-exceptions",
                p.get(2).title());
        assertTrue(p.stream().allMatch(c -> c.type() == EntryType.PREFERENCE));
    }

    @Test
    void aBanWithoutAReasonOrForThisRunIsNoPreference() {
        var s = TestSessions.session("u2").user("check the logs")
                .assistant("Nothing in the last hour.")
                .user("no luck in the logs either. use the staging db, not prod, for this run.")
                .assistant("Switched.")
                .user("no comments in the generated code.");
        assertEquals(List.of(), s.proposedBy(new UsageNormRule()));
    }
}
