package dev.recall.sessions;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Prose sentences from a chat message: code blocks, tables and markup are not sentences. */
final class Sentences {
    private static final Pattern FENCE = Pattern.compile("(?s)```.*?(```|\\z)");
    private static final Pattern BOUNDARY = Pattern.compile("(?<=[.!?])\\s+(?=[\\p{Lu}\\p{N}\"'(`\\[*])");
    private static final Pattern MARKUP = Pattern.compile("^\\s*(?:#{1,6}\\s+|[-*+]\\s+|\\d+[.)]\\s+|>\\s*)");
    static final int MIN_CHARS = 20;
    static final int MAX_CHARS = 400;

    private Sentences() {}

    static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        String prose = FENCE.matcher(text).replaceAll("\n");
        for (String line : prose.split("\\R")) {
            String l = MARKUP.matcher(line).replaceFirst("").replace("**", "").strip();
            if (l.isEmpty() || l.startsWith("|") || l.startsWith("[REDACTED") && l.indexOf(' ') < 0) {
                continue;
            }
            for (String s : BOUNDARY.split(l)) {
                String t = s.strip();
                if (t.length() >= MIN_CHARS && t.length() <= MAX_CHARS && t.chars().filter(Character::isLetter)
                        .count() * 2 >= t.length()) {
                    out.add(t);
                }
            }
        }
        return out;
    }
}
