package dev.recall.eval;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Mean measures over the judged queries of a collection, plus each query's own values (keyed by query id, in
 * topic order) for per-query comparison between systems.
 */
public record EvalResult(double ndcgCut10, double map, double p30, double recall100, int queries,
                         Map<String, QueryMetrics> perQuery) {
    public EvalResult {
        perQuery = Collections.unmodifiableMap(new LinkedHashMap<>(perQuery));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "ndcg_cut_10 %.4f  map %.4f  P_30 %.4f  recall_100 %.4f  (%d queries)",
                ndcgCut10, map, p30, recall100, queries);
    }
}
