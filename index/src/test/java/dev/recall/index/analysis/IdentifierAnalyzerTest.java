package dev.recall.index.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.Test;

class IdentifierAnalyzerTest {
    @Test
    void identifiersAreLowerCasedButNeitherSplitNorStemmed() {
        try (Analyzer a = new IdentifierAnalyzer()) {
            assertEquals(List.of("usecanvasstore", "compute_tide_window", "max-poll-records",
                            "ledger.v1.postingservice", "internal/posting/balance.go", "--dry-run"),
                    Tokens.terms(a, "useCanvasStore compute_tide_window max-poll-records "
                            + "ledger.v1.PostingService internal/posting/balance.go --dry-run"));
        }
    }

    @Test
    void wordsKeepTheirFormsAndStopwords() {
        try (Analyzer a = new IdentifierAnalyzer()) {
            assertEquals(List.of("the", "running", "tests", "see", "foo.bar"), Tokens.terms(a, "The running tests (see foo.bar)."));
        }
    }
}
