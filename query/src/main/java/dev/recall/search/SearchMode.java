package dev.recall.search;

/** Which retrieval legs answer a query. */
public enum SearchMode {
    LEXICAL,
    VECTOR,
    HYBRID;

    public String label() {
        return name().toLowerCase();
    }

    public static SearchMode parse(String s) {
        for (SearchMode m : values()) {
            if (m.label().equals(s.strip().toLowerCase())) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + s + "' (lexical, vector or hybrid)");
    }
}
