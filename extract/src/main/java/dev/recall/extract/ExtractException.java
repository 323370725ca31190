package dev.recall.extract;

/** An extraction command cannot do what was asked; the message says why and what to do instead. */
public final class ExtractException extends RuntimeException {
    /** What kind of refusal, so that the cli can pick an exit code. */
    public enum Kind { NOT_FOUND, CONFLICT, REFUSED }

    private final Kind kind;

    public ExtractException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
