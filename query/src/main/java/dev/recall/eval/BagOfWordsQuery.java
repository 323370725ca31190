package dev.recall.eval;

import java.io.IOException;
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
 * Turns free text into an OR of its analyzed terms, each weighted by how often it occurs in the query, as
 * Anserini's bag-of-words query generator does. No query syntax is interpreted, so no input is ever an error.
 */
final class BagOfWordsQuery {
    private BagOfWordsQuery() {}

    /**
     * @param fieldWeights field name → weight; every term is searched in every field
     */
    static Query build(Analyzer analyzer, String text, Map<String, Float> fieldWeights) throws IOException {
        Map<String, Integer> counts = termCounts(analyzer, text);
        if (counts.isEmpty()) {
            return new MatchNoDocsQuery("no terms in query");
        }
        // Lucene refuses a query with more clauses than this; a pasted page of text keeps its first terms
        int maxTerms = Math.max(1, IndexSearcher.getMaxClauseCount() / fieldWeights.size());
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        int added = 0;
        for (Map.Entry<String, Integer> term : counts.entrySet()) {
            if (added++ == maxTerms) {
                break;
            }
            for (Map.Entry<String, Float> field : fieldWeights.entrySet()) {
                Query tq = new TermQuery(new Term(field.getKey(), term.getKey()));
                float boost = term.getValue() * field.getValue();
                query.add(boost == 1f ? tq : new BoostQuery(tq, boost), BooleanClause.Occur.SHOULD);
            }
        }
        return query.build();
    }

    static Map<String, Integer> termCounts(Analyzer analyzer, String text) throws IOException {
        Map<String, Integer> counts = new LinkedHashMap<>();
        try (TokenStream ts = analyzer.tokenStream("", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                counts.merge(term.toString(), 1, Integer::sum);
            }
            ts.end();
        }
        return counts;
    }
}
