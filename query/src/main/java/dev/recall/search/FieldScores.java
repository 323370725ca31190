package dev.recall.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;

/**
 * A lexical hit's score taken apart by field. The scoring query is a sum (boolean SHOULD and MUST clauses, boosts
 * multiplying): each scoring leaf (a term or phrase in one field, with the boosts above it) gets its own
 * {@link Weight}, and a field's share of a hit is the sum of its leaves' scores on that document. The shares add up
 * to the hit's score; nothing is read back from Lucene's explanation text.
 */
final class FieldScores {
    /** One scoring leaf: its field, what it matches (a term, or a phrase as the query spells it), its weight. */
    private record Leaf(String field, String label, Query query) {}

    private final IndexSearcher searcher;
    private final List<Leaf> leaves = new ArrayList<>();
    /** Built on the first breakdown and reused for every hit of the query. */
    private List<Weight> weights;

    FieldScores(IndexSearcher searcher, Query scoring) {
        this.searcher = searcher;
        walk(scoring, 1f);
    }

    /** BM25 per field (every one of {@code fields} present, 0 when it did not match) and the matched terms. */
    LexicalLeg.Breakdown of(int doc, Collection<String> fields) {
        Map<String, Double> perField = new LinkedHashMap<>();
        fields.forEach(f -> perField.put(f, 0.0));
        Set<String> matched = new LinkedHashSet<>();
        List<LeafReaderContext> segments = searcher.getIndexReader().leaves();
        LeafReaderContext segment = segments.get(ReaderUtil.subIndex(doc, segments));
        int local = doc - segment.docBase;
        try {
            if (weights == null) {
                List<Weight> built = new ArrayList<>(leaves.size());
                for (Leaf leaf : leaves) {
                    built.add(searcher.createWeight(searcher.rewrite(leaf.query()), ScoreMode.COMPLETE, 1f));
                }
                weights = built;
            }
            for (int i = 0; i < leaves.size(); i++) {
                Scorer scorer = weights.get(i).scorer(segment);
                if (scorer != null && scorer.iterator().advance(local) == local) {
                    Leaf leaf = leaves.get(i);
                    perField.merge(leaf.field(), (double) scorer.score(), Double::sum);
                    matched.add(leaf.label());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("taking a lexical score apart by field", e);
        }
        return new LexicalLeg.Breakdown(perField, List.copyOf(matched));
    }

    private void walk(Query q, float boost) {
        if (q instanceof BoostQuery b) {
            walk(b.getQuery(), boost * b.getBoost());
        } else if (q instanceof BooleanQuery bq) {
            for (BooleanClause c : bq.clauses()) {
                if (c.isScoring()) { // FILTER and MUST_NOT clauses select; they add nothing to the score
                    walk(c.query(), boost);
                }
            }
        } else if (!(q instanceof MatchNoDocsQuery)) {
            String field = field(q);
            if (field != null) {
                leaves.add(new Leaf(field, q instanceof TermQuery t ? t.getTerm().text() : q.toString(field),
                        boost == 1f ? q : new BoostQuery(q, boost)));
            }
        }
    }

    /** The field a leaf searches: the first its terms name. */
    private static String field(Query q) {
        String[] field = new String[1];
        q.visit(new QueryVisitor() {
            @Override
            public boolean acceptField(String f) {
                if (field[0] == null) {
                    field[0] = f;
                }
                return true;
            }
        });
        return field[0];
    }
}
