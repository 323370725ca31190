package dev.recall.extract;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Terms of a session's sentences and their document frequencies (a sentence is a document). IDF is computed per
 * session, never over the whole archive, so a session's entries do not change when other sessions arrive.
 */
final class Terms {
    private static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{N}_][\\p{L}\\p{N}_./:=@-]*[\\p{L}\\p{N}_]|[\\p{L}\\p{N}]");
    private static final Pattern CODE = Pattern.compile("`([^`\\n]{2,80})`");
    static final Set<String> STOPWORDS = Set.copyOf(java.util.List.of("a", "about", "above", "after", "again", "against", "all", "also",
            "am", "an", "and", "any", "are", "aren't", "as", "at", "be", "because", "been", "before", "being",
            "below", "between", "both", "but", "by", "can", "can't", "cannot", "could", "did", "didn't", "do",
            "does", "doesn't", "doing", "don't", "down", "during", "each", "even", "ever", "every", "few", "first",
            "for", "from", "further", "get", "gets", "got", "had", "has", "have", "having", "he", "her", "here",
            "hers", "him", "his", "how", "i", "i'd", "i'll", "i'm", "i've", "if", "in", "into", "is", "isn't",
            "it", "it's", "its", "itself", "just", "let", "let's", "like", "make", "may", "me", "might", "more",
            "most", "much", "must", "my", "need", "needs", "never", "no", "nor", "not", "now", "of", "off", "ok",
            "okay", "on", "once", "one", "only", "or", "other", "our", "ours", "out", "over", "own", "please",
            "same", "she", "should", "so", "some", "still", "such", "sure", "than", "that", "that's", "the",
            "their", "theirs", "them", "then", "there", "these", "they", "this", "those", "through", "to", "too",
            "under", "until", "up", "us", "use", "used", "using", "very", "via", "want", "was", "wasn't", "way",
            "we", "we'd", "we'll", "we're", "were", "what", "when", "where", "whether", "which", "while", "who",
            "why", "will", "with", "without", "won't", "would", "yes", "yet", "you", "your", "yours", "it'll",
            "thing", "things", "good", "fine", "great", "thanks", "done", "going", "keep", "put", "run", "runs",
            "running", "said", "see", "look", "looking", "check", "checking", "instead", "rather", "always",
            "another", "anything", "everything", "nothing", "something", "whatever", "two", "three", "new", "working",
            "clear", "future", "rule", "rules", "everyone", "everywhere", "mind", "btw", "fyi", "well", "open",
            "point", "proposal", "note", "unsure", "wondering", "question", "later", "now", "right", "also",
            "hard", "general", "important", "really", "actually", "probably", "maybe", "able", "don", "know",
            "thing", "things", "lot", "bit", "same", "different", "last", "next", "time", "times", "case",
            "cases", "part", "kind", "stuff", "way", "ways", "whole", "fix", "fixed", "work", "works", "tell",
            "want", "wants", "wanted", "needed", "goes", "come", "comes", "take", "takes", "give", "gives"));

    private final Map<String, Integer> documentFrequency = new HashMap<>();
    private int documents;

    Terms(Collection<Sentence> sentences) {
        for (Sentence s : sentences) {
            documents++;
            for (String t : new HashSet<>(tokens(s.text()))) {
                documentFrequency.merge(t, 1, Integer::sum);
            }
        }
    }

    static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            String t = m.group();
            if (t.length() >= 2 && !STOPWORDS.contains(t)) {
                out.add(t);
            }
        }
        return out;
    }

    double idf(String term) {
        return Math.log(1.0 + (double) (documents + 1) / (documentFrequency.getOrDefault(term, 0) + 1));
    }

    /** TF-IDF weights of a sentence's terms. */
    Map<String, Double> vector(String text) {
        List<String> tokens = tokens(text);
        Map<String, Double> v = new HashMap<>();
        for (String t : tokens) {
            v.merge(t, 1.0, Double::sum);
        }
        v.replaceAll((t, tf) -> tf / tokens.size() * idf(t));
        return v;
    }

    /**
     * The words a trigger names: inline code first (an identifier or a command says most), then the rarest
     * content words, in the order they appear.
     */
    List<String> topics(String text, int max) {
        List<String> out = new ArrayList<>();
        Matcher code = CODE.matcher(text);
        while (code.find() && out.size() < max) {
            String c = code.group(1).strip();
            if (!out.contains(c) && c.length() <= 40) {
                out.add(c);
            }
        }
        if (out.size() >= max) {
            return out;
        }
        String prose = text.replaceAll("`[^`]*`", " ");
        List<String> tokens = tokens(prose);
        java.util.Set<String> codeLike = new java.util.HashSet<>();
        Matcher raw = TOKEN.matcher(prose);
        while (raw.find()) {
            String t = raw.group();
            if (t.matches(".*[._/=\\d].*|.*[a-z][A-Z].*|[A-Z]{2,}\\w*")) {
                codeLike.add(t.toLowerCase(Locale.ROOT));
            }
        }
        List<String> ranked = new ArrayList<>(new java.util.LinkedHashSet<>(tokens));
        ranked.removeIf(t -> t.chars().allMatch(Character::isDigit) || t.length() < 3);
        // Identifiers, paths and versions say more than words; then rarer words first. Stable: ties keep order.
        ranked.sort((a, b) -> codeLike.contains(a) != codeLike.contains(b) ? (codeLike.contains(a) ? -1 : 1)
                : Double.compare(idf(b), idf(a)));
        List<String> chosen = new ArrayList<>(ranked.subList(0, Math.min(max - out.size(), ranked.size())));
        chosen.sort((a, b) -> Integer.compare(tokens.indexOf(a), tokens.indexOf(b)));
        for (String c : chosen) {
            if (out.stream().noneMatch(o -> o.toLowerCase(Locale.ROOT).contains(c))) {
                out.add(c);
            }
        }
        return out;
    }
}
