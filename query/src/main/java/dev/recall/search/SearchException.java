package dev.recall.search;

import dev.recall.store.RecallException;
import java.util.Map;

/** A query that cannot be answered as asked: a bad cursor, an invalid Lucene query. */
public final class SearchException extends RecallException {
    public enum Reason {
        INVALID_QUERY,
        CURSOR_EXPIRED,
        INVALID_CURSOR
    }

    private final Reason reason;

    public SearchException(Reason reason, String message) {
        this(reason, message, Remedy.NONE);
    }

    public SearchException(Reason reason, String message, Remedy remedy) {
        super(reason == Reason.CURSOR_EXPIRED ? Kind.STALE : Kind.REJECTED, message, remedy, Map.of());
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
