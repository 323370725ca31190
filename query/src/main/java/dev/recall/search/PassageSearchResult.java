package dev.recall.search;

import java.util.List;

/**
 * A page of passages and what shaped it.
 *
 * @param candidates fused candidates before filters
 * @param filteredOut candidates the filters removed (vector and hybrid modes filter after fusion)
 * @param archiveRevision the archive revision the answer reflects
 */
public record PassageSearchResult(List<PassageHit> hits, SearchMode mode, int candidates, int filteredOut,
        boolean windowExhausted, String nextCursor, long archiveRevision, Long vectorGeneration,
        List<String> notices) {}
