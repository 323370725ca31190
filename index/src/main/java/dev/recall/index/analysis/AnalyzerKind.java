package dev.recall.index.analysis;

import dev.recall.store.Labelled;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;

/** The analysis a text field is indexed and queried with. */
public enum AnalyzerKind implements Labelled {
    /**
     * The reference configuration, equal to Anserini's default: StandardTokenizer, English possessive removal,
     * lower case, Lucene's English stopwords, Porter stemming. Lucene's EnglishAnalyzer is exactly that chain.
     */
    ENGLISH,
    /** {@link CodeAnalyzer}: identifiers kept whole and split into parts, then the English chain. */
    CODE;

    /** A new analyzer safe to index with. Analyzers hold per-thread state: close it with its writer or reader. */
    public Analyzer newIndexAnalyzer() {
        return switch (this) {
            case ENGLISH -> new EnglishAnalyzer();
            case CODE -> CodeAnalyzer.forIndexing();
        };
    }

    /** A new analyzer for query text; produces the same terms as {@link #newIndexAnalyzer()}. */
    public Analyzer newQueryAnalyzer() {
        return switch (this) {
            case ENGLISH -> new EnglishAnalyzer();
            case CODE -> CodeAnalyzer.forQueries();
        };
    }

    @Override
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static AnalyzerKind parse(String s) {
        return Labelled.parseTyped(AnalyzerKind.class, "analyzer", s);
    }
}
