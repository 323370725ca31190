package dev.recall.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConvexFusionTest {
    private static final double EPS = 1e-12;

    private static RankedList leg(String name, Object... docAndScore) {
        List<RankedHit> hits = new ArrayList<>();
        for (int i = 0; i < docAndScore.length; i += 2) {
            hits.add(new RankedHit((String) docAndScore[i], ((Number) docAndScore[i + 1]).doubleValue(), i / 2 + 1));
        }
        return new RankedList(name, hits);
    }

    // lexical a=10 b=6 c=2 normalises to 1, 0.5, 0; vector b=0.9 d=0.5 a=0.1 normalises to 1, 0.5, 0
    private static final List<RankedList> LEGS = List.of(
            leg("lexical", "a", 10, "b", 6, "c", 2),
            leg("vector", "b", 0.9, "d", 0.5, "a", 0.1));

    @Test
    void equalWeightsAverageTheNormalisedScores() {
        List<FusedHit> fused = new ConvexFusion().fuse(LEGS);
        assertEquals(List.of("b", "a", "d", "c"), fused.stream().map(FusedHit::docId).toList());
        assertEquals(0.5 * 0.5 + 0.5 * 1.0, fused.get(0).score(), EPS); // b
        assertEquals(0.5 * 1.0 + 0.5 * 0.0, fused.get(1).score(), EPS); // a
        assertEquals(0.5 * 0.5, fused.get(2).score(), EPS);             // d: missing from lexical adds 0
        assertEquals(0.0, fused.get(3).score(), EPS);                   // c: the lexical minimum
    }

    @Test
    void weightFavoursTheFirstLeg() {
        List<FusedHit> fused = new ConvexFusion(0.8).fuse(LEGS);
        assertEquals(List.of("a", "b", "d", "c"), fused.stream().map(FusedHit::docId).toList());
        assertEquals(0.8, fused.get(0).score(), EPS);             // a: 0.8*1 + 0.2*0
        assertEquals(0.8 * 0.5 + 0.2 * 1.0, fused.get(1).score(), EPS); // b
        assertEquals(0.2 * 0.5, fused.get(2).score(), EPS);       // d
    }

    @Test
    void breakdownShowsRawScoreRankAndShare() {
        FusedHit b = new ConvexFusion().fuse(LEGS).getFirst();
        LegContribution lexical = b.leg("lexical").orElseThrow();
        assertEquals(6, lexical.legScore());
        assertEquals(2, lexical.rank());
        assertEquals(0.25, lexical.contribution(), EPS);
        assertEquals(0.25 / 0.75, lexical.share(), EPS);
    }

    @Test
    void aLegWhoseScoresAreAllEqualNormalisesToOne() {
        List<FusedHit> fused = new ConvexFusion().fuse(List.of(leg("lexical", "a", 3.0), leg("vector")));
        assertEquals(0.5, fused.getFirst().score(), EPS);
    }

    @Test
    void tiesAreOrderedByDocumentId() {
        List<FusedHit> fused = new ConvexFusion().fuse(List.of(leg("lexical", "z", 1.0), leg("vector", "m", 7.0)));
        assertEquals(List.of("m", "z"), fused.stream().map(FusedHit::docId).toList());
    }

    @Test
    void refusesOtherThanTwoLegsAndWeightsOutsideZeroToOne() {
        assertThrows(IllegalArgumentException.class, () -> new ConvexFusion().fuse(List.of(LEGS.getFirst())));
        assertThrows(IllegalArgumentException.class, () -> new ConvexFusion(1.5));
        assertThrows(IllegalArgumentException.class, () -> new ConvexFusion(Double.NaN));
    }
}
