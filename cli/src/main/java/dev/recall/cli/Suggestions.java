package dev.recall.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * What a mistyped command or option most likely meant: the known names within a small edit distance, counting a
 * swap of two neighbouring letters as one edit ({@code lsit} is {@code list}), closest first.
 */
final class Suggestions {
    private Suggestions() {}

    static List<String> close(String typed, Collection<String> known) {
        String t = typed.contains("=") ? typed.substring(0, typed.indexOf('=')) : typed;
        int limit = Math.max(1, Math.min(3, t.replaceFirst("^-+", "").length() / 3));
        List<String> out = new ArrayList<>();
        for (String k : known) {
            if (distance(t, k) <= limit) {
                out.add(k);
            }
        }
        out.sort(Comparator.comparingInt((String k) -> distance(t, k)).thenComparing(k -> k));
        return out.subList(0, Math.min(3, out.size()));
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
