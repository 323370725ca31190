package dev.recall.index.analysis;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;

/** The analysis a text field is indexed and queried with. */
public enum AnalyzerKind {
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

    /** Parses a configuration or command-line value ("english", "code"), case-insensitively. */
    public static AnalyzerKind parse(String name) {
        for (AnalyzerKind kind : values()) {
            if (kind.name().equalsIgnoreCase(name.strip())) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown analyzer '" + name + "': expected english or code");
    }
}
