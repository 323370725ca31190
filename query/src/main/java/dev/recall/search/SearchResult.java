package dev.recall.search;

import java.util.List;

/**
 * A page of results and what shaped it.
 *
 * @param candidates fused candidates before filters
 * @param filteredOut candidates the filters removed (vector and hybrid modes filter after fusion)
 * @param windowExhausted a leg returned its whole window, so widening it (--window) may find more
 * @param window the window the legs were searched with: the asked one, or wider when a filtered page came out
 *     short and the search widened it (at most {@link RecallSearch#MAX_WIDENING} times)
 * @param windowWidened whether {@code window} is wider than the request's
 * @param nextCursor the next page, or null; refused once the store changes
 * @param notices things the user should know (an index rebuilt, query terms dropped)
 */
public record SearchResult(
        List<SearchHit> hits,
        SearchMode mode,
        int candidates,
        int filteredOut,
        boolean windowExhausted,
        int window,
        boolean windowWidened,
        String nextCursor,
        long corpusRevision,
        long queryStateRevision,
        Long vectorGeneration,
        List<String> notices) {}
