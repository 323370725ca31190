package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recall.fusion.RankedHit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EvalRunnerTest {
    private static final double EPS = 1e-9;

    private static final TestCollection COLLECTION = new TestCollection("tiny",
            List.of(new CollectionDoc("a", "", "x"), new CollectionDoc("b", "", "y")),
            List.of(new Topic("q1", "find a"), new Topic("q2", "find b"), new Topic("q3", "unjudged"),
                    new Topic("q4", "judged but nothing relevant")),
            Qrels.of(Map.of("q1", Map.of("a", 1), "q2", Map.of("b", 1), "q4", Map.of("a", 0))));

    private static List<RankedHit> hits(String... ids) {
        List<RankedHit> out = new ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            out.add(new RankedHit(ids[i], ids.length - i, i + 1));
        }
        return out;
    }

    @Test
    void averagesOverQueriesWithRelevantJudgmentsOnly() throws Exception {
        List<String> asked = new ArrayList<>();
        Retriever retriever = (text, topN) -> {
            asked.add(text);
            return text.equals("find a") ? hits("a", "b") : hits("a", "b"); // q2's relevant doc comes second
        };
        EvalResult r = new EvalRunner().run(COLLECTION, retriever);

        assertEquals(List.of("find a", "find b"), asked);
        assertEquals(2, r.queries());
        assertEquals((1.0 + 0.5) / 2, r.map(), EPS);
        assertEquals((1.0 + 1 / (Math.log(3) / Math.log(2))) / 2, r.ndcgCut10(), EPS);
        assertEquals((1.0 / 30 + 1.0 / 30) / 2, r.p30(), EPS);
        assertEquals(1.0, r.recall100(), EPS);
        assertEquals(List.of("q1", "q2"), List.copyOf(r.perQuery().keySet()));
        assertEquals(0.5, r.perQuery().get("q2").map(), EPS);
    }

    @Test
    void judgedQueryWithNothingRetrievedCountsAsZero() throws Exception {
        EvalResult r = new EvalRunner().run(COLLECTION, (text, topN) -> text.equals("find a") ? hits("a") : List.of());
        assertEquals(2, r.queries());
        assertEquals(0.5, r.map(), EPS);
    }

    @Test
    void asksForTheConfiguredDepth() throws Exception {
        List<Integer> depths = new ArrayList<>();
        new EvalRunner(100).run(COLLECTION, (text, topN) -> {
            depths.add(topN);
            return List.of();
        });
        assertEquals(List.of(100, 100), depths);
        assertThrows(IllegalArgumentException.class, () -> new EvalRunner(10));
    }
}
