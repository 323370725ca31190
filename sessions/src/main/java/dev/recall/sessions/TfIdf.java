package dev.recall.sessions;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * TF-IDF vectors of sentences, each sentence a document: tf is the raw count of a term in the sentence,
 * idf = ln(N / df). A term in every sentence weighs nothing: it cannot tell sentences apart. Stopwords are
 * {@link Stopwords}, the local extractor's too.
 */
final class TfIdf {
    private TfIdf() {}

    static List<String> tokens(String sentence) {
        return java.util.Arrays.stream(sentence.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_']+"))
                .map(t -> t.replaceAll("^'+|'+$", ""))
                .filter(t -> t.length() > 1 && !Stopwords.contains(t) && !t.chars().allMatch(Character::isDigit))
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
}
