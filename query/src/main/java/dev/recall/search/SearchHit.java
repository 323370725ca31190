package dev.recall.search;

import dev.recall.store.RecallEntry;
import java.util.List;
import java.util.Map;

/**
 * One result: the entry, its final score, every component of that score (in display order), and the query
 * terms it matched.
 */
public record SearchHit(RecallEntry entry, int rank, double score, Map<String, Double> breakdown,
        List<String> matchedTerms) {}
