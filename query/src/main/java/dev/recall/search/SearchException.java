package dev.recall.search;

/** A query that cannot be answered as asked: a bad cursor, an invalid Lucene query. */
public final class SearchException extends RuntimeException {
    public enum Kind {
        INVALID_QUERY,
        CURSOR_EXPIRED,
        INVALID_CURSOR
    }

    private final Kind kind;

    public SearchException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
