package dev.recall.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.store.RecallException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RelevanceFeedbackTest {

    @Test
    void theQueryKeepsItsCountsAndTheModelAddsItsHeaviestTermsInProportion() {
        RelevanceFeedback rm3 = new RelevanceFeedback(2, 2, 0.5);
        // doc 1 (score 2): flaki 2/4, test 1/4, retri 1/4; doc 2 (score 1): flaki 1/2, timeout 1/2
        Map<String, Double> expanded = rm3.expand(Map.of("test", 2),
                List.of(new RelevanceFeedback.Document(Map.of("flaki", 2, "test", 1, "retri", 1), 2),
                        new RelevanceFeedback.Document(Map.of("flaki", 1, "timeout", 1), 1)),
                Set.of());
        // model: flaki 2*0.5 + 1*0.5 = 1.5, test 0.5, retri 0.5, timeout 0.5; the top 2 are flaki, then retri
        // (ties by term: retri < test < timeout); mass 2.0; the query's mass 2 at weight 0.5 scales the model to 2
        assertEquals(Map.of("test", 2.0, "flaki", 1.5, "retri", 0.5), expanded);
    }

    @Test
    void commonTermsAndTermsThatCarryNoTopicAreNeverAdded() {
        RelevanceFeedback rm3 = new RelevanceFeedback(1, 10, 0.5);
        Map<String, Double> expanded = rm3.expand(Map.of("err_pnpm", 1),
                List.of(new RelevanceFeedback.Document(Map.of("lockfil", 1, "the", 5, "x", 1, "pnpm.yaml", 1,
                        "err_pnpm", 1), 3)),
                Set.of("the"));
        // the query's own identifier stays; of the feedback terms only the plain word of 2..20 letters is added
        assertEquals(Set.of("err_pnpm", "lockfil"), expanded.keySet());
        assertEquals(1.0, expanded.get("err_pnpm"));
    }

    @Test
    void withoutFeedbackDocumentsTheQueryIsUnchanged() {
        assertEquals(Map.of("ab", 1.0), new RelevanceFeedback(10, 10, 0.5).expand(Map.of("ab", 1), List.of(), Set.of()));
    }

    @Test
    void itReadsWhatItPrintsAndRefusesNonsense() {
        assertEquals(new RelevanceFeedback(10, 20, 0.7), RelevanceFeedback.parse(" 10, 20 ,0.7"));
        assertEquals("10,20,0.7", new RelevanceFeedback(10, 20, 0.7).label());
        assertEquals(RelevanceFeedback.OFF, RelevanceFeedback.parse("off"));
        assertFalse(RelevanceFeedback.OFF.on());
        assertTrue(new RelevanceFeedback(1, 1, 0.9).on());
        assertThrows(RecallException.class, () -> RelevanceFeedback.parse("10,10"));
        assertThrows(RecallException.class, () -> RelevanceFeedback.parse("ten,10,0.5"));
        assertThrows(RecallException.class, () -> new RelevanceFeedback(10, 10, 0));
        assertThrows(RecallException.class, () -> new RelevanceFeedback(-1, 10, 0.5));
    }
}
