package dev.recall.sessions;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A secret shape as a regular expression. Most text holds no secret, so a rule runs only where one of its literal
 * hints occurs ({@link HintIndex} finds them). An anchored rule's hints are the case-sensitive prefixes its matches
 * start with: the pattern is tried at each occurrence only, and the match must stand alone (no letter or digit on
 * either side). Any other rule's hints are lower-case; the pattern searches the line holding each hint and the line
 * after it.
 */
record PatternRule(String name, SecretScanner.Tier tier, Pattern pattern, int group, List<String> hints,
        boolean anchored, Predicate<String> accept) {

    interface Sink {
        void add(int start, int end);
    }

    /** Runs the rule where its hints occur ({@code at}: their positions, from {@link HintIndex}). */
    void find(String text, int[] at, Sink out) {
        Matcher m = pattern.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
        if (anchored) {
            int done = -1;
            for (int i : at) {
                if (i < done || i > 0 && alnum(text.charAt(i - 1)) && !escape(text, i - 1)) {
                    continue;
                }
                m.region(i, text.length());
                if (m.lookingAt() && (m.end() == text.length() || !alnum(text.charAt(m.end())))) {
                    emit(m, out);
                    done = m.end();
                }
            }
            return;
        }
        for (int[] region : regions(text, at)) {
            m.region(region[0], region[1]);
            while (m.find()) {
                emit(m, out);
            }
        }
    }

    private void emit(Matcher m, Sink out) {
        int g = group <= m.groupCount() ? group : 0;
        for (int k = g; k <= (g == 0 ? 0 : m.groupCount()); k++) {
            // a rule with alternatives puts the value in whichever group matched (quoted or bare)
            if (m.start(k) >= 0 && m.end(k) > m.start(k) && accept.test(m.group(k))) {
                out.add(m.start(k), m.end(k));
                return;
            }
        }
    }

    /** The line of each hint and the line after it, merged where they overlap; no match spans more than that. */
    private static List<int[]> regions(String text, int[] at) {
        List<int[]> out = new ArrayList<>();
        int[] last = null;
        for (int i : at) {
            if (last != null && i < last[1]) {
                // inside the current region: extend it to the line after this hint's line
                int eol = text.indexOf('\n', i);
                int next = eol < 0 ? text.length() : text.indexOf('\n', eol + 1);
                last[1] = Math.max(last[1], next < 0 ? text.length() : next);
                continue;
            }
            int start = text.lastIndexOf('\n', i) + 1;
            int eol = text.indexOf('\n', i);
            int end = eol < 0 ? text.length() : text.indexOf('\n', eol + 1);
            int[] r = {start, end < 0 ? text.length() : end};
            if (last != null && r[0] <= last[1]) {
                last[1] = Math.max(last[1], r[1]);
            } else {
                out.add(r);
                last = r;
            }
        }
        return out;
    }

    /** The n of an escaped line break or tab (JSON inside text): it bounds a token as the real one would. */
    private static boolean escape(String text, int at) {
        return at > 0 && text.charAt(at - 1) == '\\' && "ntr".indexOf(text.charAt(at)) >= 0;
    }

    static boolean alnum(char c) {
        return c < 128 && Character.isLetterOrDigit(c);
    }
}
