package dev.recall.opensearch;

import java.util.List;
import java.util.Map;

/**
 * The code-aware analyzer (index's {@code CodeAnalyzer}) as near as OpenSearch's built-in analysis gets, for the
 * index side; queries are analysed by recall itself with the real analyzer and sent as terms, so the two sides can
 * only disagree where the index side differs:
 *
 * <ul>
 *   <li>tokenizer: a pattern that keeps identifiers whole (runs of letters, digits and {@code _} joined by
 *       {@code . - / : ' ’ # @}, a leading {@code -}/{@code --} before a letter), as CodeTokenizer does; the 255-char
 *       cap of CodeTokenizer is not reproduced;
 *   <li>splitting: {@code word_delimiter_graph} with the original kept, then flattened. It never splits an acronym
 *       from the word after it ({@code XMLParser} stays one term where IdentifierSplitFilter gives {@code xml} and
 *       {@code parser}); it does split case changes, letters from digits and at delimiters;
 *   <li>then possessives, lower case, Lucene's English stopwords and KStem, as in CodeAnalyzer.
 * </ul>
 *
 * <p>Length normalisation also differs slightly: a flattened graph counts the parts of a split identifier in the
 * field length in both, but word_delimiter_graph makes a few more or fewer parts on the acronym cases above.
 */
final class CodeAnalysis {
    static final String INDEX_ANALYZER = "recall_code";

    private CodeAnalysis() {}

    static Map<String, Object> settings() {
        return Map.of(
                "tokenizer", Map.of("recall_code", Map.of("type", "pattern", "group", 0,
                        "pattern", "(?:--?(?=\\p{L}))?[\\p{L}\\p{N}_]+(?:[.\\-/:'’#@][\\p{L}\\p{N}_]+)*")),
                "filter", Map.of(
                        "recall_possessive", Map.of("type", "stemmer", "language", "possessive_english"),
                        "recall_split", Map.of("type", "word_delimiter_graph", "preserve_original", true,
                                "split_on_case_change", true, "split_on_numerics", true,
                                "stem_english_possessive", false)),
                "analyzer", Map.of(INDEX_ANALYZER, Map.of("type", "custom", "tokenizer", "recall_code",
                        "filter", List.of("recall_possessive", "recall_split", "flatten_graph", "lowercase", "stop",
                                "kstem"))));
    }
}
