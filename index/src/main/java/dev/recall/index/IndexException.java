package dev.recall.index;

import dev.recall.store.RecallException;
import java.util.Map;

/** An index could not be read or written; the message says which and why. */
public class IndexException extends RecallException {
    public IndexException(String message, Throwable cause) {
        super(Kind.INTERNAL, message, cause);
    }

    public IndexException(String message) {
        super(Kind.INTERNAL, message);
    }

    /** Another process holds the index's write lock (a rebuild of a large corpus): nothing is wrong, only busy. */
    static IndexException busy(String message, Throwable cause) {
        return new IndexException(message, cause, Remedy.RETRY_LATER);
    }

    private IndexException(String message, Throwable cause, Remedy remedy) {
        super(Kind.INTERNAL, message, remedy, Map.of(), cause);
    }
}
