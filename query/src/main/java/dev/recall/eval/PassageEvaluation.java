package dev.recall.eval;

import dev.recall.index.Passage;
import dev.recall.search.PassageHit;
import dev.recall.search.PassageSearchRequest;
import dev.recall.search.SearchMode;
import dev.recall.search.SessionSearch;
import dev.recall.store.SessionFilter;
import java.util.List;
import java.util.Map;

/** nDCG@10 of passage search over judged questions, through the product's own search (any mode). */
public final class PassageEvaluation {
    public static final int CUTOFF = 10;

    private PassageEvaluation() {}

    /** Mean nDCG@10 and the per-query values, in the queries' order. */
    public record Result(SearchMode mode, double ndcg10, Map<String, Double> perQuery) {}

    public static Result run(SessionSearch search, PassageQueries queries, Map<String, List<Passage>> passages,
            SearchMode mode) {
        Map<String, Double> per = new java.util.LinkedHashMap<>();
        for (PassageQueries.Query q : queries.queries()) {
            List<String> ranking = search.search(PassageSearchRequest.of(q.text(), mode, SessionFilter.ALL, CUTOFF))
                    .hits().stream().map(PassageHit::passageId).toList();
            per.put(q.id(), TrecMetrics.ndcgCut(ranking, queries.judgments(q, passages), CUTOFF));
        }
        return new Result(mode, per.values().stream().mapToDouble(Double::doubleValue).average().orElse(0), per);
    }
}
