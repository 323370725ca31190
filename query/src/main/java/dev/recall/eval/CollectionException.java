package dev.recall.eval;

import java.io.IOException;
import java.nio.file.Path;

/** A test collection file is missing or does not have the expected layout; the message names the file and line. */
public final class CollectionException extends IOException {
    public CollectionException(Path file, String problem) {
        super(file + ": " + problem);
    }

    public CollectionException(Path file, long line, String problem) {
        super(file + ":" + line + ": " + problem);
    }

    public CollectionException(Path file, long line, String problem, Throwable cause) {
        super(file + ":" + line + ": " + problem, cause);
    }
}
