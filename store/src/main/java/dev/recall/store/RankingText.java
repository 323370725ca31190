package dev.recall.store;

import java.time.Instant;
import java.util.List;

/**
 * What the lexical re-rank reads of an entry, without the rest of its row: the text it looks for the query's
 * identifiers and phrases in (title, body, trigger and the evidence snippets, in anchor order), the names it looks
 * for in the query (project, branch), its confidence and its age. A query loads it for its 50 best BM25 candidates
 * and the whole row only for the page it shows.
 */
public record RankingText(String id, String title, String body, String trigger, Double confidence, String project,
        String gitBranch, Instant updatedAt, List<String> snippets) {
    public RankingText {
        snippets = List.copyOf(snippets);
    }
}
