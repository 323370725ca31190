package dev.recall.extract;

import dev.recall.sessions.Stopwords;
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
    // Compiled once: topics() runs for most proposals' triggers, once per token for CODE_LIKE.
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");
    private static final Pattern CODE_LIKE = Pattern.compile(".*[._/=\\d].*|.*[a-z][A-Z].*|[A-Z]{2,}\\w*");
    private final Map<String, Integer> documentFrequency = new HashMap<>();
    /** The tokens of each sentence's text, kept from counting: the fact rule asks for every sentence's vector. */
    private final Map<String, List<String>> tokensOf = new HashMap<>();
    private int documents;

    Terms(Collection<Sentence> sentences) {
        for (Sentence s : sentences) {
            documents++;
            List<String> tokens = tokensOf.computeIfAbsent(s.text(), Terms::tokens);
            for (String t : new HashSet<>(tokens)) {
                documentFrequency.merge(t, 1, Integer::sum);
            }
        }
    }

    static List<String> tokens(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (int i = 0; i < lower.length(); i++) {
            if (Character.isSurrogate(lower.charAt(i))) {
                return tokensByPattern(lower); // code points beyond the BMP: leave them to the regex
            }
        }
        // What TOKEN finds, scanned by hand (every sentence of every session is tokenized): from a word character
        // (letter, number, underscore), the run of word characters and joiners "./:=@-" up to its last word
        // character; when that is the first one alone, a token only if it is a letter or a number.
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = lower.length();
        while (i < n) {
            char c = lower.charAt(i);
            if (!wordChar(c)) {
                i++;
                continue;
            }
            int last = i;
            for (int j = i + 1; j < n && (wordChar(lower.charAt(j)) || "./:=@-".indexOf(lower.charAt(j)) >= 0); j++) {
                if (wordChar(lower.charAt(j))) {
                    last = j;
                }
            }
            if (last == i && c == '_') {
                i++;
                continue;
            }
            add(out, lower.substring(i, last + 1));
            i = last + 1;
        }
        return out;
    }

    /** TOKEN itself: the reference the hand scan above must agree with (GatedTest). */
    static List<String> tokensByPattern(String lower) {
        List<String> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(lower);
        while (m.find()) {
            add(out, m.group());
        }
        return out;
    }

    private static void add(List<String> out, String t) {
        if (t.length() >= 2 && !Stopwords.contains(t)) {
            out.add(t);
        }
    }

    /** {@code [\\p{L}\\p{N}_]}. */
    private static boolean wordChar(char c) {
        if (c == '_' || Character.isLetter(c)) {
            return true;
        }
        int type = Character.getType(c);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }

    double idf(String term) {
        return Math.log(1.0 + (double) (documents + 1) / (documentFrequency.getOrDefault(term, 0) + 1));
    }

    /** TF-IDF weights of a sentence's terms. */
    Map<String, Double> vector(String text) {
        List<String> known = tokensOf.get(text);
        List<String> tokens = known != null ? known : tokens(text);
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
        String prose = CODE_SPAN.matcher(text).replaceAll(" ");
        List<String> tokens = tokens(prose);
        java.util.Set<String> codeLike = new java.util.HashSet<>();
        Matcher raw = TOKEN.matcher(prose);
        while (raw.find()) {
            String t = raw.group();
            if (CODE_LIKE.matcher(t).matches()) {
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
