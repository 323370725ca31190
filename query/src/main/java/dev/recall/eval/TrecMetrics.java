package dev.recall.eval;

import dev.recall.fusion.RankedHit;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-query measures computed the way trec_eval 9 computes them, so figures compare with published ones.
 *
 * <p>What trec_eval does that a naive implementation would not: it ignores the run's own ranks and re-sorts the
 * run by score descending, ties broken by document id descending ({@code strcmp}, i.e. byte order); it keeps
 * scores as C {@code float}, so two scores equal in float are tied even if they differ as doubles; a document is
 * relevant when its grade is at least 1; nDCG's gain is the grade itself with discount log2(rank + 1) and the
 * ideal ranking is built from every relevant judgment of the query; P@k divides by k even when fewer were
 * retrieved.
 */
public final class TrecMetrics {
    private TrecMetrics() {}

    /** All four measures for one query. */
    public static QueryMetrics evaluate(Map<String, Integer> judgments, List<RankedHit> run) {
        List<String> ranking = trecOrder(run);
        return new QueryMetrics(
                ndcgCut(ranking, judgments, 10),
                averagePrecision(ranking, judgments),
                precisionAt(ranking, judgments, 30),
                recallAt(ranking, judgments, 100));
    }

    /** Document ids in the order trec_eval evaluates them: score descending, then id descending. */
    public static List<String> trecOrder(List<RankedHit> run) {
        record Entry(String docId, float sim, byte[] docno) {}
        List<Entry> entries = new ArrayList<>(run.size());
        Set<String> seen = new HashSet<>();
        for (RankedHit hit : run) {
            if (!seen.add(hit.docId())) {
                // trec_eval stops with "duplicate docs" here; a measure over such a run would be meaningless
                throw new IllegalArgumentException("run lists document " + hit.docId() + " twice");
            }
            entries.add(new Entry(hit.docId(), (float) hit.score(), hit.docId().getBytes(StandardCharsets.UTF_8)));
        }
        entries.sort(Comparator.comparingDouble((Entry e) -> e.sim()).reversed()
                .thenComparing((a, b) -> Arrays.compareUnsigned(b.docno(), a.docno())));
        return entries.stream().map(Entry::docId).toList();
    }

    /** trec_eval's {@code ndcg_cut.k}. */
    public static double ndcgCut(List<String> ranking, Map<String, Integer> judgments, int cutoff) {
        double dcg = 0;
        for (int i = 0; i < Math.min(cutoff, ranking.size()); i++) {
            int gain = judgments.getOrDefault(ranking.get(i), 0);
            if (gain > 0) {
                dcg += gain / log2(i + 2);
            }
        }
        int[] ideal = judgments.values().stream().filter(g -> g > 0)
                .sorted(Comparator.reverseOrder()).mapToInt(Integer::intValue).toArray();
        double idcg = 0;
        for (int i = 0; i < Math.min(cutoff, ideal.length); i++) {
            idcg += ideal[i] / log2(i + 2);
        }
        return idcg > 0 ? dcg / idcg : dcg;
    }

    /** trec_eval's {@code map} for one query: average precision over all relevant judged documents. */
    public static double averagePrecision(List<String> ranking, Map<String, Integer> judgments) {
        int relevant = relevantCount(judgments);
        if (relevant == 0) {
            return 0;
        }
        double sum = 0;
        int found = 0;
        for (int i = 0; i < ranking.size(); i++) {
            if (isRelevant(judgments, ranking.get(i))) {
                found++;
                sum += (double) found / (i + 1);
            }
        }
        return sum / relevant;
    }

    /** trec_eval's {@code P.k}: relevant documents in the top k, divided by k. */
    public static double precisionAt(List<String> ranking, Map<String, Integer> judgments, int k) {
        return (double) relevantInTop(ranking, judgments, k) / k;
    }

    /** trec_eval's {@code recall.k}: relevant documents in the top k, divided by all relevant judged ones. */
    public static double recallAt(List<String> ranking, Map<String, Integer> judgments, int k) {
        int relevant = relevantCount(judgments);
        return relevant == 0 ? 0 : (double) relevantInTop(ranking, judgments, k) / relevant;
    }

    private static int relevantInTop(List<String> ranking, Map<String, Integer> judgments, int k) {
        int n = 0;
        for (int i = 0; i < Math.min(k, ranking.size()); i++) {
            if (isRelevant(judgments, ranking.get(i))) {
                n++;
            }
        }
        return n;
    }

    private static int relevantCount(Map<String, Integer> judgments) {
        return (int) judgments.values().stream().filter(g -> g > 0).count();
    }

    private static boolean isRelevant(Map<String, Integer> judgments, String docId) {
        return judgments.getOrDefault(docId, 0) > 0;
    }

    private static double log2(int x) {
        return Math.log(x) / Math.log(2);
    }
}
