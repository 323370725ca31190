package dev.recall.bench;

/** A benchmark that cannot run or finish, with a message that says why. */
public final class BenchException extends RuntimeException {
    public BenchException(String message) {
        super(message);
    }

    public BenchException(String message, Throwable cause) {
        super(message, cause);
    }
}
