package dev.recall.eval;

import java.util.Locale;

/** Which retrieval an evaluation measures. */
public enum EvalMode {
    LEXICAL,
    VECTOR,
    HYBRID;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses "lexical", "vector" or "hybrid", case-insensitively. */
    public static EvalMode parse(String name) {
        for (EvalMode m : values()) {
            if (m.name().equalsIgnoreCase(name.strip())) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + name + "': expected lexical, vector or hybrid");
    }
}
