package dev.recall.extract;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Sentences an earlier rule has used: one sentence yields at most one entry, with the few exceptions of
 * {@link #SHARED} (a sentence one rule uses for its reason that another states as an entry of another type).
 */
final class Claims {
    /**
     * Which rules may still use a sentence that another rule claimed: the rule asking, and the claimants whose claim it
     * may pass over. A claim keeps a sentence from turning into a second entry that says the same thing; these are the
     * pairs where the two entries say different things, so the claim hid an entry (issue 21, rules version 15, found by
     * joining what each claim hid with the hand-written entries no proposal covered):
     * <ul>
     *   <li>a setup fact the user tells ("composer is on airflow 2.6", "staging reads go to a replica with up to 30 s
     *       lag") that a decision gave as its reason or an open question as its premise: the fact holds beyond both;
     *   <li>the change a debugging method made ("making the write idempotent: overwrite with replaceWhere on the day, so a
     *       rerun replaces only that day") is also a decision with its reason;
     *   <li>a thread the closing summary leaves open ("Not started: moving to heroku-24 needs ...") that a decision or a
     *       deferral took as part of its own evidence: only another open question says the same thing (that claim
     *       stays: the summary repeats a question raised before).
     * </ul>
     * Every other pair keeps the claim: freeing all of them on the development material made 165 new proposals for 26
     * more covered entries, most of them the same sentence again as a second type (a preference said again as a
     * warning, a warning as a preference, a decision's reason as a fact ranked over a better one).
     */
    private static final Map<Class<? extends Rule>, Set<Class<? extends Rule>>> SHARED = Map.of(
            ToldEnvironmentRule.class, Set.of(DecisionRule.class, SettledRule.class, InsteadRule.class,
                    OptionPickRule.class, TurnedDownRule.class, AcceptedLeanRule.class, ChosenOverRule.class,
                    StaysAsItIsRule.class, ReasonedChangeRule.class, PreventiveChangeRule.class, WantedWayRule.class,
                    OpenQuestionRule.class, DeferralRule.class, RaisedAndPutOffRule.class, LeftOpenRule.class),
            ReasonedChangeRule.class, Set.of(DebuggingRule.class, InvestigationRule.class, MeasuredFixRule.class,
                    LookedAndFoundRule.class),
            LeftOpenRule.class, Set.of(DecisionRule.class, SettledRule.class, DeferralRule.class));

    /** Sentences by message ordinal and start offset ({@link Sentence#key()} as one long: no string per lookup). */
    private final Set<Long> claimed = new HashSet<>();
    /** Of those, the sentences a rule of {@link #SHARED} may pass over, with the rule that claimed them. */
    private final Map<Long, Class<? extends Rule>> sharedBy = new HashMap<>();
    /** The rule now running ({@link LocalExtractor} says), and the claimants it may pass over (empty for most). */
    private Class<? extends Rule> running;
    private Set<Class<? extends Rule>> passesOver = Set.of();
    /**
     * Of the claimed sentences, those a debugging entry quotes as the cause of a failure. Such a sentence often states
     * something that holds beyond the failure ("`cargo update --precise` can't leave the range declared in
     * Cargo.toml"): the debugging entry keeps it as its reason, and the fact ranking may still pick it as a fact.
     */
    private final Set<Long> causes = new HashSet<>();

    /** Says which rule uses the claims from now on (a rule run alone, as in its tests, is nobody: no pair applies). */
    void runningNow(Rule r) {
        running = r.getClass();
        passesOver = SHARED.getOrDefault(running, Set.of());
    }

    boolean taken(Sentence s) {
        return taken(key(s));
    }

    private boolean taken(long k) {
        if (!claimed.contains(k)) {
            return false;
        }
        if (passesOver.isEmpty()) {
            return true;
        }
        Class<? extends Rule> by = sharedBy.get(k);
        return by == null || !passesOver.contains(by);
    }

    void claim(Sentence s) {
        own(key(s));
    }

    /** Claims for the running rule; the claimant is remembered only where a later rule may pass over it. */
    private boolean own(long k) {
        boolean fresh = claimed.add(k);
        if (running != null && (fresh || sharedBy.containsKey(k))) {
            if (CLAIMANTS.contains(running)) {
                sharedBy.put(k, running);
            } else {
                sharedBy.remove(k);
            }
        }
        return fresh;
    }

    private static final Set<Class<? extends Rule>> CLAIMANTS = claimants();

    private static Set<Class<? extends Rule>> claimants() {
        Set<Class<? extends Rule>> all = new HashSet<>();
        SHARED.values().forEach(all::addAll);
        return Set.copyOf(all);
    }

    /** Claims a sentence a debugging entry quotes as a failure's cause (see {@link #causes}). */
    void claimAsCause(Sentence s) {
        long k = key(s);
        if (own(k)) {
            causes.add(k);
        }
    }

    /**
     * Whether a rule has used the sentence for anything but a failure's cause. A cause that names a limit of the
     * sandbox counts as used: {@link SandboxLimitRule} states it as a fact of its own, with the failed run as evidence.
     */
    boolean takenBeyondCause(Sentence s) {
        long k = key(s);
        return taken(k) && (!causes.contains(k) || SandboxLimitRule.limitClause(s.text()) != null);
    }

    /** Claims a sentence a fact stands on: after this, it is no longer free as a cause either. */
    void claimAsFact(Sentence s) {
        long k = key(s);
        own(k);
        causes.remove(k);
    }

    private static long key(Sentence s) {
        return ((long) s.ordinal() << 32) | (s.start() & 0xFFFFFFFFL);
    }

    /**
     * The statements of {@code from} a rule may still use, in order: at most {@code max} sentences that no rule has
     * claimed, that are not questions and that {@code keep} accepts. Nothing is claimed here; the rule claims what it
     * keeps. This is the loop every rule runs for a reason, a cause or an answer beside the sentence it matched.
     */
    List<Sentence> free(List<Sentence> from, int max, Predicate<Sentence> keep) {
        List<Sentence> out = new ArrayList<>();
        for (Sentence s : from) {
            if (out.size() == max) {
                break;
            }
            if (!taken(s) && !s.isQuestion() && keep.test(s)) {
                out.add(s);
            }
        }
        return out;
    }

    /** The first of {@link #free}, or null. */
    Sentence firstFree(List<Sentence> from, Predicate<Sentence> keep) {
        List<Sentence> one = free(from, 1, keep);
        return one.isEmpty() ? null : one.getFirst();
    }
}
