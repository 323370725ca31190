package dev.recall.brief;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/** A focused excerpt: the part of a text around the first query term it contains, within a byte budget. */
final class Excerpts {
    private static final String ELLIPSIS = "…";

    private Excerpts() {}

    static String around(String text, List<String> terms, int maxBytes) {
        if (bytes(text) <= maxBytes) {
            return text;
        }
        if (maxBytes <= bytes(ELLIPSIS) * 2) {
            return "";
        }
        String lower = text.toLowerCase(Locale.ROOT);
        int hit = -1;
        for (String t : terms) {
            if (t.length() < 3) continue;
            int i = lower.indexOf(t.toLowerCase(Locale.ROOT));
            if (i >= 0 && (hit < 0 || i < hit)) hit = i;
        }
        int budget = maxBytes - 2 * bytes(ELLIPSIS);
        int start = hit < 0 ? 0 : Math.max(0, hit - budget / 3);
        // start at a word boundary
        while (start > 0 && !Character.isWhitespace(text.charAt(start - 1))) start--;
        int end = start;
        while (end < text.length() && bytes(text.substring(start, end + 1)) <= budget) end++;
        if (end < text.length()) {
            int space = text.lastIndexOf(' ', end);
            if (space > start + budget / 2) end = space;
        }
        return (start > 0 ? ELLIPSIS : "") + text.substring(start, end).strip() + (end < text.length() ? ELLIPSIS : "");
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
