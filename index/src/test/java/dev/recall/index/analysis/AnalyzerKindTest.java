package dev.recall.index.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.junit.jupiter.api.Test;

class AnalyzerKindTest {
    /** Anserini's default analysis, written out filter by filter. */
    private static final class AnseriniChain extends Analyzer {
        @Override
        protected TokenStreamComponents createComponents(String fieldName) {
            StandardTokenizer source = new StandardTokenizer();
            TokenStream result = new EnglishPossessiveFilter(source);
            result = new LowerCaseFilter(result);
            result = new StopFilter(result, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
            return new TokenStreamComponents(source, new PorterStemFilter(result));
        }
    }

    @Test
    void englishIsExactlyAnserinisChain() {
        String text = "The Interarrival Statistics for Time-Sharing Systems: users' programs, Knuth's "
                + "algorithms and 3.14 e-mail dev@example.com at http://example.org/x; don't RUNNING queues";
        try (Analyzer english = AnalyzerKind.ENGLISH.newIndexAnalyzer(); Analyzer reference = new AnseriniChain()) {
            assertEquals(Tokens.of(reference, text), Tokens.of(english, text));
        }
    }

    @Test
    void englishStemsWithPorter() {
        try (Analyzer english = AnalyzerKind.ENGLISH.newQueryAnalyzer()) {
            assertEquals(List.of("interarriv", "statist", "time", "share", "system"),
                    Tokens.terms(english, "Interarrival Statistics for Time Sharing Systems"));
        }
    }

    @Test
    void codeKindGivesTheCodeAnalyzerForBothSides() {
        try (Analyzer i = AnalyzerKind.CODE.newIndexAnalyzer(); Analyzer q = AnalyzerKind.CODE.newQueryAnalyzer()) {
            assertInstanceOf(CodeAnalyzer.class, i);
            assertInstanceOf(CodeAnalyzer.class, q);
            assertEquals(Tokens.terms(i, "useCanvasStore"), Tokens.terms(q, "useCanvasStore"));
        }
    }

    @Test
    void parsesNamesCaseInsensitively() {
        assertEquals(AnalyzerKind.CODE, AnalyzerKind.parse(" Code "));
        assertEquals(AnalyzerKind.ENGLISH, AnalyzerKind.parse("english"));
        var e = assertThrows(dev.recall.store.RecallException.class, () -> AnalyzerKind.parse("porter"));
        // the field, the value and the known values, for each surface to word (the cli as --analyzer)
        assertEquals(dev.recall.store.RecallException.Kind.INVALID, e.kind());
        assertEquals("analyzer: unknown value 'porter' (allowed: english, code)", e.getMessage());
        assertEquals("porter", e.details().get("value"));
        assertEquals(List.of("english", "code"), e.details().get("known"));
    }
}
