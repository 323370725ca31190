package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TextRankTest {

    /**
     * Path graph A - B - C with equal weights, d = 0.85, N = 3. By symmetry PR(A) = PR(C), and
     * PR(B) = 0.05 + 0.85 * (PR(A) + PR(C)) = 0.05 + 1.7 PR(A); PR(A) = 0.05 + 0.85 * PR(B) / 2.
     * Substituting: PR(A) = 0.07125 / 0.2775 = 0.2567568, PR(B) = 0.4864865. They sum to 1.
     */
    @Test
    void pageRankOnAPathGraphMatchesTheHandComputation() {
        double[][] w = {{0, 1, 0}, {1, 0, 1}, {0, 1, 0}};
        double[] pr = TextRank.rank(w);
        assertArrayEquals(new double[] {0.07125 / 0.2775, 0.05 + 1.7 * 0.07125 / 0.2775, 0.07125 / 0.2775}, pr,
                1e-7);
        assertEquals(1.0, pr[0] + pr[1] + pr[2], 1e-9);
    }

    /** An isolated node gets (1-d)/N plus its share of dangling rank; with no edges at all, everyone gets 1/N. */
    @Test
    void withoutEdgesEverySentenceRanksTheSame() {
        assertArrayEquals(new double[] {0.25, 0.25, 0.25, 0.25}, TextRank.rank(new double[4][4]), 1e-12);
    }

    /**
     * Two sentences among three share "cache", one shares nothing. N = 3: idf(cache) = ln(3/2); every other term
     * appears once, idf = ln 3. Vectors: s0 = {cache: ln1.5, evicts: ln3}, s1 = {cache: ln1.5, warm: ln3},
     * so cos(s0, s1) = ln1.5^2 / (ln1.5^2 + ln3^2) = 0.164408/(0.164408 + 1.206949) = 0.119887.
     */
    @Test
    void tfIdfCosineMatchesTheHandComputation() {
        List<List<String>> docs = List.of(List.of("cache", "evicts"), List.of("cache", "warm"),
                List.of("deploy", "friday"));
        List<Map<String, Double>> v = TfIdf.vectors(docs);
        assertEquals(Math.log(1.5), v.get(0).get("cache"), 1e-12);
        assertEquals(Math.log(3), v.get(0).get("evicts"), 1e-12);
        double l15 = Math.log(1.5) * Math.log(1.5);
        double l3 = Math.log(3) * Math.log(3);
        assertEquals(l15 / (l15 + l3), TextRank.cosine(v.get(0), v.get(1)), 1e-12);
        assertEquals(0.0, TextRank.cosine(v.get(0), v.get(2)), 0.0);
    }

    @Test
    void tokensDropStopwordsNumbersAndPunctuation() {
        assertEquals(List.of("cache", "evicts", "entries", "lru"),
                TfIdf.tokens("The cache evicts 42 entries (LRU)!"));
    }

    /**
     * Sentence 2 is the hub. Stopwords ("the", "on", "out", "before", "needs") drop out. With N = 4, idf(cache) =
     * ln(4/3), idf = ln 2 for the six terms in two sentences, ln 4 for the rest: cos(1,2) = 1.524 / sqrt(5.368 *
     * 2.965) = 0.382, cos(2,3) = 1.524 / sqrt(2.965 * 1.524) = 0.717, cos(1,3) = 0.083 / sqrt(5.368 * 1.524) =
     * 0.029, and sentence 0 shares nothing. So the top two are 2 then 3, the isolated sentence ranks last, and the
     * output keeps the original order.
     */
    @Test
    void topSentencesAreTheCentralOnesInTheirOriginalOrder() {
        List<String> sentences = List.of(
                "The deploy on Friday went out late.",
                "The cache layer evicts stale ledger entries.",
                "Warm the cache layer before reconciling ledger entries nightly.",
                "Reconciling nightly needs the warm cache.");
        double[][] w = TextRank.graph(TfIdf.vectors(sentences.stream().map(TfIdf::tokens).toList()));
        assertEquals(0.3820, w[1][2], 1e-4);
        assertEquals(0.7169, w[2][3], 1e-4);
        assertEquals(0.0289, w[1][3], 1e-4);
        assertEquals(0.0, w[0][1], 0.0);
        double[] pr = TextRank.rank(w);
        assertTrue(pr[2] > pr[3] && pr[3] > pr[1] && pr[1] > pr[0], java.util.Arrays.toString(pr));
        assertEquals(List.of(2), TextRank.top(pr, 1));
        assertEquals(List.of(2, 3), TextRank.top(pr, 2));
        assertEquals(List.of(0, 1, 2, 3), TextRank.top(pr, 10));
        // the isolated sentence: (1-d)/N + its own dangling share, PR = 0.0375 / (1 - 0.85/4) = 0.047619
        assertEquals(0.15 / 4 + 0.85 * pr[0] / 4, pr[0], 1e-9);
        assertEquals(0.0375 / (1 - 0.2125), pr[0], 1e-9);
    }

    /** One splitter for the summary and the extractor: offsets into the text, abbreviations and inline code kept. */
    @Test
    void spansPointIntoTheTextAndKeepAbbreviationsAndInlineCode() {
        String text = "Run `make test.all` first, e.g. before a push. Then tag it!\n    indented code. Not prose.\n"
                + "> a quote. Not a sentence.\n1. Numbered step here.";
        List<String> got = Sentences.spans(text).stream().map(s -> s.of(text)).toList();
        assertEquals(List.of("Run `make test.all` first, e.g. before a push.", "Then tag it!", "Numbered step here."),
                got);
        assertEquals(text.indexOf("Then"), Sentences.spans(text).get(1).start());
    }

    @Test
    void sentencesSkipCodeBlocksAndMarkup() {
        List<String> s = Sentences.split("## Plan\n- First we migrate the schema. Then we backfill rows.\n"
                + "```\nSELECT * FROM ledger; -- not prose at all really\n```\n| a | b |\nok");
        assertEquals(List.of("First we migrate the schema.", "Then we backfill rows."), s);
    }
}
