package dev.recall.index.analysis;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishMinimalStemFilter;
import org.apache.lucene.analysis.en.KStemFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;

/** The English stemmers the code analyzer was measured with; kept as a choice so the measurement can be rerun. */
enum Stemmer {
    PORTER,
    KSTEM,
    MINIMAL,
    NONE;

    TokenStream wrap(TokenStream in) {
        return switch (this) {
            case PORTER -> new PorterStemFilter(in);
            case KSTEM -> new KStemFilter(in);
            case MINIMAL -> new EnglishMinimalStemFilter(in);
            case NONE -> in;
        };
    }
}
