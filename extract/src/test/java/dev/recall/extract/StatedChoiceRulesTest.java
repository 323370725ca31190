package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shapes rules version 13 added for decisions stated in the course of the work, not as a reply to options laid
 * out before: a change ordered so a failure can't recur and carried out by an edit, a way chosen with the way it is not
 * done and why ("X, not Y: ..."), something kept as it is against a proposed change with its reason, a change kept once
 * a measurement showed its cost, and the assistant's "So X gets Y" after the reason, before an edit. Each on a small
 * hand-written session, through the one rule and through the whole extractor, with the near-misses it must not fire on:
 * status chatter, a state that persists, a failed run, today's step, a place, a request no edit follows.
 */
class StatedChoiceRulesTest {


    @Test
    void aChangeOrderedSoAFailureCannotRecurAndThenEditedIsADecision() {
        var s = TestSessions.session("p1").user("The staging deploy wiped the uploads bucket again, can you look?")
                .assistant("The lifecycle rule on uploads expires everything after 1 day on staging.")
                .user("that has bitten us twice now. turn on versioning for the uploads bucket in terraform and keep"
                        + " 30 days of old versions")
                .edit("infra/s3.tf", "The file infra/s3.tf has been updated.")
                .assistant("Versioning is on for uploads, with noncurrent versions expiring after 30 days.");
        var d = s.proposedBy(new PreventiveChangeRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals(EntryType.DECISION, d.getFirst().type());
        assertEquals("Turn on versioning for the uploads bucket in terraform and keep 30 days of old versions",
                d.getFirst().title());
        assertTrue(d.getFirst().body().contains("bitten us twice"), d.getFirst().body());
        assertTrue(d.getFirst().body().contains("Done: Versioning is on"), d.getFirst().body());
        assertEquals(1, s.proposed(EntryType.DECISION).stream().filter(c -> c.title().startsWith("Turn on versioning"))
                .count());

        var so = TestSessions.session("p2").user("Add a unique index on invoices.number so this can never happen again.")
                .edit("db/migrations/0042_invoice_number_unique.sql", "File created.")
                .assistant("Added migration 0042 with a unique index on invoices.number.");
        assertEquals(List.of("Add a unique index on invoices.number so this can never happen again"),
                so.proposedBy(new PreventiveChangeRule()).stream().map(Candidate::title).toList());
    }

    @Test
    void anOrderWithoutSuchAReasonOrWithoutAnEditOrForTodayIsNoDecision() {
        var noEdit = TestSessions.session("p3").user("put a check in CI so this can never creep back in")
                .assistant("Which CI job should run it, lint or test?");
        assertEquals(List.of(), noEdit.proposedBy(new PreventiveChangeRule()));
        var noReason = TestSessions.session("p4").user("add a retry to the upload step, three attempts")
                .edit("ci/upload.sh", "The file ci/upload.sh has been updated.");
        assertEquals(List.of(), noReason.proposedBy(new PreventiveChangeRule()));
        var today = TestSessions.session("p5").user("rerun the migration on staging so we know it can't fail again")
                .edit("notes.md", "The file notes.md has been updated.");
        assertEquals(List.of(), today.proposedBy(new PreventiveChangeRule()));
    }

    @Test
    void aWayChosenWithTheWayItIsNotDoneAndWhyIsADecision() {
        var s = TestSessions.session("c1").user("Reminders go out at 9 local time now.")
                .assistant("Should the reminder job render the email inline in the request?")
                .user("render it in the worker, not in the request handler: the template service is slow and the"
                        + " checkout must not wait on it");
        var d = s.proposedBy(new ChosenOverRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals("Render it in the worker, not in the request handler: the template service is slow and the"
                + " checkout must not wait on it", d.getFirst().title());
        assertEquals(EntryType.DECISION, d.getFirst().type());

        // "keyless, not a key pair": a manner of the order said just before.
        var manner = TestSessions.session("c2").user("ok 2.1.0. and sign the checksums file with cosign while we're at"
                + " it. keyless, not a key pair, I don't want another key to rotate and lose");
        assertEquals(List.of("Sign the checksums file with cosign, keyless, not a key pair: I don't want another key to"
                + " rotate and lose"), manner.proposedBy(new ChosenOverRule()).stream().map(Candidate::title).toList());

        // The way not taken did harm before: the entry is the warning against it.
        var harm = TestSessions.session("c3").user("do it by hand in the Shared group, not with the auto-fix button."
                + " last time that button packed 900 assets into one bundle and broke our patches for a month");
        var w = harm.proposedBy(new ChosenOverRule());
        assertEquals(1, w.size(), w.toString());
        assertEquals(EntryType.WARNING, w.getFirst().type());
    }

    @Test
    void aWayFollowedByTheWayNotTakenAsAnOrderOrWithItsCostIsADecision() {
        var s = TestSessions.session("c9").user("The packaged systemd unit should just set APP_CONFIG=/etc/app/config.toml."
                + " Don't add /etc to a search path, I don't want a multi-path lookup where nobody knows which file won.")
                .edit("packaging/app.service", "The file packaging/app.service has been updated.");
        var d = s.proposedBy(new ChosenOverRule());
        assertEquals(1, d.size(), d.toString());
        // The reason does not fit beside the way in a title, so the title is the way and the body keeps the reason.
        assertEquals("The packaged systemd unit should just set APP_CONFIG=/etc/app/config.toml instead of adding /etc to"
                + " a search path", d.getFirst().title());
        assertTrue(d.getFirst().body().contains("I don't want a multi-path lookup"), d.getFirst().body());
        // Without an edit, "use X, don't Y, I don't want ..." is a way of working (a preference), not this decision.
        var noEdit = TestSessions.session("c10").user("Use the recorded fixtures. Don't build event objects by hand, I"
                + " don't want tests that pass against shapes the provider never sends.");
        assertEquals(List.of(), noEdit.proposedBy(new ChosenOverRule()));

        var cost = TestSessions.session("c11").user("fine, raise the minimum to iOS 14. staying on the old SDK means no"
                + " more crash reporting fixes and we're chasing a symbolication bug");
        assertEquals(List.of("Raise the minimum to iOS 14: staying on the old SDK means no more crash reporting fixes and"
                + " we're chasing a symbolication bug"), cost.proposedBy(new ChosenOverRule()).stream().map(Candidate::title)
                .toList());
    }

    @Test
    void aLabelledBothOptionPickedIsBothOfTheOthers() {
        var s = TestSessions.session("b1").user("the bundle grew by 230 kB, what are the options")
                .assistant("1. `libphonenumber-js/min` and register only the three locales of i18n-iso-countries\n2."
                        + " lazy-load the AddressForm route chunk so the main chunk shrinks but the bytes stay\n3. both\n\n"
                        + "I'd take 3: min is enough for checkout, and the form is only on one route.")
                .user("3");
        var d = s.proposedBy(new OptionPickRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals("`libphonenumber-js/min` and register only the three locales of i18n-iso-countries and lazy-load the"
                + " AddressForm route chunk", d.getFirst().title());
        assertTrue(d.getFirst().body().contains("Reason: I'd take 3"), d.getFirst().body());

        // A bare pick with no argument for it, or of a step for today, is no decision.
        var unargued = TestSessions.session("b2").assistant("1. move the cache to Redis\n2. shard the cache by tenant\n3."
                + " both").user("3");
        assertEquals(List.of(), unargued.proposedBy(new OptionPickRule()));
        var step = TestSessions.session("b3").assistant("1. look at the worker logs first\n2. restart the worker\n\nI'd"
                + " go with 1, it tells us why it died.").user("1");
        assertEquals(List.of(), step.proposedBy(new OptionPickRule()));
    }

    @Test
    void aLabelledPickIsADecisionEvenWhenAnEarlierRuleTookTheRestOfTheReply() {
        var s = TestSessions.session("b4").user("the watcher test fails on macOS about one run in fifty")
                .assistant("A save is a truncate and a write; kqueue sometimes delivers them apart, so the watcher"
                        + " reloads twice for one save. Two fixes:\n1. debounce: reload 100 ms after the last event\n2."
                        + " skip the test on darwin")
                .user("1. and never t.Skip a flaky test in this repo, either fix it or tell me and we decide");
        var d = s.proposed(EntryType.DECISION);
        assertEquals(List.of("Debounce: reload 100 ms after the last event rather than skipping the test on darwin"),
                d.stream().map(Candidate::title).toList());
        // The rule of the house said in the same reply is still its own entry.
        assertTrue(s.proposed().stream().anyMatch(c -> c.type() != EntryType.DECISION
                && c.title().startsWith("Never t.Skip a flaky test")), s.proposed()
                .toString());
    }

    @Test
    void aPlaceAStateTodaysStepOrAComparisonIsNoChosenWay() {
        var place = TestSessions.session("c4").user("the terraform for the subscription lives in the infra repo, not"
                + " here, so just do the handler part");
        assertEquals(List.of(), place.proposedBy(new ChosenOverRule()));
        var state = TestSessions.session("c5").user("there's a dump at tmp/anon.dump, not checked in, it's on the team"
                + " drive");
        assertEquals(List.of(), state.proposedBy(new ChosenOverRule()));
        var step = TestSessions.session("c6").user("run it on staging, not prod: prod is frozen until Monday");
        assertEquals(List.of(), step.proposedBy(new ChosenOverRule()));
        var comparison = TestSessions.session("c7").user("the new build is slower, not by much, maybe 3 percent");
        assertEquals(List.of(), comparison.proposedBy(new ChosenOverRule()));
        var noReason = TestSessions.session("c8").user("use the small runner, not the big one");
        assertEquals(List.of(), noReason.proposedBy(new ChosenOverRule()));
    }

    @Test
    void somethingKeptAsItIsAgainstAProposedChangeWithItsReasonIsADecision() {
        var s = TestSessions.session("k1").user("dependabot also wants go 1.24 in go.mod. no. go.mod stays at 1.22, the"
                + " debian package builds with bookworm-backports' go which is 1.22. close that PR");
        var d = s.proposedBy(new StaysAsItIsRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals("go.mod stays at 1.22: the debian package builds with bookworm-backports' go which is 1.22",
                d.getFirst().title());

        var before = TestSessions.session("k2").user("Ravi wants merge so late updates get picked up. I'm against it."
                + " merge on BigQuery scans the whole destination table on every run, and we had a nasty bill in August"
                + " from exactly that. we stay on insert_overwrite, partitioned by order_date.");
        var b = before.proposedBy(new StaysAsItIsRule());
        assertEquals(1, b.size(), b.toString());
        assertTrue(b.getFirst().title().startsWith("We stay on insert_overwrite, partitioned by order_date: merge on"
                + " BigQuery scans the whole destination table"), b.getFirst().title());

        var so = TestSessions.session("k3").user("someone asked if we'll drop 3.9 now that it's end of life. we won't,"
                + " not before 2027: the biggest downstream user is stuck on 3.9 until their cluster upgrade. so"
                + " abi3-py39 stays");
        assertEquals(List.of("abi3-py39 stays: the biggest downstream user is stuck on 3.9 until their cluster upgrade"),
                so.proposedBy(new StaysAsItIsRule()).stream().map(Candidate::title).toList());
    }

    @Test
    void aStateThatPersistsOrAStayWithoutAReasonIsNoDecision() {
        var pending = TestSessions.session("k4").user("no luck, the pod stays in Pending, the node has no free memory"
                + " left at all");
        assertEquals(List.of(), pending.proposedBy(new StaysAsItIsRule()));
        var red = TestSessions.session("k5").user("no, CI stays red, the same three tests fail on every run");
        assertEquals(List.of(), red.proposedBy(new StaysAsItIsRule()));
        var bare = TestSessions.session("k6").user("no. the timeout stays at 30s");
        assertEquals(List.of(), bare.proposedBy(new StaysAsItIsRule()));
    }

    @Test
    void aChangeKeptOnceAMeasurementShowedItsCostIsADecision() {
        var s = TestSessions.session("m1").user("check what abi3 costs us")
                .bash("pytest benchmarks --benchmark-only", "test_tokenize 18.71 ms")
                .assistant("abi3 costs 0.7-1.6% on the three benchmarks against the last non-abi3 release.")
                .user("that's nothing, keep abi3. now release 0.10.0");
        var d = s.proposedBy(new StaysAsItIsRule());
        assertEquals(1, d.size(), d.toString());
        assertEquals("Keep abi3: abi3 costs 0.7-1.6% on the three benchmarks against the last non-abi3 release",
                d.getFirst().title());
        assertEquals(EntryType.DECISION, d.getFirst().type());

        var going = TestSessions.session("m2").assistant("The first 40 of 200 runs passed in 12 s each.")
                .user("keep going, tell me when it's done");
        assertEquals(List.of(), going.proposedBy(new StaysAsItIsRule()));
        var unmeasured = TestSessions.session("m3").assistant("I switched the pool to prefork.")
                .user("keep the prefork pool");
        assertEquals(List.of(), unmeasured.proposedBy(new StaysAsItIsRule()));
    }

    @Test
    void theAssistantsSoXGetsYAfterItsReasonAndBeforeAnEditIsADecision() {
        var s = TestSessions.session("a1").user("errcheck flags every w.Write in the handlers.")
                .assistant("For `http.ResponseWriter.Write` there's nothing useful to do on error: the client is gone"
                        + " and the status is already sent. So excluding `(net/http.ResponseWriter).Write` in errcheck's"
                        + " exclude-functions in .golangci.yml, with that reason in a comment.")
                .edit(".golangci.yml", "The file .golangci.yml has been updated.");
        var d = s.proposedBy(new ReasonedChangeRule());
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.getFirst().title().startsWith("Exclude `(net/http.ResponseWriter).Write` in errcheck's"),
                d.getFirst().title());
        assertTrue(d.getFirst().body().contains("the client is gone"), d.getFirst().body());

        var status = TestSessions.session("a2").assistant("The fixture had the wrong timezone for the runner. So the"
                + " `date_test.go` suite passes now.").edit("date_test.go", "The file date_test.go has been updated.");
        assertEquals(List.of(), status.proposedBy(new ReasonedChangeRule()));
        var noEdit = TestSessions.session("a3").assistant("The premultiply only comes from the context attribute of the"
                + " canvas. So the export context gets `premultipliedAlpha: false`.").user("wait, not yet");
        assertEquals(List.of(), noEdit.proposedBy(new ReasonedChangeRule()));
    }
}
