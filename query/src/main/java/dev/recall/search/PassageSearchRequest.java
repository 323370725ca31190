package dev.recall.search;

import dev.recall.store.RecallException;
import dev.recall.store.SessionFilter;
import java.util.Objects;

/**
 * A search over session passages as a value. Filters are session attributes; vector and hybrid modes fuse the
 * unfiltered legs by RRF first and filter after, like entry search.
 *
 * @param window how many candidates each leg contributes before fusion and filters
 * @param explain give each hit its BM25 and matched terms (Lucene's explanation)
 */
public record PassageSearchRequest(String text, SearchMode mode, SessionFilter filter, int limit, String cursor,
        int window, int rrfK, float k1, float b, boolean explain) {

    public PassageSearchRequest {
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
    }

    public static PassageSearchRequest of(String text, SearchMode mode, SessionFilter filter, int limit) {
        return new PassageSearchRequest(text, mode, filter, limit, null, SearchRequest.DEFAULT_WINDOW,
                60, LexicalWeights.DEFAULTS.k1(), LexicalWeights.DEFAULTS.b(), true);
    }

    public PassageSearchRequest withCursor(String newCursor) {
        return new PassageSearchRequest(text, mode, filter, limit, newCursor, window, rrfK, k1, b, explain);
    }

    /** Identity of the result list, without the page: a cursor is only valid for the same request. */
    String signature() {
        return String.join("\u0000", "passages", text, mode.label(), filter.asMap().toString(),
                Integer.toString(limit), Integer.toString(window), Integer.toString(rrfK), Float.toString(k1),
                Float.toString(b));
    }
}
