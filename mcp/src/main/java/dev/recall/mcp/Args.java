package dev.recall.mcp;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A tool call's arguments, read against the tool's schema: an unknown argument, a wrong type or a value out of
 * range is refused with the argument's name and what it must be, never guessed at.
 */
final class Args {
    /** A bad argument; the call answers with this text as a tool error, so the agent can correct and retry. */
    static final class BadArgument extends RuntimeException {
        BadArgument(String message) {
            super(message);
        }
    }

    private final Map<String, Object> values;

    Args(Map<String, Object> values, Set<String> known) {
        this.values = values == null ? Map.of() : values;
        Set<String> unknown = new TreeSet<>(this.values.keySet());
        unknown.removeAll(known);
        if (!unknown.isEmpty()) {
            throw new BadArgument("unknown argument" + (unknown.size() > 1 ? "s " : " ") + String.join(", ", unknown)
                    + "; this tool takes: " + String.join(", ", new TreeSet<>(known)));
        }
    }

    boolean has(String name) {
        return values.get(name) != null;
    }

    String string(String name) {
        Object v = values.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s)) {
            throw new BadArgument(name + " must be a string");
        }
        return s.isBlank() ? null : s.strip();
    }

    String required(String name) {
        String s = string(name);
        if (s == null) {
            throw new BadArgument(name + " is required");
        }
        return s;
    }

    int integer(String name, int fallback, int min, int max) {
        Object v = values.get(name);
        if (v == null) {
            return fallback;
        }
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
            throw new BadArgument(name + " must be an integer between " + min + " and " + max);
        }
        long l = n.longValue();
        if (l < min || l > max) {
            throw new BadArgument(name + " must be between " + min + " and " + max + ", not " + l);
        }
        return (int) l;
    }

    Boolean bool(String name) {
        Object v = values.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Boolean b)) {
            throw new BadArgument(name + " must be true or false");
        }
        return b;
    }

    boolean bool(String name, boolean fallback) {
        Boolean b = bool(name);
        return b == null ? fallback : b;
    }

    /** One of a fixed set of labels, parsed by the domain's own parser. */
    <T> T choice(String name, List<String> labels, Function<String, T> parse) {
        String s = string(name);
        if (s == null) {
            return null;
        }
        if (!labels.contains(s)) {
            throw new BadArgument(name + " must be one of " + String.join(", ", labels) + ", not '" + s + "'");
        }
        return parse.apply(s);
    }
}
