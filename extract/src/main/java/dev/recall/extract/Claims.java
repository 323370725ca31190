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

    boolean taken(Sentence s) {
        return claimed.contains(key(s));
    }

    void claim(Sentence s) {
        claimed.add(key(s));
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
