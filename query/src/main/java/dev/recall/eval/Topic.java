package dev.recall.eval;

import java.util.Objects;

/** One query of a test collection: its id (as the qrels name it) and its text. */
public record Topic(String id, String text) {
    public Topic {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(text, "text");
    }
}
