package dev.recall.search;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.index.BagOfWords;
import dev.recall.index.analysis.AnalyzerKind;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.Test;

/** Snippets with the product's code-aware analysis: stems match, the text's own words are shown and marked. */
class SnippetsTest {
    private static final String TEXT = "Start the dev database with make db-up.\n\n  Then the   integration tests "
            + "run against it; testing without migrations fails on a missing relation.";

    @Test
    void theWindowMarksTheTextsOwnWordsWhereTheirStemsMatched() {
        try (Analyzer index = AnalyzerKind.CODE.newIndexAnalyzer(); Analyzer query = AnalyzerKind.CODE.newQueryAnalyzer()) {
            Set<String> terms = BagOfWords.terms(query, "Integration Tests").keySet();
            Snippet s = Snippets.window(index, TEXT, terms, 60);
            assertFalse(s.text().contains("  "), "whitespace collapsed: " + s.text());
            List<String> marked = s.marks().stream().map(m -> s.text().substring(m.start(), m.end())).toList();
            assertTrue(marked.contains("integration"), marked.toString());
            assertTrue(marked.contains("tests"), marked.toString());
            assertTrue(s.marked("[", "]").contains("[integration] [tests]"), s.marked("[", "]"));
            assertTrue(s.text().startsWith("...") || s.text().startsWith("Start"), s.text());
        }
    }

    @Test
    void matchedTermsAreShownAsTyped() {
        try (Analyzer query = AnalyzerKind.CODE.newQueryAnalyzer()) {
            Set<String> stems = BagOfWords.terms(query, "Integration Testing").keySet();
            assertEquals(List.of("Integration", "Testing"), Snippets.typed(query, "Integration Testing", stems));
            assertEquals(List.of(), Snippets.typed(query, "Integration Testing", List.of()));
        }
    }
}
