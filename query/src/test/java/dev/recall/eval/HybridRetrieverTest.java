package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall.fusion.ConvexFusion;
import dev.recall.fusion.RankedHit;
import dev.recall.fusion.ReciprocalRankFusion;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HybridRetrieverTest {
    private static Retriever leg(List<Integer> asked, String... ids) {
        return (query, topN) -> {
            asked.add(topN);
            List<RankedHit> hits = new ArrayList<>();
            for (String id : ids) {
                if (hits.size() < topN) {
                    hits.add(new RankedHit(id, 10.0 - hits.size(), hits.size() + 1));
                }
            }
            return hits;
        };
    }

    @Test
    void eachLegIsAskedForTheWindowAndTheFusedRankingIsCut() throws Exception {
        List<Integer> asked = new ArrayList<>();
        HybridRetriever hybrid = new HybridRetriever(leg(asked, "a", "b", "c"), leg(asked, "b", "d", "a"), 2,
                new ReciprocalRankFusion(60));
        List<RankedHit> hits = hybrid.retrieve("q", 10);
        assertEquals(List.of(2, 2), asked);
        // b: 1/62 + 1/61; a: 1/61; d: 1/62 (c and the vector leg's a are outside the window)
        assertEquals(List.of("b", "a", "d"), hits.stream().map(RankedHit::docId).toList());
        assertEquals(List.of(1, 2, 3), hits.stream().map(RankedHit::rank).toList());
        assertEquals(1.0 / 62 + 1.0 / 61, hits.getFirst().score(), 1e-12);
        assertEquals(List.of("b", "a"), hybrid.retrieve("q", 2).stream().map(RankedHit::docId).toList());
    }

    @Test
    void convexWeightAppliesToTheLexicalLeg() throws Exception {
        List<Integer> asked = new ArrayList<>();
        HybridRetriever lexicalOnly = new HybridRetriever(leg(asked, "a", "b"), leg(asked, "b", "a"), 10,
                new ConvexFusion(1.0));
        assertEquals("a", lexicalOnly.retrieve("q", 10).getFirst().docId());
        HybridRetriever vectorOnly = new HybridRetriever(leg(asked, "a", "b"), leg(asked, "b", "a"), 10,
                new ConvexFusion(0.0));
        assertEquals("b", vectorOnly.retrieve("q", 10).getFirst().docId());
    }
}
