package dev.recall.sessions;

/** Where a line's content is: the line without its indentation and trailing white space ({@code end <= start}: none). */
record LineContent(int start, int end, int indent) {
    /** The content of the line {@code [lineStart, lineEnd)} of {@code text}. */
    static LineContent of(String text, int lineStart, int lineEnd) {
        int s = lineStart;
        while (s < lineEnd && (text.charAt(s) == ' ' || text.charAt(s) == '\t')) {
            s++;
        }
        int e = lineEnd;
        while (e > s && Character.isWhitespace(text.charAt(e - 1))) {
            e--;
        }
        return new LineContent(s, e, s - lineStart);
    }

    boolean blank() {
        return end <= start;
    }
}
