package dev.recall.sessions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * TextRank over sentences, for the session summary and the local extractor alike: sentences are nodes, the cosine
 * similarity of their TF-IDF vectors weighs the edges, and PageRank by power iteration (damping 0.85) scores each
 * sentence by how much of the rest it speaks for. Terms are visited in sorted order and nodes in sentence order, so
 * the floating-point sums, and hence the scores, are the same on every run.
 */
public final class TextRank {
    static final double DAMPING = 0.85;
    private static final int MAX_ITERATIONS = 200;
    private static final double TOLERANCE = 1e-9;

    private TextRank() {}

    /** The rank of each sentence, given the TF-IDF vector of each; the ranks sum to 1. */
    public static double[] scores(List<Map<String, Double>> vectors) {
        return rank(graph(vectors));
    }

    /** Indices of the top {@code n} sentences by score, in original order; ties go to the earlier sentence. */
    static List<Integer> top(double[] scores, int n) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < scores.length; i++) {
            idx.add(i);
        }
        idx.sort(Comparator.<Integer>comparingDouble(i -> -scores[i]).thenComparingInt(i -> i));
        List<Integer> chosen = new ArrayList<>(idx.subList(0, Math.min(n, idx.size())));
        chosen.sort(Comparator.naturalOrder());
        return chosen;
    }

    /**
     * PageRank over a symmetric weight matrix: PR(i) = (1-d)/N + d * sum_j PR(j) * w(j,i) / sum_k w(j,k).
     * A sentence with no similar sentence spreads its rank evenly, so the ranks always sum to 1.
     */
    static double[] rank(double[][] w) {
        int n = w.length;
        if (n == 0) {
            return new double[0];
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                out[i] += w[i][j];
            }
        }
        double[] pr = new double[n];
        Arrays.fill(pr, 1.0 / n);
        for (int iter = 0; iter < MAX_ITERATIONS; iter++) {
            double dangling = 0;
            for (int j = 0; j < n; j++) {
                if (out[j] == 0) {
                    dangling += pr[j];
                }
            }
            double[] next = new double[n];
            double change = 0;
            for (int i = 0; i < n; i++) {
                double sum = 0;
                for (int j = 0; j < n; j++) {
                    if (w[j][i] != 0) {
                        sum += pr[j] * w[j][i] / out[j];
                    }
                }
                next[i] = (1 - DAMPING) / n + DAMPING * (sum + dangling / n);
                change += Math.abs(next[i] - pr[i]);
            }
            pr = next;
            if (change < TOLERANCE) {
                break;
            }
        }
        return pr;
    }

    /** The similarity graph: TF-IDF cosine, no self-loops. */
    static double[][] graph(List<Map<String, Double>> vectors) {
        Sparse[] sparse = vectors.stream().map(Sparse::of).toArray(Sparse[]::new);
        int n = sparse.length;
        double[][] w = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double s = sparse[i].cosine(sparse[j]);
                w[i][j] = s;
                w[j][i] = s;
            }
        }
        return w;
    }

    static double cosine(Map<String, Double> a, Map<String, Double> b) {
        return Sparse.of(a).cosine(Sparse.of(b));
    }

    /** A vector with its terms sorted, so that a dot product adds in the same order on every run. */
    private record Sparse(String[] terms, double[] weights, double norm) {
        static Sparse of(Map<String, Double> v) {
            String[] terms = v.keySet().toArray(String[]::new);
            Arrays.sort(terms);
            double[] w = new double[terms.length];
            double sq = 0;
            for (int i = 0; i < terms.length; i++) {
                w[i] = v.get(terms[i]);
                sq += w[i] * w[i];
            }
            return new Sparse(terms, w, Math.sqrt(sq));
        }

        double cosine(Sparse o) {
            if (norm == 0 || o.norm == 0) {
                return 0;
            }
            double dot = 0;
            int i = 0;
            int j = 0;
            while (i < terms.length && j < o.terms.length) {
                int c = terms[i].compareTo(o.terms[j]);
                if (c == 0) {
                    dot += weights[i++] * o.weights[j++];
                } else if (c < 0) {
                    i++;
                } else {
                    j++;
                }
            }
            return dot / (norm * o.norm);
        }
    }
}
