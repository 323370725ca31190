package dev.recall.fusion;

import java.util.Objects;

/**
 * One document in one ranked list: its id, the score the list's retriever gave it and its 1-based rank there.
 * The rank is kept separately from the score because rank fusion looks only at ranks, and a list may rank by
 * something other than its scores (e.g. after tie-breaking).
 */
public record RankedHit(String docId, double score, int rank) {
    public RankedHit {
        Objects.requireNonNull(docId, "docId");
        if (rank < 1) {
            throw new IllegalArgumentException("rank is 1-based, got " + rank + " for " + docId);
        }
        if (Double.isNaN(score)) {
            throw new IllegalArgumentException("score is NaN for " + docId);
        }
    }
}
