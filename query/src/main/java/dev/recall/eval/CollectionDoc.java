package dev.recall.eval;

import java.util.Objects;

/** One document of a test collection; the title is empty when the collection has none. */
public record CollectionDoc(String id, String title, String text) {
    public CollectionDoc {
        Objects.requireNonNull(id, "id");
        title = title == null ? "" : title;
        text = text == null ? "" : text;
    }

    /** Title and text as one string, the way Anserini's "flat" BEIR indexes hold them. */
    public String titleAndText() {
        return title.isEmpty() ? text : title + " " + text;
    }
}
