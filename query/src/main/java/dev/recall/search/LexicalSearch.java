package dev.recall.search;

import dev.recall.store.EntryFilter;

/**
 * BM25 over the entry fields (title, body, trigger, evidence) of one backend: candidates, a hit's per-field
 * breakdown and how much of the query it holds. A candidate's {@code doc} means something only to the leg that
 * returned it.
 */
public interface LexicalSearch {

    /** False when the query had no searchable words (only stopwords, question words or punctuation). */
    boolean hasTerms();

    /** The top {@code window} by BM25, ties by entry id, kept to the filter when there is one. */
    LexicalLeg.Candidates search(EntryFilter filter, int window);

    /** BM25 per field and the matched query terms of a candidate this leg returned. */
    LexicalLeg.Breakdown explain(int doc);

    /** The IDF-weighted share of the query's terms the candidate holds; NaN when the query is not a bag of terms. */
    double coverage(int doc);

    /** {@link #coverage(int)} of several candidates at once (a backend may do it in one pass). */
    default double[] coverage(int[] docs) {
        double[] held = new double[docs.length];
        for (int i = 0; i < docs.length; i++) {
            held[i] = coverage(docs[i]);
        }
        return held;
    }
}
