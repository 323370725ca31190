package dev.recall.extract;

import dev.recall.store.EntryType;
import dev.recall.store.Scope;
import java.util.List;

/**
 * An entry as an extractor proposes it, before the host anchors it. The spans are only claims: the host checks
 * them against the session and computes the evidence digests itself.
 */
record Candidate(
        EntryType type,
        Scope scope,
        String title,
        String body,
        String trigger,
        double confidence,
        List<Span> anchors) {

    /** Messages start..end (inclusive ordinals) and, optionally, an exact quote from one of them. */
    record Span(int start, int end, String snippet) {
        static Span of(int ordinal, String snippet) {
            return new Span(ordinal, ordinal, snippet);
        }
    }

    Candidate {
        anchors = List.copyOf(anchors);
    }

    /** Whether an earlier proposal of this type already has messages from..to in its evidence. */
    static boolean anyOn(List<Candidate> earlier, EntryType type, int from, int to) {
        return earlier.stream().anyMatch(c -> c.type() == type
                && c.anchors().stream().anyMatch(s -> s.start() <= to && from <= s.end()));
    }
}
