package dev.recall.search;

import dev.recall.store.EntryFilter;

/**
 * BM25 over the entry fields (content, title, trigger, evidence) of one backend: candidates, a hit's per-field
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

    /**
     * How much of the query each of some candidates this leg returned holds (a backend may measure them in one pass).
     */
    QueryOverlap overlap(int[] docs);

    /** The IDF-weighted share of the query's terms the candidate holds; NaN when the query is not a bag of terms. */
    default double coverage(int doc) {
        return coverage(new int[] {doc})[0];
    }

    /** {@link #coverage(int)} of several candidates at once. */
    default double[] coverage(int[] docs) {
        return overlap(docs).coverage();
    }

    /**
     * Per candidate: {@code coverage}, the IDF-weighted share of the query's terms it holds in any text field (1 = every
     * term, rare ones weighing most; NaN when the query is not a bag of terms, i.e. Lucene syntax), and {@code terms},
     * how many distinct query terms it holds.
     */
    record QueryOverlap(double[] coverage, int[] terms) {}
}
