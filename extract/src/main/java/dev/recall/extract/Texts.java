package dev.recall.extract;

import java.util.Locale;
import java.util.regex.Pattern;

/** Small text helpers shared by the extractors: whitespace, bounds, the title key entry ids are built from. */
final class Texts {
    private static final Pattern SPACE = Pattern.compile("\\s+");
    private static final Pattern EDGE_PUNCT = Pattern.compile("^[^\\p{L}\\p{N}`]+|[^\\p{L}\\p{N}`)]+$");

    private Texts() {}

    /**
     * Whether the lower-cased text contains one of the words: a cheap gate before the rules' regular expressions,
     * which most sentences and outputs would fail anyway.
     */
    static boolean mentions(String text, String... words) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String w : words) {
            if (lower.contains(w)) {
                return true;
            }
        }
        return false;
    }

    static String oneLine(String text) {
        return text == null ? "" : SPACE.matcher(text).replaceAll(" ").strip();
    }

    /** At most max characters, cut at a word boundary when one is near, marked with an ellipsis. */
    static String bound(String text, int max) {
        String t = oneLine(text);
        if (t.length() <= max) {
            return t;
        }
        int cut = t.lastIndexOf(' ', max - 1);
        if (cut < max / 2) {
            cut = max - 1;
        }
        return t.substring(0, cut).stripTrailing() + "…";
    }

    /** Like {@link #bound} but keeps line breaks, for bodies. */
    static String boundBody(String text, int max) {
        String t = text == null ? "" : text.strip();
        if (t.length() <= max) {
            return t;
        }
        int cut = t.lastIndexOf(' ', max - 1);
        if (cut < max / 2) {
            cut = max - 1;
        }
        return t.substring(0, cut).stripTrailing() + "…";
    }

    /** The title as entry ids see it: case, spacing and edge punctuation do not make a new entry. */
    static String titleKey(String title) {
        return EDGE_PUNCT.matcher(oneLine(title).toLowerCase(Locale.ROOT)).replaceAll("");
    }

    static String capitalize(String s) {
        if (s == null || s.isEmpty()) {
            return s;
        }
        String first = s.split("\\s", 2)[0];
        if (first.matches(".*[/_.`\\d].*|.*[a-z][A-Z].*")) {
            return s; // an identifier, path or branch name keeps its case
        }
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Drops a trailing full stop, so that a sentence reads as a title. */
    static String asTitle(String sentence, int max) {
        String t = oneLine(sentence);
        while (t.endsWith(".") || t.endsWith(":") || t.endsWith(";") || t.endsWith(",")) {
            t = t.substring(0, t.length() - 1).stripTrailing();
        }
        return capitalize(bound(t, max));
    }
}
