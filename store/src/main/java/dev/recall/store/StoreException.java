package dev.recall.store;

import java.util.Map;

/** A store operation failed; the message names what is wrong and where. Nothing was half-written. */
public class StoreException extends RecallException {
    public StoreException(String message) {
        super(Kind.INTERNAL, message);
    }

    public StoreException(String message, Throwable cause) {
        super(Kind.INTERNAL, message, cause);
    }

    public StoreException(String message, Remedy remedy, Map<String, Object> details, Throwable cause) {
        super(Kind.INTERNAL, message, remedy, details, cause);
    }
}
