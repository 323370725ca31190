package dev.recall.sessions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds where every rule's hints occur in one pass over the text, instead of one search per hint: the hints are
 * indexed by their first two characters, so each position costs a table look-up. Case-sensitive hints (token
 * prefixes) are compared with the text as it is, lower-case ones (words) with its ASCII case folded.
 */
final class HintIndex {
    /** A hint and the rule (by number) it belongs to. */
    record Hint(String text, boolean folded, int owner) {}

    private static final int TABLE = 1 << 14;

    private final Hint[][] exact = new Hint[TABLE][];
    private final Hint[][] folded = new Hint[TABLE][];
    private final int owners;

    HintIndex(List<Hint> hints, int owners) {
        this.owners = owners;
        for (Hint h : hints) {
            if (h.text().length() < 2 || h.text().chars().anyMatch(c -> c >= 128)) {
                throw new IllegalArgumentException("a hint must be two or more ASCII characters: '" + h.text() + "'");
            }
            Hint[][] table = h.folded() ? folded : exact;
            int k = key(h.text().charAt(0), h.text().charAt(1));
            Hint[] old = table[k];
            Hint[] grown = old == null ? new Hint[1] : Arrays.copyOf(old, old.length + 1);
            grown[grown.length - 1] = h;
            table[k] = grown;
        }
    }

    private static int key(char a, char b) {
        return (a & 0x7F) << 7 | (b & 0x7F);
    }

    /** Positions where each owner's hints start, in text order; null for an owner with none. */
    int[][] find(String text) {
        char[] c = text.toCharArray();
        int[][] out = new int[owners][];
        int[] counts = new int[owners];
        int n = c.length - 1;
        for (int i = 0; i < n; i++) {
            char a = c[i];
            char b = c[i + 1];
            if ((a | b) >= 128) {
                continue;
            }
            Hint[] e = exact[key(a, b)];
            if (e != null) {
                record(e, c, i, false, out, counts);
            }
            Hint[] f = folded[key(fold(a), fold(b))];
            if (f != null) {
                record(f, c, i, true, out, counts);
            }
        }
        for (int o = 0; o < owners; o++) {
            if (out[o] != null) {
                out[o] = Arrays.copyOf(out[o], counts[o]);
            }
        }
        return out;
    }

    private static char fold(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }

    private static boolean at(char[] c, int i, String hint, boolean folded) {
        if (i + hint.length() > c.length) {
            return false;
        }
        for (int k = 2; k < hint.length(); k++) {
            char x = folded ? fold(c[i + k]) : c[i + k];
            if (x != hint.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static void record(Hint[] hints, char[] c, int i, boolean folded, int[][] out, int[] counts) {
        for (Hint h : hints) {
            if (!at(c, i, h.text(), folded)) {
                continue;
            }
            int o = h.owner();
            int[] list = out[o];
            if (list == null) {
                list = out[o] = new int[4];
            } else if (counts[o] > 0 && list[counts[o] - 1] == i) {
                continue; // two hints of one rule at the same place
            } else if (counts[o] == list.length) {
                list = out[o] = Arrays.copyOf(list, list.length * 2);
            }
            list[counts[o]++] = i;
        }
    }

    static List<Hint> of(List<String> texts, boolean folded, int owner) {
        List<Hint> out = new ArrayList<>();
        for (String t : texts) {
            out.add(new Hint(t, folded, owner));
        }
        return out;
    }
}
