package dev.recall.cli;

/** What recall's exit codes mean. */
public enum ExitCode {
    OK(0),
    /** A failure of recall or its environment: store, index, model, I/O. */
    ERROR(1),
    /** The command line itself is wrong. */
    USAGE(2),
    /** Input was rejected (import, query syntax); nothing was written. */
    REJECTED(3),
    /** A vector or hybrid query was refused because the vectors do not match the corpus (fail closed). */
    STALE(4),
    /** What was asked for does not exist. */
    NOT_FOUND(5);

    final int code;

    ExitCode(int code) {
        this.code = code;
    }
}
