package dev.recall.index.analysis;

import static org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS;
import static org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter.GENERATE_WORD_PARTS;
import static org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter.PRESERVE_ORIGINAL;
import static org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;

/**
 * Code-aware analysis for prose that mentions code. Identifiers stay whole ({@code useCanvasStore},
 * {@code ledger.v1.PostingService}, {@code --dry-run}) and are also split into their parts (camelCase, snake_case,
 * kebab-case, dotted names, paths), so a query can match either the exact name or the words in it. Then, like
 * the reference English analysis: lower case, English stopwords removed, English stemming.
 *
 * <p>The splitting makes a token graph (the whole identifier spans its parts). An index cannot store a graph,
 * so {@link #forIndexing()} flattens it; {@link #forQueries()} keeps it for graph-aware query builders. For a
 * bag-of-words query both give the same terms.
 */
public final class CodeAnalyzer extends Analyzer {
    static final int DEFAULT_FLAGS =
            GENERATE_WORD_PARTS | GENERATE_NUMBER_PARTS | SPLIT_ON_CASE_CHANGE | PRESERVE_ORIGINAL;
    static final Stemmer DEFAULT_STEMMER = Stemmer.PORTER;

    private final int wordDelimiterFlags;
    private final Stemmer stemmer;
    private final boolean flattenGraph;

    CodeAnalyzer(int wordDelimiterFlags, Stemmer stemmer, boolean flattenGraph) {
        this.wordDelimiterFlags = wordDelimiterFlags;
        this.stemmer = stemmer;
        this.flattenGraph = flattenGraph;
    }

    /** The analyzer to give an IndexWriter: the identifier graph is flattened. */
    public static CodeAnalyzer forIndexing() {
        return new CodeAnalyzer(DEFAULT_FLAGS, DEFAULT_STEMMER, true);
    }

    /** The analyzer for query text: same terms, graph kept (whole identifier spanning its parts). */
    public static CodeAnalyzer forQueries() {
        return new CodeAnalyzer(DEFAULT_FLAGS, DEFAULT_STEMMER, false);
    }

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer source = new CodeTokenizer();
        // possessives go before splitting, or "user's" would leave a stray original "user's" beside "user"
        TokenStream result = new EnglishPossessiveFilter(source);
        result = new WordDelimiterGraphFilter(result, wordDelimiterFlags, null);
        if (flattenGraph) {
            result = new FlattenGraphFilter(result);
        }
        result = new LowerCaseFilter(result);
        result = new StopFilter(result, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
        result = stemmer.wrap(result);
        return new TokenStreamComponents(source, result);
    }

    @Override
    protected TokenStream normalize(String fieldName, TokenStream in) {
        return new LowerCaseFilter(in);
    }
}
