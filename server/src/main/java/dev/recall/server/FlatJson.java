package dev.recall.server;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The top-level fields of a JSON object whose values that matter are strings, numbers, booleans or null (serve.json).
 * Nested arrays and objects are checked and skipped. Hand-written because it runs in the light client of a read
 * command (see {@link HandoffClient}), where starting Jackson cost a sixth of the process's Java time.
 */
final class FlatJson {
    private final String text;
    private int at;

    private FlatJson(String text) {
        this.text = text;
    }

    /** The fields (strings as strings, numbers as {@link Long} or {@link Double}, booleans, null); nested values as null. */
    static Map<String, Object> parse(String text) {
        FlatJson p = new FlatJson(text);
        p.space();
        Map<String, Object> fields = new LinkedHashMap<>();
        p.expect('{');
        p.space();
        if (!p.take('}')) {
            do {
                p.space();
                String name = p.string();
                p.space();
                p.expect(':');
                p.space();
                fields.put(name, p.value());
                p.space();
            } while (p.take(','));
            p.expect('}');
        }
        p.space();
        if (p.at != text.length()) {
            throw p.error("text after the object");
        }
        return fields;
    }

    private Object value() {
        if (at >= text.length()) {
            throw error("a value is missing");
        }
        char c = text.charAt(at);
        switch (c) {
            case '"' -> {
                return string();
            }
            case '{', '[' -> {
                skipNested();
                return null;
            }
            case 't' -> {
                word("true");
                return Boolean.TRUE;
            }
            case 'f' -> {
                word("false");
                return Boolean.FALSE;
            }
            case 'n' -> {
                word("null");
                return null;
            }
            default -> {
                return number();
            }
        }
    }

    private Object number() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        String n = text.substring(start, at);
        try {
            boolean integral = n.indexOf('.') < 0 && n.indexOf('e') < 0 && n.indexOf('E') < 0;
            return integral ? (Object) Long.parseLong(n) : (Object) Double.parseDouble(n);
        } catch (NumberFormatException e) {
            throw error("not a number: '" + n + "'");
        }
    }

    private void skipNested() {
        int depth = 0;
        do {
            if (at >= text.length()) {
                throw error("an array or object is not closed");
            }
            char c = text.charAt(at);
            if (c == '"') {
                string();
                continue;
            }
            if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
            }
            at++;
        } while (depth > 0);
    }

    private String string() {
        expect('"');
        StringBuilder b = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw error("a string is not closed");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return b.toString();
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (at >= text.length()) {
                throw error("a string is not closed");
            }
            char e = text.charAt(at++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (at + 4 > text.length()) {
                        throw error("a \\u escape is cut off");
                    }
                    try {
                        b.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("a \\u escape is not hexadecimal");
                    }
                    at += 4;
                }
                default -> throw error("unknown escape \\" + e);
            }
        }
    }

    private void word(String w) {
        if (!text.startsWith(w, at)) {
            throw error("expected " + w);
        }
        at += w.length();
    }

    private void space() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private boolean take(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!take(c)) {
            throw error("expected '" + c + "'");
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at character " + at);
    }
}
