package dev.recall.extract;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * TextRank over a session's sentences: PageRank on the graph whose edges are the TF-IDF cosine similarities
 * between sentences. A sentence many others echo is central to the session. Terms are visited in sorted order
 * and nodes in sentence order, so floating-point sums, and hence the scores, are the same on every run.
 */
final class TextRank {
    private static final double DAMPING = 0.85;
    private static final int ITERATIONS = 40;

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

    private TextRank() {}

    static double[] scores(List<Map<String, Double>> vectors) {
        int n = vectors.size();
        double[] rank = new double[n];
        if (n == 0) {
            return rank;
        }
        Sparse[] sparse = vectors.stream().map(Sparse::of).toArray(Sparse[]::new);
        double[][] weight = new double[n][n];
        double[] outSum = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double w = sparse[i].cosine(sparse[j]);
                weight[i][j] = w;
                weight[j][i] = w;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                outSum[i] += weight[i][j];
            }
        }
        Arrays.fill(rank, 1.0 / n);
        for (int it = 0; it < ITERATIONS; it++) {
            double[] next = new double[n];
            for (int i = 0; i < n; i++) {
                double sum = 0;
                for (int j = 0; j < n; j++) {
                    if (weight[j][i] > 0) {
                        sum += weight[j][i] / outSum[j] * rank[j];
                    }
                }
                next[i] = (1 - DAMPING) / n + DAMPING * sum;
            }
            rank = next;
        }
        return rank;
    }
}
