package dev.recall.eval;

import dev.recall.fusion.RankedHit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.lucene.util.VectorUtil;

/**
 * Brute-force nearest neighbours: the dot product of the query with every document vector (cosine, since all are
 * unit length). The reference that approximate search is measured against; fast enough for test collections.
 */
public final class ExactVectorSearch implements VectorSearch {
    private final CollectionVectors vectors;

    public ExactVectorSearch(CollectionVectors vectors) {
        this.vectors = vectors;
    }

    @Override
    public List<RankedHit> nearest(float[] query, int k) {
        if (query.length != vectors.dimensions() && vectors.size() > 0) {
            throw new IllegalArgumentException("query has " + query.length + " dimensions, the collection "
                    + vectors.dimensions());
        }
        record Scored(int doc, float score) {}
        // ties go to the lower document index, so runs repeat exactly
        Comparator<Scored> worstFirst = Comparator.comparingDouble(Scored::score)
                .thenComparing(Comparator.comparingInt(Scored::doc).reversed());
        PriorityQueue<Scored> top = new PriorityQueue<>(k + 1, worstFirst);
        for (int doc = 0; doc < vectors.size(); doc++) {
            float score = VectorUtil.dotProduct(query, vectors.vector(doc));
            if (top.size() < k) {
                top.add(new Scored(doc, score));
            } else if (k > 0 && worstFirst.compare(new Scored(doc, score), top.peek()) > 0) {
                top.poll();
                top.add(new Scored(doc, score));
            }
        }
        List<Scored> best = new ArrayList<>(top);
        best.sort(worstFirst.reversed());
        List<RankedHit> hits = new ArrayList<>(best.size());
        for (Scored s : best) {
            hits.add(new RankedHit(vectors.ids().get(s.doc()), s.score(), hits.size() + 1));
        }
        return hits;
    }
}
