package dev.recall.search;

import dev.recall.store.Evidence;
import dev.recall.store.Session;
import java.util.List;
import java.util.Map;

/**
 * One passage found: where it is (session, ordinal range), a snippet with the matched words marked, its score and
 * every component, and the evidence of entries that cite messages inside it (the link from a conversation to what
 * was learnt from it).
 */
public record PassageHit(String passageId, Session session, int startOrdinal, int endOrdinal, int rank,
        double score, Map<String, Double> breakdown, List<String> matchedTerms, String snippet,
        List<Evidence> citedBy) {}
