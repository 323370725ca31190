package dev.recall.index.analysis;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;

/**
 * For an exact-match field: the same token boundaries as {@link CodeAnalyzer}, lower-cased, but never split,
 * stemmed or stop-filtered. {@code ledger.v1.PostingService} is the single term {@code ledger.v1.postingservice},
 * so a query naming an identifier exactly can be rewarded over one that only shares its words.
 */
public final class IdentifierAnalyzer extends Analyzer {
    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer source = new CodeTokenizer();
        return new TokenStreamComponents(source, new LowerCaseFilter(source));
    }

    @Override
    protected TokenStream normalize(String fieldName, TokenStream in) {
        return new LowerCaseFilter(in);
    }
}
