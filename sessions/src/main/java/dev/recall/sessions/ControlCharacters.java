package dev.recall.sessions;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * Makes untrusted text safe to show on a terminal or in markdown: every control character that a terminal or an
 * editor acts on (C0 but tab and newline, DEL, C1, and the bidirectional overrides that reorder what is seen) is
 * written as a visible escape ({@code \x1B}, {@code \u202E}). Escape sequences (colours, screen clears, OSC 8
 * links, title changes) then show as text instead of running. JSON output does not need this: its encoder escapes
 * control characters and keeps the text lossless.
 */
public final class ControlCharacters {
    private ControlCharacters() {}

    public static String escape(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (acted(c)) {
                if (out == null) {
                    out = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                out.append(visible(c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }

    /** Whether a terminal or a text renderer would act on the character rather than show it. */
    static boolean acted(char c) {
        if (c == '\n' || c == '\t') {
            return false;
        }
        return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == '\u061C' || c == '\u200E' || c == '\u200F'
                || (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }

    private static String visible(char c) {
        return c <= 0xFF ? String.format("\\x%02X", (int) c) : String.format("\\u%04X", (int) c);
    }

    /** A writer that escapes what passes through it: for everything recall prints for people. */
    public static Writer escaping(Writer target) {
        return new FilterWriter(target) {
            @Override
            public void write(int c) throws IOException {
                if (acted((char) c)) {
                    out.write(visible((char) c));
                } else {
                    out.write(c);
                }
            }

            @Override
            public void write(char[] buf, int off, int len) throws IOException {
                out.write(escape(new String(buf, off, len)));
            }

            @Override
            public void write(String str, int off, int len) throws IOException {
                out.write(escape(str.substring(off, off + len)));
            }
        };
    }
}
