package dev.recall.sessions;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * TF-IDF vectors of sentences, each sentence a document: tf is the raw count of a term in the sentence,
 * idf = ln(N / df). A term in every sentence weighs nothing: it cannot tell sentences apart.
 */
final class TfIdf {
    private static final Set<String> STOPWORDS = Set.of("a", "an", "and", "are", "as", "at", "be", "been", "but",
            "by", "can", "could", "did", "do", "does", "for", "from", "had", "has", "have", "he", "her", "here", "his",
            "how", "i", "if", "in", "into", "is", "it", "its", "just", "let", "me", "my", "no", "not", "now", "of",
            "on", "or", "our", "out", "she", "so", "some", "that", "the", "their", "them", "then", "there", "these",
            "they", "this", "those", "to", "too", "up", "us", "was", "we", "were", "what", "when", "where", "which",
            "while", "who", "why", "will", "with", "would", "you", "your", "also", "all", "any", "more", "should",
            "than", "very", "about", "ok", "okay", "yes", "i'll", "i'm", "it's", "let's", "don't", "we'll", "that's");

    private TfIdf() {}

    static List<String> tokens(String sentence) {
        return java.util.Arrays.stream(sentence.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_']+"))
                .map(t -> t.replaceAll("^'+|'+$", ""))
                .filter(t -> t.length() > 1 && !STOPWORDS.contains(t) && !t.chars().allMatch(Character::isDigit))
                .toList();
    }

    /** One sparse vector per sentence. */
    static List<Map<String, Double>> vectors(List<List<String>> sentences) {
        Map<String, Integer> df = new HashMap<>();
        for (List<String> s : sentences) {
            s.stream().distinct().forEach(t -> df.merge(t, 1, Integer::sum));
        }
        int n = sentences.size();
        return sentences.stream().map(s -> {
            Map<String, Double> v = new HashMap<>();
            for (String t : s) {
                v.merge(t, 1.0, Double::sum);
            }
            v.replaceAll((t, tf) -> tf * Math.log((double) n / df.get(t)));
            v.values().removeIf(w -> w == 0.0);
            return v;
        }).toList();
    }

    static double cosine(Map<String, Double> a, Map<String, Double> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        Map<String, Double> small = a.size() <= b.size() ? a : b;
        Map<String, Double> large = small == a ? b : a;
        double dot = 0;
        for (Map.Entry<String, Double> e : small.entrySet()) {
            Double w = large.get(e.getKey());
            if (w != null) {
                dot += e.getValue() * w;
            }
        }
        return dot == 0 ? 0 : dot / (norm(a) * norm(b));
    }

    private static double norm(Map<String, Double> v) {
        double s = 0;
        for (double w : v.values()) {
            s += w * w;
        }
        return Math.sqrt(s);
    }
}
