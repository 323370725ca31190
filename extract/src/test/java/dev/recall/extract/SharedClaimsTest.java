package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 15 (helper ext16b): the few pairs of rules where one rule's claim on a sentence hid an entry of another
 * type that says something else ({@link Claims}' table of shared claims), and pairs where the claim still stops the
 * same thing being proposed twice. Probe sessions written for these tests, not taken from any judged set.
 */
class SharedClaimsTest {
    private static boolean any(List<Candidate> cs, String titleStart) {
        return cs.stream().anyMatch(c -> c.title().startsWith(titleStart));
    }

    /** A decision kept its reason, a setup fact the user told; the fact is proposed too. */
    @Test
    void aSetupFactGivenAsADecisionsReasonIsAlsoAFact() {
        var s = TestSessions.session("sf").project("brindle")
                .user("The nightly export fails on the staging cluster, look at the job.")
                .assistant("Changed the schedule. I'd also switch the export to the new streaming API while I'm there.")
                .user("retries on the job, fine. but the streaming api won't work, the cluster is on elasticsearch 7.10"
                        + " and that endpoint came in 8.1. keep the scroll API.")
                .edit("jobs/export.py", "The file jobs/export.py has been updated.")
                .assistant("Kept the scroll API and added retries.");
        List<Candidate> facts = s.proposed(EntryType.FACT);
        assertTrue(any(facts, "The cluster is on elasticsearch 7.10"), s.proposed().toString());
        // The decision still stands on the same message: the fact is proposed beside it, not instead of it.
        assertFalse(s.proposed(EntryType.DECISION).isEmpty(), s.proposed().toString());
    }

    /** The premise of an open question, told as how the setup is, is a fact as well. */
    @Test
    void anOpenQuestionsPremiseToldAsSetupIsAlsoAFact() {
        var s = TestSessions.session("sq").project("brindle")
                .assistant("Local database recreated and migrated. Staging untouched.")
                .user("Thanks. One thing I don't know: staging writes go to a queue with up to 20 s delay, so the"
                        + " slow page could partly be the queue too. We should check the queue depth before closing it.")
                .assistant("Agreed. Left open in the ticket: compare the page time after deploy with the queue depth.");
        assertTrue(any(s.proposed(EntryType.FACT), "Staging writes go to a queue with up to 20 s delay"),
                s.proposed().toString());
    }

    /**
     * The change a debugging method made, said with its reason, is also a decision: a sentence a debugging rule claimed
     * is free for {@link ReasonedChangeRule}; the same sentence claimed by a rule of another kind (here a warning) is not.
     */
    @Test
    void aDebuggingFixSaidWithItsReasonIsAlsoADecision() {
        var s = TestSessions.session("sd").project("brindle")
                .user("the import for the 3rd ran twice (the cron retried after a timeout) and now the ledger has"
                        + " double rows for that day. clean that up and make reruns safe")
                .assistant("Runs 881 and 882 both inserted day=2026-11-03: the loader uses plain inserts, so a retry"
                        + " inserts the same rows again. Making the load idempotent: upsert with onConflict on the day,"
                        + " so a rerun replaces only that day's rows.")
                .edit("importer/load.ts", "-    await db.insert(rows)\n+    await db.insert(rows).onConflict(['day', 'key'])");
        assertTrue(any(afterClaimBy(s, new InvestigationRule(), new ReasonedChangeRule()), "Making the load idempotent"));
        assertTrue(any(afterClaimBy(s, new LookedAndFoundRule(), new ReasonedChangeRule()), "Making the load idempotent"));
        assertEquals(List.of(), afterClaimBy(s, new WarningRule(), new ReasonedChangeRule()));
    }

    /** What {@code rule} proposes once {@code claimant} has claimed every sentence of the session. */
    private static List<Candidate> afterClaimBy(TestSessions s, Rule claimant, Rule rule) {
        Transcript t = new Transcript(s.toSession(), s.messages(), new Commands());
        Claims claims = new Claims();
        claims.runningNow(claimant);
        t.sentences().forEach(claims::claim);
        claims.runningNow(rule);
        return rule.apply(t, claims);
    }

    /** A thread the closing summary leaves open, in a message a decision stands on, is still an open question. */
    @Test
    void aThreadLeftOpenBesideADecisionIsStillAnOpenQuestion() {
        var s = TestSessions.session("so").project("brindle")
                .user("the product photos are huge, 4MB pngs straight from the camera. what can we do")
                .assistant("Three options:\n1) an image CDN that resizes on request, paid per image\n2) resize at"
                        + " build time into webp with a srcset; no runtime cost, but builds get slower\n3) leave them"
                        + " and only add lazy loading")
                .user("2. we have 80 products, build time doesn't matter")
                .assistant("Then the photos move to build-time resizing in the next change. Summary for today:\n"
                        + "- build fixed: missing price in the tea-set.md front matter, and Node pinned to 22 through"
                        + " .nvmrc\n- main pushed, production is building from it\nNot done: the gift card page you"
                        + " mentioned last week, nothing started.");
        assertTrue(any(s.proposed(EntryType.OPEN_QUESTION), "The gift card page you mentioned last week"),
                s.proposed().toString());
    }

    /** A preference said as "never X" stays one entry: its claim still keeps the warning rule off the sentence. */
    @Test
    void aPreferenceIsNotProposedAgainAsAWarning() {
        var s = TestSessions.session("sp").project("brindle")
                .user("Please always use the shared version file, never hardcode versions in the build scripts.");
        assertTrue(any(s.proposed(EntryType.PREFERENCE), "Always use the shared version file"),
                s.proposed().toString());
        assertEquals(List.of(), s.proposed(EntryType.WARNING));
        // On its own the warning rule would take it: the claim is what keeps it to one entry.
        assertFalse(s.proposedBy(new WarningRule()).isEmpty());
    }

    /**
     * A summary's open thread that an open question claimed (the summary repeating a question raised before) stays
     * claimed; the same sentence claimed by a decision or a deferral is free for {@link LeftOpenRule}.
     */
    @Test
    void aSummarysOpenThreadClaimedByAnOpenQuestionStaysClaimed() {
        var s = TestSessions.session("sr").project("brindle")
                .assistant("Deployed to preview. Open: whether invoice numbers restart every year, waiting on"
                        + " accounting.");
        assertEquals(List.of(), afterClaimBy(s, new OpenQuestionRule(), new LeftOpenRule()));
        assertEquals(List.of(), afterClaimBy(s, new PreferenceRule(), new LeftOpenRule()));
        assertTrue(any(afterClaimBy(s, new DecisionRule(), new LeftOpenRule()), "Whether invoice numbers restart"));
        assertTrue(any(afterClaimBy(s, new DeferralRule(), new LeftOpenRule()), "Whether invoice numbers restart"));
    }
}
