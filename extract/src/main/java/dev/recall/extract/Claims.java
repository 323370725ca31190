package dev.recall.extract;

import java.util.HashSet;
import java.util.Set;

/** Sentences an earlier rule has used: one sentence yields at most one entry. */
final class Claims {
    private final Set<String> claimed = new HashSet<>();

    boolean taken(Sentence s) {
        return claimed.contains(s.key());
    }

    void claim(Sentence s) {
        claimed.add(s.key());
    }
}
