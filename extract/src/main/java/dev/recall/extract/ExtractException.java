package dev.recall.extract;

import dev.recall.store.RecallException;
import java.util.Map;

/** An extraction request cannot do what was asked; the message says why, the remedy what to do instead. */
public final class ExtractException extends RecallException {
    public ExtractException(Kind kind, String message) {
        super(kind, message);
    }

    public ExtractException(Kind kind, String message, Remedy remedy, Map<String, Object> details) {
        super(kind, message, remedy, details);
    }
}
