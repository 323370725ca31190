package dev.recall.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReciprocalRankFusionTest {
    private static final double EPS = 1e-12;

    private static RankedList leg(String name, String... docs) {
        List<RankedHit> hits = new java.util.ArrayList<>();
        for (int i = 0; i < docs.length; i++) {
            hits.add(new RankedHit(docs[i], 100 - i, i + 1));
        }
        return new RankedList(name, hits);
    }

    @Test
    void sumsReciprocalRanksWithK60() {
        List<FusedHit> fused = new ReciprocalRankFusion().fuse(List.of(
                leg("lexical", "a", "b", "c"),
                leg("vector", "b", "d", "a")));

        assertEquals(List.of("b", "a", "d", "c"), fused.stream().map(FusedHit::docId).toList());
        assertEquals(1.0 / 62 + 1.0 / 61, fused.get(0).score(), EPS); // b: lexical rank 2, vector rank 1
        assertEquals(1.0 / 61 + 1.0 / 63, fused.get(1).score(), EPS); // a: ranks 1 and 3
        assertEquals(1.0 / 62, fused.get(2).score(), EPS);            // d: vector rank 2 only
        assertEquals(1.0 / 63, fused.get(3).score(), EPS);            // c: lexical rank 3 only
        assertEquals(List.of(1, 2, 3, 4), fused.stream().map(FusedHit::rank).toList());
    }

    @Test
    void keepsEachLegsRankScoreAndShare() {
        FusedHit b = new ReciprocalRankFusion().fuse(List.of(
                leg("lexical", "a", "b", "c"),
                leg("vector", "b", "d", "a"))).getFirst();

        LegContribution lexical = b.leg("lexical").orElseThrow();
        LegContribution vector = b.leg("vector").orElseThrow();
        assertEquals(2, lexical.rank());
        assertEquals(99, lexical.legScore());
        assertEquals(1.0 / 62, lexical.contribution(), EPS);
        assertEquals((1.0 / 62) / (1.0 / 62 + 1.0 / 61), lexical.share(), EPS); // 0.49593...
        assertEquals(1, vector.rank());
        assertEquals(1.0, lexical.share() + vector.share(), EPS);
    }

    @Test
    void aDocumentFromOneLegHasOnlyThatLeg() {
        FusedHit d = new ReciprocalRankFusion().fuse(List.of(leg("lexical", "a"), leg("vector", "d")))
                .stream().filter(h -> h.docId().equals("d")).findFirst().orElseThrow();
        assertEquals(1, d.legs().size());
        assertTrue(d.leg("lexical").isEmpty());
        assertEquals(1.0, d.leg("vector").orElseThrow().share(), EPS);
    }

    @Test
    void equalScoresAreOrderedByDocumentId() {
        List<FusedHit> fused = new ReciprocalRankFusion().fuse(List.of(leg("lexical", "y"), leg("vector", "x")));
        assertEquals(List.of("x", "y"), fused.stream().map(FusedHit::docId).toList());
        assertEquals(fused.get(0).score(), fused.get(1).score());
    }

    @Test
    void usesTheRanksGivenNotListPositions() {
        RankedList sparse = new RankedList("lexical", List.of(new RankedHit("a", 1.0, 5)));
        assertEquals(1.0 / 65, new ReciprocalRankFusion().fuse(List.of(sparse)).getFirst().score(), EPS);
    }

    @Test
    void customKChangesTheScores() {
        assertEquals(1.0 / 11, new ReciprocalRankFusion(10).fuse(List.of(leg("l", "a"))).getFirst().score(), EPS);
    }

    @Test
    void noLegsOrEmptyLegsFuseToNothing() {
        assertEquals(List.of(), new ReciprocalRankFusion().fuse(List.of()));
        assertEquals(List.of(), new ReciprocalRankFusion().fuse(List.of(leg("l"), leg("v"))));
    }

    @Test
    void rejectsADocumentListedTwiceInOneLeg() {
        assertThrows(IllegalArgumentException.class, () -> leg("lexical", "a", "a"));
        assertThrows(IllegalArgumentException.class, () -> new ReciprocalRankFusion(-1));
        assertThrows(IllegalArgumentException.class, () -> new RankedHit("a", 1, 0));
    }
}
