package dev.recall.sessions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts a message's prose into sentences, for the local extractor and for the session summary alike. Fenced and
 * indented code, log lines, quotes and tables are skipped: what people wrote, not what programs printed. Bullets and
 * headings are not part of a sentence. Inline code stays, and a full stop inside backticks or after an abbreviation
 * does not end a sentence.
 */
public final class Sentences {
    private static final Pattern BULLET = Pattern.compile("^(?:[-*+•]|\\d{1,2}[.)]|#{1,6})\\s+");
    private static final Set<String> ABBREVIATIONS = Set.of("e.g", "i.e", "etc", "vs", "approx", "cf", "mr", "mrs",
            "dr", "no", "fig", "incl", "resp", "al");
    /** The summary's bounds: shorter is a fragment, longer is a paste. */
    static final int MIN_CHARS = 20;
    static final int MAX_CHARS = 400;

    /** A sentence's place in its text: {@code text.substring(start, end)} is the sentence, stripped. */
    public record Span(int start, int end) {
        public String of(String text) {
            return text.substring(start, end);
        }
    }

    private Sentences() {}

    /** The sentences of a text, in order. */
    public static List<Span> spans(String text) {
        List<Span> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        boolean fenced = false;
        int pos = 0;
        while (pos <= text.length()) {
            int nl = text.indexOf('\n', pos);
            int end = nl < 0 ? text.length() : nl;
            String line = text.substring(pos, end);
            String trimmed = line.strip();
            if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) {
                fenced = !fenced;
            } else if (!fenced && !trimmed.isEmpty() && !looksLikeCode(line)) {
                int start = pos + (line.length() - line.stripLeading().length());
                Matcher b = BULLET.matcher(trimmed);
                if (b.find()) {
                    start += b.end();
                }
                split(text, start, pos + line.stripTrailing().length(), out);
            }
            if (nl < 0) {
                break;
            }
            pos = nl + 1;
        }
        return out;
    }

    /**
     * The sentences a summary may quote: of readable length, mostly words, emphasis markers dropped, and not a bare
     * redaction marker.
     */
    static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        for (Span s : spans(text)) {
            String t = s.of(text).replace("**", "").strip();
            if (t.length() >= MIN_CHARS && t.length() <= MAX_CHARS
                    && t.chars().filter(Character::isLetter).count() * 2 >= t.length()
                    && !(t.startsWith("[REDACTED") && t.indexOf(' ') < 0)) {
                out.add(t);
            }
        }
        return out;
    }

    private static boolean looksLikeCode(String line) {
        if (line.startsWith("\t") || line.startsWith("    ")) {
            return true;
        }
        String t = line.strip();
        if (t.startsWith("|") || t.startsWith("$ ") || t.startsWith("> ") || t.startsWith("//")) {
            return true;
        }
        long letters = t.chars().filter(Character::isLetter).count();
        return letters < t.length() * 0.45;
    }

    private static void split(String text, int from, int to, List<Span> out) {
        int start = from;
        boolean inCode = false;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '`') {
                inCode = !inCode;
                continue;
            }
            if (inCode || (c != '.' && c != '!' && c != '?')) {
                continue;
            }
            int next = i + 1;
            while (next < to && (text.charAt(next) == '.' || text.charAt(next) == '!' || text.charAt(next) == '?'
                    || text.charAt(next) == ')' || text.charAt(next) == '"' || text.charAt(next) == '\'')) {
                next++;
            }
            if (next >= to) {
                break;
            }
            if (!Character.isWhitespace(text.charAt(next)) || c == '.' && abbreviation(text, start, i)) {
                continue;
            }
            int after = next;
            while (after < to && Character.isWhitespace(text.charAt(after))) {
                after++;
            }
            if (after < to && startsSentence(text.charAt(after))) {
                add(text, start, next, out);
                start = after;
                i = after - 1;
            }
        }
        add(text, start, to, out);
    }

    private static boolean startsSentence(char c) {
        return Character.isUpperCase(c) || Character.isDigit(c) || c == '`' || c == '"' || c == '\'' || c == '('
                || c == '*' || c == '_';
    }

    private static boolean abbreviation(String text, int sentenceStart, int dot) {
        int w = dot;
        while (w > sentenceStart && !Character.isWhitespace(text.charAt(w - 1)) && text.charAt(w - 1) != '(') {
            w--;
        }
        String word = text.substring(w, dot).toLowerCase(Locale.ROOT);
        return ABBREVIATIONS.contains(word) || word.length() == 1 && Character.isLetter(word.charAt(0));
    }

    private static void add(String text, int start, int end, List<Span> out) {
        String s = text.substring(start, end).strip();
        if (s.isEmpty() || s.chars().noneMatch(Character::isLetter)) {
            return;
        }
        int offset = text.indexOf(s, start);
        out.add(new Span(offset, offset + s.length()));
    }
}
