package dev.recall.index;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.VectorUtil;

/**
 * The exact baseline: every vector in a float matrix in memory, scanned with a SIMD dot product for each query,
 * as a brute-force store (sqlite-vec, numpy) answers. The vectors are read back from a {@link VectorIndex} itself,
 * so exact and approximate search see the very same vectors. What the HNSW graph is measured against, by the
 * evaluation and by the scale benchmarks alike.
 */
public final class ExactVectors {
    /** The k best rows of one query, best first, and their dot products; ties go to the lower row. */
    public record Top(int[] rows, float[] scores) {
        public float kth() {
            return scores.length == 0 ? Float.NEGATIVE_INFINITY : scores[scores.length - 1];
        }
    }

    private final String[] ids;
    private final float[][] vectors;
    private final Map<String, Integer> rows;

    private ExactVectors(String[] ids, float[][] vectors) {
        this.ids = ids;
        this.vectors = vectors;
        this.rows = new HashMap<>(ids.length * 2);
        for (int i = 0; i < ids.length; i++) {
            rows.put(ids[i], i);
        }
    }

    public static ExactVectors readFrom(Path vectorIndexDir) {
        List<String> ids = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        try (FSDirectory dir = FSDirectory.open(vectorIndexDir); DirectoryReader reader = DirectoryReader.open(dir)) {
            for (LeafReaderContext leaf : reader.leaves()) {
                FloatVectorValues values = leaf.reader().getFloatVectorValues(VectorIndex.VECTOR);
                if (values == null) {
                    continue;
                }
                StoredFields stored = leaf.reader().storedFields();
                Bits live = leaf.reader().getLiveDocs();
                for (int ord = 0; ord < values.size(); ord++) {
                    int doc = values.ordToDoc(ord);
                    if (live == null || live.get(doc)) {
                        ids.add(stored.document(doc, Set.of(VectorIndex.ID)).get(VectorIndex.ID));
                        vectors.add(values.vectorValue(ord).clone()); // the reader reuses its array
                    }
                }
            }
        } catch (IOException e) {
            throw new IndexException("cannot read vectors from " + vectorIndexDir + ": " + e.getMessage(), e);
        }
        if (ids.isEmpty()) {
            throw new IndexException("no vectors in " + vectorIndexDir);
        }
        return new ExactVectors(ids.toArray(String[]::new), vectors.toArray(float[][]::new));
    }

    public int size() {
        return ids.length;
    }

    public String id(int row) {
        return ids[row];
    }

    public float[] vector(int row) {
        return vectors[row];
    }

    /** The exact dot product of a stored vector with the query, or NaN for an unknown id. */
    public float score(String id, float[] query) {
        Integer row = rows.get(id);
        return row == null ? Float.NaN : VectorUtil.dotProduct(vectors[row], query);
    }

    /** The exact top k by dot product: a full scan keeping the best k in a small sorted buffer. */
    public Top top(float[] query, int k) {
        int n = Math.min(k, vectors.length);
        int[] bestRows = new int[n];
        float[] best = new float[n];
        java.util.Arrays.fill(best, Float.NEGATIVE_INFINITY);
        for (int row = 0; row < vectors.length; row++) {
            float s = VectorUtil.dotProduct(vectors[row], query);
            if (s > best[n - 1]) {
                int at = n - 1;
                while (at > 0 && best[at - 1] < s) {
                    best[at] = best[at - 1];
                    bestRows[at] = bestRows[at - 1];
                    at--;
                }
                best[at] = s;
                bestRows[at] = row;
            }
        }
        return new Top(bestRows, best);
    }

    /** Heap the matrix takes: what a brute-force search must keep in memory. */
    public long bytes() {
        return (long) vectors.length * (16 + 4L * (vectors.length == 0 ? 0 : vectors[0].length));
    }
}
