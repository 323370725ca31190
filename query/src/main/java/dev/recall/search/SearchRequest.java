package dev.recall.search;

import dev.recall.store.EntryFilter;
import dev.recall.store.RecallException;
import java.util.Objects;

/**
 * A query as a value: what to look for, how, and which page. Executing it is {@link RecallSearch}'s job.
 *
 * @param window how many candidates each leg contributes before fusion and filters (W)
 * @param luceneSyntax interpret the text with Lucene's query parser instead of as plain words
 * @param explain give each hit its BM25 per field and matched terms (each field's own weights scored on the hit);
 *     without it the breakdown holds the boosts and totals only. Ranking is the same.
 * @param coverage give each lexical hit its {@code lexical.coverage} (the IDF-weighted share of the query it holds)
 *     without the rest of the explanation: what the prompt-time hook gates on (explain gives it too)
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
        boolean explain,
        boolean coverage) {

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
            throw RecallException.invalid("limit", "must be at least 1");
        }
        if (window < 1) {
            throw RecallException.invalid("window", "must be at least 1");
        }
        if (rrfK < 1) {
            throw RecallException.invalid("rrf_k", "must be at least 1");
        }
        if (!(convexWeight >= 0 && convexWeight <= 1)) {
            throw RecallException.invalid("convex_weight", "must be between 0 and 1");
        }
    }

    /** A request without coverage on its own (an explained one still has it). */
    public SearchRequest(String text, SearchMode mode, EntryFilter filter, int limit, String cursor, int window,
            FusionMethod fusion, int rrfK, double convexWeight, boolean luceneSyntax, LexicalWeights weights,
            boolean explain) {
        this(text, mode, filter, limit, cursor, window, fusion, rrfK, convexWeight, luceneSyntax, weights, explain,
                false);
    }

    public static SearchRequest of(String text, SearchMode mode, EntryFilter filter, int limit) {
        return builder(text).mode(mode).filter(filter).limit(limit).explain(true).build();
    }

    /** A request with the product defaults for everything but the text; set what differs by name. */
    public static Builder builder(String text) {
        return new Builder(text);
    }

    public static final class Builder {
        private final String text;
        private SearchMode mode = SearchMode.LEXICAL;
        private EntryFilter filter = EntryFilter.ANY;
        private int limit = 10;
        private String cursor;
        private int window = DEFAULT_WINDOW;
        private FusionMethod fusion = DEFAULT_FUSION;
        private int rrfK = DEFAULT_RRF_K;
        private double convexWeight = DEFAULT_CONVEX_WEIGHT;
        private boolean luceneSyntax;
        private LexicalWeights weights = LexicalWeights.DEFAULTS;
        private boolean explain;
        private boolean coverage;

        private Builder(String text) {
            this.text = text;
        }

        public Builder mode(SearchMode value) {
            mode = value;
            return this;
        }

        public Builder filter(EntryFilter value) {
            filter = value;
            return this;
        }

        public Builder limit(int value) {
            limit = value;
            return this;
        }

        public Builder cursor(String value) {
            cursor = value;
            return this;
        }

        public Builder window(int value) {
            window = value;
            return this;
        }

        public Builder fusion(FusionMethod value) {
            fusion = value;
            return this;
        }

        public Builder rrfK(int value) {
            rrfK = value;
            return this;
        }

        public Builder convexWeight(double value) {
            convexWeight = value;
            return this;
        }

        public Builder luceneSyntax(boolean value) {
            luceneSyntax = value;
            return this;
        }

        public Builder weights(LexicalWeights value) {
            weights = value;
            return this;
        }

        public Builder explain(boolean value) {
            explain = value;
            return this;
        }

        public Builder coverage(boolean value) {
            coverage = value;
            return this;
        }

        public SearchRequest build() {
            return new SearchRequest(text, mode, filter, limit, cursor, window, fusion, rrfK, convexWeight,
                    luceneSyntax, weights, explain, coverage);
        }
    }

    public SearchRequest withCursor(String newCursor) {
        return new SearchRequest(text, mode, filter, limit, newCursor, window, fusion, rrfK, convexWeight,
                luceneSyntax, weights, explain, coverage);
    }

    public SearchRequest withWeights(LexicalWeights newWeights) {
        return new SearchRequest(text, mode, filter, limit, cursor, window, fusion, rrfK, convexWeight, luceneSyntax,
                newWeights, explain, coverage);
    }

    public SearchRequest withExplain(boolean newExplain) {
        return new SearchRequest(text, mode, filter, limit, cursor, window, fusion, rrfK, convexWeight, luceneSyntax,
                weights, newExplain, coverage);
    }

    /** Identity of the result list, without the page: a cursor is only valid for the same request. */
    String signature() {
        return String.join("\u0000", text, mode.label(), filter.asMap().toString(), Integer.toString(limit),
                Integer.toString(window), fusion.label(), Integer.toString(rrfK), Double.toString(convexWeight),
                Boolean.toString(luceneSyntax), weights.toString());
    }
}
