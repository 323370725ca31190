package dev.recall.extract;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Small text helpers shared by the extractors: whitespace, bounds, the title key entry ids are built from. */
final class Texts {
    private static final Pattern IDENTIFIER_LIKE = Pattern.compile(".*[/_.`\\d].*|.*[a-z][A-Z].*");
    private static final Pattern EDGE_PUNCT = Pattern.compile("^[^\\p{L}\\p{N}`]+|[^\\p{L}\\p{N}`)]+$");

    private Texts() {}

    /**
     * Whether the lower-cased text contains one of the words: a cheap gate before the rules' regular expressions,
     * which most sentences and outputs would fail anyway.
     */
    static boolean mentions(String text, String... words) {
        return containsAny(text.toLowerCase(Locale.ROOT), words);
    }

    /** Whether the text as given contains one of the words: a text already lower-cased, or cues meant as written. */
    static boolean containsAny(String text, String... words) {
        for (String w : words) {
            if (text.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /**
     * How many pieces {@code text.split("\\s+")} makes, without compiling that expression on every call (the rules
     * count words of every sentence): the runs of non-whitespace, one more for the empty piece a leading run of
     * whitespace makes, none for whitespace alone, and one for the empty string, exactly as String.split counts.
     */
    static int words(String text) {
        if (text.isEmpty()) {
            return 1;
        }
        int runs = 0;
        boolean inWord = false;
        for (int i = 0; i < text.length(); i++) {
            boolean space = isSpace(text.charAt(i));
            if (!space && !inWord) {
                runs++;
            }
            inWord = !space;
        }
        return runs == 0 ? 0 : runs + (isSpace(text.charAt(0)) ? 1 : 0);
    }

    /** What {@code \\s} matches: ASCII whitespace only. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** Every run of whitespace ({@code \\s+}) as one space, stripped; by hand, as titles and bodies all pass here. */
    static String oneLine(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!isSpace(c)) {
                b.append(c);
            } else if (i == 0 || !isSpace(text.charAt(i - 1))) {
                b.append(' ');
            }
        }
        return b.toString().strip();
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
        if (IDENTIFIER_LIKE.matcher(first).matches()) {
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

    /** "Phoenix" stays, "The fix" becomes "the fix", "CI" stays: a sentence continued after a colon or "when". */
    static String lowerFirst(String s) {
        return s.isEmpty() || UPPER_START.matcher(s).matches() ? s
                : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    private static final Pattern DOUBLED = Pattern.compile("([b-df-hj-np-tv-z])\\1$");
    private static final Pattern SILENT_E = Pattern.compile("us|.*(?:[^aeiou][aiou][kctvzs]|[bcdfgkpt]l|[^aeiou]u[rs]"
            + "|at|it|ag|ov|iz|ys|ignor|stor|scor|restor|explor)");
    private static final Pattern NO_SILENT_E = Pattern.compile(
            ".*(?:ock|ack|eck|ick|uck|ink|ank|ask|ust|ist|ast|ult|urs)");
    private static final Pattern UPPER_START = Pattern.compile("^[A-Z]{2}.*");
    private static final Pattern SHORT_CVC = Pattern.compile(
            "^[a-z]?[^aeiou][aeiou][bdgmnprt]$");

    /** The base form of an -ing verb, for advice: "turning" turn, "putting" put, "making" make, "adding" add. */
    static String baseOf(String ing) {
        String w = ing.toLowerCase(Locale.ROOT);
        if (!w.endsWith("ing") || w.length() < 5) {
            return w;
        }
        String stem = w.substring(0, w.length() - 3);
        if (DOUBLED.matcher(stem).find() && !stem.endsWith("ll") && !stem.endsWith("ss") && !stem.endsWith("ff")
                && !stem.endsWith("dd") && !stem.endsWith("zz")) {
            return stem.substring(0, stem.length() - 1); // putting, running, stopping
        }
        // making, writing, using, enabling, disabling: a silent e was dropped
        if (SILENT_E.matcher(stem).matches() && !NO_SILENT_E.matcher(stem).matches()) {
            return stem + "e";
        }
        return stem;
    }

    private static final Set<String> STRESSED_LAST = Set.of("debug", "commit", "submit", "admit",
            "omit", "permit", "refer", "prefer", "occur", "control", "forget", "begin", "upset", "format", "rerun",
            "regret", "patrol", "equip", "unzip", "unwrap");

    /** The -ing form of a base verb, for a situation: "add" adding, "run" running, "make" making, "set up" setting up. */
    static String gerund(String verb) {
        String w = verb.toLowerCase(Locale.ROOT);
        if (w.endsWith("ie")) {
            return w.substring(0, w.length() - 2) + "ying";
        }
        if (w.endsWith("e") && !w.endsWith("ee") && !w.endsWith("ye") && !w.endsWith("oe") && w.length() > 2) {
            return w.substring(0, w.length() - 1) + "ing";
        }
        if (SHORT_CVC.matcher(w).matches() || STRESSED_LAST.contains(w)) {
            return w + w.charAt(w.length() - 1) + "ing";
        }
        return w + "ing";
    }
}
