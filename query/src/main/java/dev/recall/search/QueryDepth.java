package dev.recall.search;

/**
 * How deeply a Lucene-syntax query nests its groups. Lucene's parser recurses once per level, so a few thousand
 * parentheses overflow the stack: the depth is bounded before parsing.
 */
final class QueryDepth {
    /** Far beyond any query a person or an agent writes; far below what the parser's stack survives. */
    static final int MAX = 64;

    private QueryDepth() {}

    /** The deepest nesting of unquoted, unescaped parentheses and brackets. */
    static int of(String query) {
        int depth = 0;
        int max = 0;
        boolean quoted = false;
        for (int i = 0; i < query.length(); i++) {
            char c = query.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && (c == '(' || c == '[' || c == '{')) {
                max = Math.max(max, ++depth);
            } else if (!quoted && (c == ')' || c == ']' || c == '}') && depth > 0) {
                depth--;
            }
        }
        return max;
    }

    /** The parser's complaint in one short line, without the query it echoes (which may be megabytes long). */
    static String reason(Throwable e, String query) {
        if (e instanceof StackOverflowError) {
            return "too deeply nested";
        }
        String message = String.valueOf(e.getMessage());
        String echo = "Cannot parse '" + query + "': ";
        if (message.startsWith(echo)) {
            message = message.substring(echo.length());
        }
        String first = message.lines().findFirst().orElse("").strip();
        return first.length() > 200 ? first.substring(0, 200) + "..." : first;
    }
}
