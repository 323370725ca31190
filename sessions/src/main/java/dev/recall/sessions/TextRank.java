package dev.recall.sessions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Extractive summary: sentences are nodes, TF-IDF cosine similarity weighs the edges, and PageRank by power
 * iteration (damping 0.85) scores each sentence by how much of the rest it speaks for. The top sentences are
 * returned in their original order, so the summary reads as the session ran.
 */
final class TextRank {
    static final double DAMPING = 0.85;
    private static final int MAX_ITERATIONS = 200;
    private static final double TOLERANCE = 1e-9;

    private TextRank() {}

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
        java.util.Arrays.fill(pr, 1.0 / n);
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

    /** The similarity graph of sentences: TF-IDF cosine, no self-loops. */
    static double[][] graph(List<String> sentences) {
        List<Map<String, Double>> v = TfIdf.vectors(sentences.stream().map(TfIdf::tokens).toList());
        int n = v.size();
        double[][] w = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double s = TfIdf.cosine(v.get(i), v.get(j));
                w[i][j] = s;
                w[j][i] = s;
            }
        }
        return w;
    }

    /** Indices of the top {@code n} sentences, in original order; ties go to the earlier sentence. */
    static List<Integer> top(List<String> sentences, int n) {
        double[] pr = rank(graph(sentences));
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < pr.length; i++) {
            idx.add(i);
        }
        final double[] scores = pr;
        idx.sort(Comparator.<Integer>comparingDouble(i -> -scores[i]).thenComparingInt(i -> i));
        List<Integer> chosen = new ArrayList<>(idx.subList(0, Math.min(n, idx.size())));
        chosen.sort(Comparator.naturalOrder());
        return chosen;
    }
}
