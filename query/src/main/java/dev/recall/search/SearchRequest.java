package dev.recall.search;

import dev.recall.store.EntryFilter;
import java.util.Objects;

/**
 * A query as a value: what to look for, how, and which page. Executing it is {@link RecallSearch}'s job.
 *
 * @param window how many candidates each leg contributes before fusion and filters (W)
 * @param luceneSyntax interpret the text with Lucene's query parser instead of as plain words
 * @param explain give each hit its BM25 per field and matched terms (Lucene's explanation, a third of a lexical
 *     query's time at 1M entries); without it the breakdown holds the boosts and totals only. Ranking is the same.
 */
public record SearchRequest(
        String text,
        SearchMode mode,
        EntryFilter filter,
        int limit,
        String cursor,
        int window,
        FusionMethod fusion,
        int rrfK,
        double convexWeight,
        boolean luceneSyntax,
        LexicalWeights weights,
        boolean explain) {

    /** The shipped defaults: `recall query` and `recall eval` start from these (config.toml may override). */
    public static final int DEFAULT_WINDOW = 200;
    /** Chosen on the judged and regression sets and CACM, never on SciFact (docs/benchmarks.md, issue 20). */
    public static final FusionMethod DEFAULT_FUSION = FusionMethod.ADAPTIVE;
    public static final int DEFAULT_RRF_K = 60;
    public static final double DEFAULT_CONVEX_WEIGHT = 0.5;

    public SearchRequest {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(filter, "filter");
        if (limit < 1) {
            throw new IllegalArgumentException("--limit must be at least 1");
        }
        if (window < 1) {
            throw new IllegalArgumentException("--window must be at least 1");
        }
        if (rrfK < 1) {
            throw new IllegalArgumentException("--rrf-k must be at least 1");
        }
        if (!(convexWeight >= 0 && convexWeight <= 1)) {
            throw new IllegalArgumentException("--convex-weight must be between 0 and 1");
        }
    }

    public static SearchRequest of(String text, SearchMode mode, EntryFilter filter, int limit) {
        return new SearchRequest(text, mode, filter, limit, null, DEFAULT_WINDOW, DEFAULT_FUSION, DEFAULT_RRF_K,
                DEFAULT_CONVEX_WEIGHT, false, LexicalWeights.DEFAULTS, true);
    }

    public SearchRequest withCursor(String newCursor) {
        return new SearchRequest(text, mode, filter, limit, newCursor, window, fusion, rrfK, convexWeight,
                luceneSyntax, weights, explain);
    }

    public SearchRequest withWeights(LexicalWeights newWeights) {
        return new SearchRequest(text, mode, filter, limit, cursor, window, fusion, rrfK, convexWeight, luceneSyntax,
                newWeights, explain);
    }

    public SearchRequest withExplain(boolean newExplain) {
        return new SearchRequest(text, mode, filter, limit, cursor, window, fusion, rrfK, convexWeight, luceneSyntax,
                weights, newExplain);
    }

    /** Identity of the result list, without the page: a cursor is only valid for the same request. */
    String signature() {
        return String.join("\u0000", text, mode.label(), filter.asMap().toString(), Integer.toString(limit),
                Integer.toString(window), fusion.label(), Integer.toString(rrfK), Double.toString(convexWeight),
                Boolean.toString(luceneSyntax), weights.toString());
    }
}
