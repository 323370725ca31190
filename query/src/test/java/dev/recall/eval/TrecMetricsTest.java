package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recall.fusion.RankedHit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrecMetricsTest {
    private static final double EPS = 1e-9;

    private static List<RankedHit> run(Object... docAndScore) {
        List<RankedHit> hits = new ArrayList<>();
        for (int i = 0; i < docAndScore.length; i += 2) {
            hits.add(new RankedHit((String) docAndScore[i], ((Number) docAndScore[i + 1]).doubleValue(), i / 2 + 1));
        }
        return hits;
    }

    // d1 grade 2, d2 and d4 grade 1, d3 judged not relevant: three relevant documents
    private static final Map<String, Integer> QRELS = Map.of("d1", 2, "d2", 1, "d3", 0, "d4", 1);
    // ranked d3, d1, unjudged, d2: relevant at ranks 2 and 4, d4 never retrieved
    private static final List<RankedHit> RUN = run("d3", 5, "d1", 4, "x", 3, "d2", 2);

    @Test
    void ndcgUsesGradesAsGainsAndTheIdealFromAllRelevantJudgments() {
        double dcg = 2 / log2(3) + 1 / log2(5);
        double ideal = 2 / log2(2) + 1 / log2(3) + 1 / log2(4);
        QueryMetrics m = TrecMetrics.evaluate(QRELS, RUN);
        assertEquals(dcg / ideal, m.ndcgCut10(), EPS);
        assertEquals(0.540586, m.ndcgCut10(), 1e-6);
    }

    @Test
    void averagePrecisionDividesByAllRelevantJudged() {
        assertEquals((1.0 / 2 + 2.0 / 4) / 3, TrecMetrics.evaluate(QRELS, RUN).map(), EPS);
    }

    @Test
    void precisionAt30DividesBy30EvenWithFewerRetrieved() {
        assertEquals(2.0 / 30, TrecMetrics.evaluate(QRELS, RUN).p30(), EPS);
    }

    @Test
    void recallAt100CountsRelevantRetrievedOverRelevantJudged() {
        assertEquals(2.0 / 3, TrecMetrics.evaluate(QRELS, RUN).recall100(), EPS);
    }

    @Test
    void ndcgStopsAtTheCutoff() {
        List<RankedHit> deep = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            deep.add(new RankedHit("n" + i, 100 - i, i + 1));
        }
        deep.add(new RankedHit("d1", 1, 11));
        QueryMetrics m = TrecMetrics.evaluate(Map.of("d1", 1), deep);
        assertEquals(0.0, m.ndcgCut10(), EPS);
        assertEquals(1.0 / 11, m.map(), EPS);
    }

    @Test
    void runIsResortedByScoreIgnoringGivenRanks() {
        // ranks claim d1 first, but its score is lower: trec_eval goes by score
        List<RankedHit> misranked = List.of(new RankedHit("d1", 1.0, 1), new RankedHit("n", 2.0, 2));
        assertEquals(List.of("n", "d1"), TrecMetrics.trecOrder(misranked));
        assertEquals(0.5, TrecMetrics.evaluate(Map.of("d1", 1), misranked).map(), EPS);
    }

    @Test
    void tiesAreBrokenByDocumentIdDescendingLikeTrecEval() {
        List<RankedHit> tied = run("a", 1.0, "c", 1.0, "b", 1.0);
        assertEquals(List.of("c", "b", "a"), TrecMetrics.trecOrder(tied));
        assertEquals(1.0 / 3, TrecMetrics.evaluate(Map.of("a", 1), tied).map(), EPS);
    }

    @Test
    void scoresEqualAsFloatsAreTied() {
        // trec_eval keeps scores as C float: these two doubles are one float, so the id decides
        List<RankedHit> nearlyTied = run("a", 1.0 + 1e-12, "b", 1.0);
        assertEquals(List.of("b", "a"), TrecMetrics.trecOrder(nearlyTied));
    }

    @Test
    void queryWithoutRelevantJudgmentsScoresZero() {
        QueryMetrics m = TrecMetrics.evaluate(Map.of("d3", 0), RUN);
        assertEquals(new QueryMetrics(0, 0, 0, 0), m);
    }

    @Test
    void emptyRunScoresZero() {
        assertEquals(new QueryMetrics(0, 0, 0, 0), TrecMetrics.evaluate(QRELS, List.of()));
    }

    @Test
    void perfectRankingScoresOne() {
        QueryMetrics m = TrecMetrics.evaluate(QRELS, run("d1", 3, "d2", 2, "d4", 1));
        assertEquals(1.0, m.ndcgCut10(), EPS);
        assertEquals(1.0, m.map(), EPS);
        assertEquals(1.0, m.recall100(), EPS);
    }

    @Test
    void duplicateDocumentInARunIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> TrecMetrics.evaluate(QRELS, run("d1", 2, "d1", 1)));
    }

    private static double log2(int x) {
        return Math.log(x) / Math.log(2);
    }
}
