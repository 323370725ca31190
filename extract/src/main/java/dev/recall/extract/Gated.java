package dev.recall.extract;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A pattern and words, lower-case, one of which is in the lower-cased text of every match: a sentence without any
 * of them cannot match, so the pattern's scan is skipped (String.contains is far cheaper than a regex scan). The
 * words must be exact necessary conditions (each alternative of the pattern spells one of them literally), or
 * the answer would change; GatedTest checks them on the sample data.
 */
final class Gated {
    private final Pattern pattern;
    private final String[] words;

    Gated(Pattern pattern, String... words) {
        this.pattern = pattern;
        this.words = words;
    }

    Pattern pattern() {
        return pattern;
    }

    /** Whether some word is in the lower-cased text, i.e. whether the pattern could match. */
    boolean possible(String lower) {
        for (String w : words) {
            if (lower.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /** {@code pattern.matcher(text).find()}, given the text's {@code toLowerCase(Locale.ROOT)}. */
    boolean find(String text, String lower) {
        return possible(lower) && pattern.matcher(text).find();
    }

    boolean find(String text) {
        return find(text, text.toLowerCase(Locale.ROOT));
    }
}
