package dev.recall.index;

/** An index could not be read or written; the message says which and why. */
public class IndexException extends RuntimeException {
    public IndexException(String message, Throwable cause) {
        super(message, cause);
    }

    public IndexException(String message) {
        super(message);
    }
}
