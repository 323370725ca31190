package dev.recall.search;

import java.util.List;

/**
 * A window of a text around where a query matched it, whitespace collapsed, with the places of the matches in the
 * window: a surface marks them its own way (brackets in plain text, bold on a terminal).
 *
 * @param text the window, with "..." where it was cut
 * @param marks the matched words, as [start, end) offsets into {@code text}, in order, not overlapping
 */
public record Snippet(String text, List<Mark> marks) {
    public record Mark(int start, int end) {}

    /** The window with each match between {@code open} and {@code close}. */
    public String marked(String open, String close) {
        StringBuilder b = new StringBuilder();
        int at = 0;
        for (Mark m : marks) {
            b.append(text, at, m.start()).append(open).append(text, m.start(), m.end()).append(close);
            at = m.end();
        }
        return b.append(text.substring(at)).toString();
    }
}
