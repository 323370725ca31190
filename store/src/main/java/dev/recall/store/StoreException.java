package dev.recall.store;

/** A store operation failed; the message names what is wrong and where. Nothing was half-written. */
public class StoreException extends RuntimeException {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
