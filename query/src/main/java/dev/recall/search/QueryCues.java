package dev.recall.search;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a query says beyond its words: identifiers it names exactly, its word n-grams for phrase matches, and
 * temporal cues ("yesterday", "last week", "recent") with the window they mean.
 */
record QueryCues(List<String> identifiers, List<String> words, List<String> phrases, String temporalCue,
        Duration temporalWindow) {

    private static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{N}_$@#./:\\\\-]+");
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");
    private static final Pattern CAMEL = Pattern.compile(".*\\p{Ll}\\p{Lu}.*");
    private static final String[][] TEMPORAL = {
        {"today", "P1D"}, {"yesterday", "P2D"}, {"this week", "P7D"}, {"last week", "P14D"},
        {"last few days", "P5D"}, {"recently", "P14D"}, {"recent", "P14D"}, {"latest", "P14D"},
        {"lately", "P14D"}, {"last time", "P14D"}, {"this month", "P31D"}, {"last month", "P62D"},
    };

    static QueryCues of(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        Set<String> idents = new LinkedHashSet<>();
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            String t = trim(m.group());
            if (isIdentifier(t)) {
                idents.add(t.toLowerCase(Locale.ROOT));
            }
        }
        List<String> words = new ArrayList<>();
        Matcher w = WORD.matcher(lower);
        while (w.find()) {
            words.add(w.group());
        }
        Set<String> phrases = new LinkedHashSet<>();
        for (int n = 5; n >= 3; n--) {
            for (int i = 0; i + n <= words.size(); i++) {
                phrases.add(String.join(" ", words.subList(i, i + n)));
            }
        }
        String cue = null;
        Duration window = null;
        for (String[] t : TEMPORAL) {
            if (Pattern.compile("\\b" + t[0] + "\\b").matcher(lower).find()) {
                cue = t[0];
                window = Duration.parse(t[1]);
                break;
            }
        }
        return new QueryCues(List.copyOf(idents), List.copyOf(words), List.copyOf(phrases), cue, window);
    }

    /** camelCase, snake_case, dotted names, paths, flags: tokens a person types only to name code. */
    static boolean isIdentifier(String t) {
        if (t.length() < 3) {
            return false;
        }
        // Hyphens alone do not make code: "brand-new", "month-end" and project names are English.
        boolean inner = t.substring(1, t.length() - 1).matches(".*[_./:\\\\].*") && t.matches(".*\\p{L}.*");
        return inner || t.startsWith("--") || CAMEL.matcher(t).matches();
    }

    private static String trim(String t) {
        return t.replaceAll("^[.:/\\\\-]+(?!-)|[.:]+$", "");
    }

    /**
     * Lower-cased text with every run of non-alphanumerics (not {@code \p{L}} or {@code \p{N}}) as one space, padded
     * with a space each side, for phrase containment. A loop, not a regex replacement: it runs on the text of every
     * candidate the boosts look at, and the regex was a tenth of a lexical query's CPU in the daemon.
     */
    static String normalise(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        int length = lower.length();
        char[] out = new char[length + 2];
        int n = 0;
        out[n++] = ' ';
        boolean gap = false;
        for (int i = 0; i < length; ) {
            char c = lower.charAt(i);
            boolean kept;
            int width = 1;
            if (c < 0x80) {
                kept = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
            } else {
                int cp = lower.codePointAt(i);
                width = Character.charCount(cp);
                kept = isLetterOrNumber(cp);
            }
            if (kept) {
                if (gap && n > 1) {
                    out[n++] = ' ';
                }
                gap = false;
                for (int k = 0; k < width; k++) {
                    out[n++] = lower.charAt(i + k);
                }
            } else {
                gap = true;
            }
            i += width;
        }
        out[n++] = ' ';
        return new String(out, 0, n);
    }

    /** {@code \p{L}} or {@code \p{N}}: a letter, or a digit, letter number or other number. */
    private static boolean isLetterOrNumber(int cp) {
        if (Character.isLetter(cp)) {
            return true;
        }
        int type = Character.getType(cp);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }
}
