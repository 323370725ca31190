package dev.recall.extract;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/** Sentences an earlier rule has used: one sentence yields at most one entry. */
final class Claims {
    /** Sentences by message ordinal and start offset ({@link Sentence#key()} as one long: no string per lookup). */
    private final Set<Long> claimed = new HashSet<>();
    /**
     * Of those, the sentences a debugging entry quotes as the cause of a failure. Such a sentence often states
     * something that holds beyond the failure ("`cargo update --precise` can't leave the range declared in
     * Cargo.toml"): the debugging entry keeps it as its reason, and the fact ranking may still pick it as a fact.
     */
    private final Set<Long> causes = new HashSet<>();

    boolean taken(Sentence s) {
        return claimed.contains(key(s));
    }

    void claim(Sentence s) {
        claimed.add(key(s));
    }

    /** Claims a sentence a debugging entry quotes as a failure's cause (see {@link #causes}). */
    void claimAsCause(Sentence s) {
        long k = key(s);
        if (claimed.add(k)) {
            causes.add(k);
        }
    }

    /**
     * Whether a rule has used the sentence for anything but a failure's cause. A cause that names a limit of the
     * sandbox counts as used: {@link SandboxLimitRule} states it as a fact of its own, with the failed run as evidence.
     */
    boolean takenBeyondCause(Sentence s) {
        long k = key(s);
        return claimed.contains(k) && (!causes.contains(k) || SandboxLimitRule.limitClause(s.text()) != null);
    }

    /** Claims a sentence a fact stands on: after this, it is no longer free as a cause either. */
    void claimAsFact(Sentence s) {
        long k = key(s);
        claimed.add(k);
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
