package dev.recall.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * Free text as an OR of its analysed terms, each weighted by how often it occurs in the query (as Anserini's
 * bag-of-words queries are). No syntax is interpreted, so no input is ever a parse error.
 */
public final class BagOfWords {
    private BagOfWords() {}

    /** Term -> occurrences in the text, in first-seen order. */
    public static Map<String, Integer> terms(Analyzer analyzer, String text) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        try (TokenStream ts = analyzer.tokenStream("", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                counts.merge(term.toString(), 1, Integer::sum);
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException("analysing query text", e);
        }
        return counts;
    }

    /**
     * One SHOULD clause per field and term, boosted by the field's weight times the term's count: the score is a sum
     * of per-field BM25 scores, which is what a score breakdown shows. The clauses are flat, not grouped by field:
     * Lucene's dynamic pruning (MaxScore) then skips the documents that only the low-scoring terms match, where
     * grouped ones gave it four disjunctions whose bounds are too loose to skip anything (three quarters of a long
     * query's BM25 time at 1M entries; docs/benchmarks.md, issue 14). The scores are the same sums.
     */
    public static Query query(Map<String, Integer> terms, Map<String, Float> fieldWeights) {
        if (terms.isEmpty()) {
            return new MatchNoDocsQuery("no searchable terms in the query");
        }
        // Lucene refuses a query with more clauses than this; a pasted page of text keeps its first terms.
        int maxTerms = Math.max(1, IndexSearcher.getMaxClauseCount() / Math.max(1, fieldWeights.size()) - 1);
        BooleanQuery.Builder all = new BooleanQuery.Builder();
        for (Map.Entry<String, Float> field : fieldWeights.entrySet()) {
            int added = 0;
            for (Map.Entry<String, Integer> term : terms.entrySet()) {
                if (added++ == maxTerms) {
                    break;
                }
                Query tq = new TermQuery(new Term(field.getKey(), term.getKey()));
                // the product a nested boost would reach (field weight, then the term's count): the same scores
                float boost = field.getValue() * term.getValue();
                all.add(boost == 1f ? tq : new BoostQuery(tq, boost), BooleanClause.Occur.SHOULD);
            }
        }
        return all.build();
    }
}
