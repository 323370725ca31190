package dev.recall.index.analysis;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.tests.analysis.BaseTokenStreamTestCase;

/**
 * The analyzers under Lucene's own token-stream checks (lucene-test-framework, JUnit 4 through the vintage engine):
 * exact terms, offsets, position increments and lengths of the identifier graph; then random text of every kind,
 * which checks that offsets never go backwards or past the input, that positions and graph lengths are consistent,
 * that reset/end/close are honoured and that a reused stream gives the same tokens as a fresh one.
 */
public class AnalyzerTokenStreamTest extends BaseTokenStreamTestCase {
    private static final String W = "word";
    /** See {@link #testQueriesKeepTheGraphWithTheWholeIdentifierSpanningItsParts}. */
    private static final boolean QUERY_GRAPH_OFFSETS_CONSISTENT = false;

    public void testIndexingFlattensTheIdentifierGraphWithItsOffsets() throws Exception {
        try (Analyzer a = CodeAnalyzer.forIndexing()) {
            assertAnalyzesTo(a, "useCanvasStore works",
                    new String[] {"usecanvasstore", "use", "canvas", "store", "works"},
                    new int[] {0, 0, 3, 9, 15}, new int[] {14, 3, 9, 14, 20}, null,
                    new int[] {1, 0, 1, 1, 1}, new int[] {3, 1, 1, 1, 1});
            assertAnalyzesTo(a, "See internal/posting/balance.go. Now",
                    new String[] {"see", "internal/posting/balance.go", "internal", "posting", "balance", "go", "now"},
                    new int[] {0, 4, 4, 13, 21, 29, 33}, new int[] {3, 31, 12, 20, 28, 31, 36}, null,
                    new int[] {1, 1, 0, 1, 1, 1, 1}, new int[] {1, 4, 1, 1, 1, 1, 1});
            // "the" is a stopword (a gap of one position); the possessive goes before the split
            assertAnalyzesTo(a, "the user's --dry-run flag",
                    new String[] {"user", "--dry-run", "dry", "run", "flag"},
                    new int[] {4, 13, 13, 17, 21}, new int[] {10, 20, 16, 20, 25}, null,
                    new int[] {2, 1, 0, 1, 1}, new int[] {1, 2, 1, 1, 1});
        }
    }

    /**
     * The query analyzer keeps the graph unflattened, and a whole identifier keeps its own offsets: "--dry-run" starts
     * at its dashes, its first part "dry" two characters later, at the same position. Lucene asks tokens leaving one
     * position to share a start offset only of what is indexed (the flattened graph above does); query terms are
     * never indexed, so the graph's offsets are checked as "not necessarily consistent", like Lucene's own word
     * delimiter graph.
     */
    public void testQueriesKeepTheGraphWithTheWholeIdentifierSpanningItsParts() throws Exception {
        try (Analyzer a = CodeAnalyzer.forQueries()) {
            assertAnalyzesTo(a, "XMLParser v1.2",
                    new String[] {"xmlparser", "xml", "parse", "v1.2", "v", "1", "2"},
                    new int[] {0, 0, 3, 10, 10, 11, 13}, new int[] {9, 3, 9, 14, 11, 12, 14},
                    new String[] {W, W, W, W, W, W, W},
                    new int[] {1, 0, 1, 1, 0, 1, 1}, new int[] {2, 1, 1, 3, 1, 1, 1}, true);
            assertAnalyzesTo(a, "the user's --dry-run flag",
                    new String[] {"user", "--dry-run", "dry", "run", "flag"},
                    new int[] {4, 11, 13, 17, 21}, new int[] {10, 20, 16, 20, 25}, null,
                    new int[] {2, 1, 0, 1, 1}, new int[] {1, 2, 1, 1, 1}, QUERY_GRAPH_OFFSETS_CONSISTENT);
        }
    }

    public void testIdentifiersStayWhole() throws Exception {
        try (Analyzer a = new IdentifierAnalyzer()) {
            assertAnalyzesTo(a, "the user's --dry-run ledger.v1.PostingService",
                    new String[] {"the", "user's", "--dry-run", "ledger.v1.postingservice"},
                    new int[] {0, 4, 11, 21}, new int[] {3, 10, 20, 45}, null,
                    new int[] {1, 1, 1, 1}, new int[] {1, 1, 1, 1});
        }
    }

    public void testRandomTextIndexing() throws Exception {
        try (Analyzer a = CodeAnalyzer.forIndexing()) {
            checkRandomData(random(), a, 200 * RANDOM_MULTIPLIER);
        }
    }

    public void testRandomTextQueries() throws Exception {
        try (Analyzer a = CodeAnalyzer.forQueries()) {
            checkRandomData(random(), a, 200 * RANDOM_MULTIPLIER, 20, false, QUERY_GRAPH_OFFSETS_CONSISTENT);
        }
    }

    public void testRandomTextIdentifiers() throws Exception {
        try (Analyzer a = new IdentifierAnalyzer()) {
            checkRandomData(random(), a, 200 * RANDOM_MULTIPLIER);
        }
    }

    public void testRandomLongTexts() throws Exception {
        try (Analyzer a = CodeAnalyzer.forIndexing()) {
            checkRandomData(random(), a, 20 * RANDOM_MULTIPLIER, 8192);
        }
    }
}
