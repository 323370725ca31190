package dev.recall.eval;

import dev.recall.fusion.RankedHit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How much of the true top n an approximate search finds: for each query, the share of the exact search's n
 * nearest that are among the approximate search's first n (asked for k ≥ n candidates), averaged over queries.
 */
public final class NeighbourRecall {
    private NeighbourRecall() {}

    public static double at(int n, List<float[]> queries, VectorSearch approximate, int k, VectorSearch exact) {
        if (n < 1 || k < n) {
            throw new IllegalArgumentException("need 1 <= n <= k, got n=" + n + " k=" + k);
        }
        if (queries.isEmpty()) {
            return 0;
        }
        double sum = 0;
        for (float[] q : queries) {
            Set<String> truth = ids(exact.nearest(q, n), n);
            if (truth.isEmpty()) {
                continue;
            }
            Set<String> found = ids(approximate.nearest(q, k), n);
            found.retainAll(truth);
            sum += (double) found.size() / truth.size();
        }
        return sum / queries.size();
    }

    private static Set<String> ids(List<RankedHit> hits, int n) {
        Set<String> ids = new HashSet<>();
        for (RankedHit h : hits.subList(0, Math.min(n, hits.size()))) {
            ids.add(h.docId());
        }
        return ids;
    }
}
