package dev.recall.index.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CodeAnalyzerTest {
    private static Analyzer index;
    private static Analyzer query;

    @BeforeAll
    static void open() {
        index = CodeAnalyzer.forIndexing();
        query = CodeAnalyzer.forQueries();
    }

    @AfterAll
    static void close() {
        index.close();
        query.close();
    }

    private static List<String> terms(String text) {
        return Tokens.terms(index, text);
    }

    @Test
    void camelCaseIdentifierIsKeptWholeAndSplit() {
        assertEquals(List.of("usecanvasstore", "use", "canvas", "store"), terms("useCanvasStore"));
    }

    @Test
    void snakeCaseIdentifierIsKeptWholeAndSplit() {
        assertEquals(List.of("compute_tide_window", "compute", "tide", "window"), terms("compute_tide_window"));
    }

    @Test
    void kebabCaseConfigKeyIsKeptWholeAndSplitAndPartsStemmed() {
        // KStem reduces the whole token and the part alike, so "max-poll-record" in a query matches too
        assertEquals(List.of("max-poll-records", "max", "poll", "record"), terms("max-poll-records"));
    }

    @Test
    void dottedNameSplitsOnDotsCaseAndDigits() {
        assertEquals(List.of("ledger.v1.postingservice", "ledger", "v", "1", "posting", "service"),
                terms("ledger.v1.PostingService"));
    }

    @Test
    void pathKeepsWholePathAndEverySegment() {
        assertEquals(List.of("internal/posting/balance.go", "internal", "posting", "balance", "go"),
                terms("internal/posting/balance.go"));
    }

    @Test
    void commandLineFlagKeepsItsDashes() {
        assertEquals(List.of("--dry-run", "dry", "run"), terms("--dry-run"));
        assertEquals(List.of("-v", "v"), terms("-v"));
    }

    @Test
    void acronymIsSplitFromTheWordAfterItButPluralAcronymStaysWhole() {
        assertEquals(List.of("xmlparser", "xml", "parse"), terms("XMLParser"));
        assertEquals(List.of("ioexception", "io", "exception"), terms("IOException"));
        assertEquals(List.of("url"), terms("URLs"));
        assertEquals(List.of("mysql", "my", "sql"), terms("MySQL"));
    }

    @Test
    void sentencePunctuationIsNotPartOfTheToken() {
        assertEquals(List.of("see", "internal/posting/balance.go", "internal", "posting", "balance", "go", "now"),
                terms("See internal/posting/balance.go. Now"));
        assertEquals(List.of("call", "foo", "bar"), terms("(call foo, 'bar')"));
        assertEquals(List.of("std::io", "std", "io"), terms("std::io"));
    }

    @Test
    void proseIsLowerCasedStopwordsRemovedAndStemmed() {
        assertEquals(List.of("index", "rebuild", "fail", "test", "query"),
                terms("The index rebuilds and failed tests of queries"));
    }

    @Test
    void possessiveIsRemovedBeforeSplitting() {
        assertEquals(List.of("user", "setting"), terms("the user's settings"));
    }

    @Test
    void mixedLettersAndDigitsSplit() {
        assertEquals(List.of("sha256", "sha", "256", "il-6", "il", "6"), terms("sha256 IL-6"));
        assertEquals(List.of("3.14", "3", "14"), terms("3.14"));
    }

    @Test
    void urlAndEmailStayWhole() {
        assertEquals(List.of("https://github.com/acme/recall", "http", "github", "com", "acme", "recall"),
                terms("https://github.com/acme/recall"));
        assertEquals(List.of("dev@example.com", "dev", "example", "com"), terms("dev@example.com"));
    }

    @Test
    void nonAsciiLettersAreWordCharacters() {
        assertEquals(List.of("café", "naïve"), terms("café naïve"));
        assertEquals(List.of("東京"), terms("東京"));
    }

    @Test
    void wholeIdentifierSpansItsPartsInTheQueryGraph() {
        List<Tokens.Token> tokens = Tokens.of(query, "fix useCanvasStore now").tokens();
        assertEquals(List.of(
                new Tokens.Token("fix", 0, 1, 0, 3),
                new Tokens.Token("usecanvasstore", 1, 3, 4, 18),
                new Tokens.Token("use", 1, 1, 4, 7),
                new Tokens.Token("canvas", 2, 1, 7, 13),
                new Tokens.Token("store", 3, 1, 13, 18),
                new Tokens.Token("now", 4, 1, 19, 22)), tokens);
    }

    @Test
    void indexingFlattensTheGraphWithoutLosingTerms() {
        String text = "fix useCanvasStore and ledger.v1.PostingService now";
        List<Tokens.Token> flat = Tokens.of(index, text).tokens();
        assertEquals(Tokens.terms(query, text).stream().sorted().toList(),
                flat.stream().map(Tokens.Token::term).sorted().toList());
        Tokens.Token now = flat.getLast();
        assertEquals("now", now.term());
        assertTrue(flat.stream().allMatch(t -> t.position() <= now.position()), "positions stay in order");
    }

    @Test
    void overlongRunsAreCutNotIndexedWhole() {
        String blob = "a".repeat(600);
        List<String> terms = terms(blob);
        assertEquals(3, terms.size());
        assertTrue(terms.stream().allMatch(t -> t.length() <= CodeTokenizer.MAX_TOKEN_LENGTH));
    }

    @Test
    void emptyAndPunctuationOnlyTextGiveNoTerms() {
        assertEquals(List.of(), terms(""));
        assertEquals(List.of(), terms(" -- ... // ::: "));
    }

    @Test
    void analyzerIsReusableAcrossDocumentsOfDifferentSizes() {
        String big = "word ".repeat(20_000) + "tailIdentifier";
        assertEquals("tail", Tokens.terms(index, big).get(20_001));
        assertEquals(List.of("short"), terms("short"));
    }

    @Test
    void kstemKeepsIdentifierPartsReadableWherePorterWouldNot() {
        try (Analyzer porter = new CodeAnalyzer(Stemmer.PORTER, true)) {
            assertEquals(List.of("postingservic", "post", "servic"), Tokens.terms(porter, "PostingService"));
        }
        assertEquals(List.of("postingservice", "posting", "service"), terms("PostingService"));
    }
}
