package dev.recall.bench;

import dev.recall.store.Fts5Baseline;
import java.util.ArrayList;
import java.util.List;

/** How the bench asks the FTS5 baseline a query: as the peers send it. */
final class Fts5Match {
    private Fts5Match() {}

    /** The top k rowids for a query given as recall receives it. */
    static List<Long> top(Fts5Baseline fts5, String query, int k) {
        String match = matchExpression(query);
        return match.isEmpty() ? List.of() : fts5.top(match, k);
    }

    /**
     * An OR of the query's words, each quoted, as the peers send it. Stopwords are dropped, as recall's analyzer
     * drops them: the peers keep them, which only makes FTS5 slower, so this favours the baseline.
     */
    static String matchExpression(String query) {
        List<String> terms = new ArrayList<>();
        for (String w : Words.contentWords(query)) {
            terms.add('"' + w.replace("\"", "\"\"") + '"');
        }
        return String.join(" OR ", terms);
    }
}
