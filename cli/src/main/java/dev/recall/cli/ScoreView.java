package dev.recall.cli;

import dev.recall.search.SearchHit;
import dev.recall.search.SearchMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A hit's score for people (--scores): each line states the formula it shows, with the numbers that make it up.
 * Lexical: {@code lexical 19.82 = bm25 12.16 x (1 + boosts 0.63)} then the parts; vector: the cosine; hybrid: the
 * fused score as the sum of each leg's contribution, then each leg.
 */
final class ScoreView {
    private ScoreView() {}

    static List<String> lines(SearchHit h, SearchMode mode) {
        return lines(h.breakdown(), h.score(), mode);
    }

    /** The lines of any hit's breakdown: an entry's, or a passage's (BM25 without boosts). */
    static List<String> lines(Map<String, Double> b, double score, SearchMode mode) {
        List<String> out = new ArrayList<>();
        String fusion = mode == SearchMode.HYBRID ? fusion(b) : null;
        if (fusion != null) {
            StringBuilder line = new StringBuilder(fusion + " " + num(score) + " =");
            String sep = " ";
            for (String leg : List.of("lexical", "vector")) {
                Double contribution = b.get(fusion + "." + leg);
                if (contribution != null) {
                    line.append(sep).append(leg).append(' ').append(num(contribution)).append(" (rank ")
                            .append(b.get(leg + ".rank").intValue()).append(", ")
                            .append(Math.round(100 * b.getOrDefault(fusion + "." + leg + "_share", 0.0)))
                            .append("%)");
                    sep = " + ";
                }
            }
            if (b.containsKey("adaptive.lexical_weight")) {
                line.append("; lexical weight ").append(num(b.get("adaptive.lexical_weight")));
            }
            out.add(line.toString());
        }
        if (b.containsKey("bm25")) {
            double boosts = b.entrySet().stream().filter(e -> e.getKey().startsWith("boost."))
                    .mapToDouble(Map.Entry::getValue).sum();
            String rank = fusion != null ? ", rank " + b.getOrDefault("lexical.rank", 0.0).intValue() : "";
            if (b.containsKey("lexical")) {
                out.add("lexical " + num(b.get("lexical")) + " = bm25 " + num(b.get("bm25")) + " x (1 + boosts "
                        + num(boosts) + ")" + rank);
            } else {
                out.add("bm25 " + num(b.get("bm25")) + rank);
            }
            List<String> fields = new ArrayList<>();
            List<String> parts = new ArrayList<>();
            b.forEach((k, v) -> {
                if (k.startsWith("bm25.") && v != 0) {
                    fields.add(k.substring(5) + " " + num(v));
                } else if (k.startsWith("boost.") && v != 0) {
                    parts.add(k.substring(6) + " " + num(v));
                }
            });
            if (!fields.isEmpty()) {
                out.add("  bm25 = " + String.join(" + ", fields));
            }
            if (!parts.isEmpty()) {
                out.add("  boosts = " + String.join(" + ", parts));
            }
        }
        if (b.containsKey("vector.cosine")) {
            out.add("vector cosine " + num(b.get("vector.cosine"))
                    + (fusion != null ? ", rank " + b.getOrDefault("vector.rank", 0.0).intValue() : ""));
        }
        return out;
    }

    /** The fusion method whose contributions the breakdown holds (rrf, convex, adaptive). */
    private static String fusion(Map<String, Double> b) {
        for (String key : b.keySet()) {
            int dot = key.indexOf('.');
            String method = dot > 0 ? key.substring(0, dot) : "";
            if ((key.endsWith(".lexical") || key.endsWith(".vector"))
                    && !List.of("lexical", "vector", "bm25", "boost").contains(method)) {
                return method;
            }
        }
        return "fused";
    }

    static String num(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 0.01 || v == 0 ? "%.2f" : "%.4f", v);
    }
}
