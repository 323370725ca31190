package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall.fusion.RankedHit;
import dev.recall.index.analysis.AnalyzerKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LexicalCollectionIndexTest {
    private static final TestCollection COLLECTION = new TestCollection("tiny", List.of(
            new CollectionDoc("d1", "Canvas state", "The useCanvasStore hook keeps the canvas state."),
            new CollectionDoc("d2", "Tides", "compute_tide_window returns the next safe window."),
            new CollectionDoc("d3", "Kafka", "Lower max-poll-records when consumers time out."),
            new CollectionDoc("d4", "", "Nothing about anything in particular.")),
            List.of(new Topic("q", "canvas")), Qrels.of(Map.of("q", Map.of("d1", 1))));

    private static List<String> ids(List<RankedHit> hits) {
        return hits.stream().map(RankedHit::docId).toList();
    }

    @Test
    void codeAnalyzerFindsIdentifiersByTheirParts() throws Exception {
        try (LexicalCollectionIndex index = LexicalCollectionIndex.build(COLLECTION,
                LexicalSettings.combined(AnalyzerKind.CODE, 1.2f, 0.75f))) {
            Retriever r = index.retriever();
            assertEquals(4, index.size());
            assertEquals(List.of("d1"), ids(r.retrieve("canvas store", 10)));
            assertEquals(List.of("d2"), ids(r.retrieve("tide window", 10)).subList(0, 1));
            assertEquals(List.of("d3"), ids(r.retrieve("maxPollRecords", 10)));
            assertEquals(List.of("d2"), ids(r.retrieve("compute", 10)));
        }
    }

    @Test
    void englishAnalyzerDoesNotSplitIdentifiers() throws Exception {
        try (LexicalCollectionIndex index = LexicalCollectionIndex.build(COLLECTION, LexicalSettings.anserini())) {
            // StandardTokenizer keeps compute_tide_window as one word
            assertEquals(List.of(), index.retriever().retrieve("compute", 10));
        }
    }

    @Test
    void queryParserSyntaxIsJustText() throws Exception {
        try (LexicalCollectionIndex index = LexicalCollectionIndex.build(COLLECTION, LexicalSettings.anserini())) {
            List<RankedHit> hits = index.retriever().retrieve("title:canvas AND (\"state OR ~ ^2 [ \\", 10);
            assertEquals("d1", hits.getFirst().docId());
        }
    }

    @Test
    void queryWithoutTermsFindsNothing() throws Exception {
        try (LexicalCollectionIndex index = LexicalCollectionIndex.build(COLLECTION, LexicalSettings.anserini())) {
            assertEquals(List.of(), index.retriever().retrieve("", 10));
            assertEquals(List.of(), index.retriever().retrieve("the and of ...", 10));
        }
    }

    @Test
    void hugeQueryDoesNotExceedLucenesClauseLimit() throws Exception {
        StringBuilder text = new StringBuilder("canvas");
        for (int i = 0; i < 5000; i++) {
            text.append(" w").append(Integer.toString(i, 36)).append("x");
        }
        try (LexicalCollectionIndex index = LexicalCollectionIndex.build(COLLECTION, LexicalSettings.anserini())) {
            assertEquals(List.of("d1"), ids(index.retriever().retrieve(text.toString(), 10)));
        }
    }

    @Test
    void ranksAreNumberedFromOneInScoreOrder() throws Exception {
        try (LexicalCollectionIndex index = LexicalCollectionIndex.build(COLLECTION,
                new LexicalSettings(AnalyzerKind.CODE, 0.9f, 0.4f, LexicalSettings.FieldLayout.SEPARATE, 2f))) {
            List<RankedHit> hits = index.retriever().retrieve("canvas window", 10);
            assertEquals(List.of(1, 2), hits.stream().map(RankedHit::rank).toList());
            assertEquals("d1", hits.getFirst().docId()); // title weight 2 lifts the title match
        }
    }
}
