package dev.recall.index;

import dev.recall.store.Digests;
import dev.recall.store.RecallEntry;

/**
 * The text of an entry that is embedded. Changing it changes every vector, so it is versioned and the version
 * is part of a vector generation's fingerprint.
 */
public final class EmbeddingText {
    public static final int TEMPLATE_VERSION = 1;

    private EmbeddingText() {}

    public static String of(RecallEntry e) {
        StringBuilder b = new StringBuilder(e.title()).append('\n');
        if (e.trigger() != null && !e.trigger().isBlank()) {
            b.append(e.trigger()).append('\n');
        }
        return b.append(e.body()).toString();
    }

    public static String digest(String text) {
        return Digests.sha256(Integer.toString(TEMPLATE_VERSION), text);
    }
}
