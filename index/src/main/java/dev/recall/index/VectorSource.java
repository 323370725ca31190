package dev.recall.index;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a store's vectors are built from: its revision counter (the stamp of a generation), the journal of keys that
 * changed, and the texts to embed. A key owns any number of vectors (an entry one, a session one per passage).
 */
public interface VectorSource {
    /** One text to embed: its vector id, the key it belongs to, and the text. */
    record Item(String id, String key, String text) {}

    /** The store name of the generations ("recall", "sessions"). */
    String store();

    /** Part of the fingerprint: changing what is embedded changes every vector. */
    int templateVersion();

    long revision();

    Map<String, Long> changesSince(long revision);

    /** The current items of each key; a key absent from the map has none left. */
    Map<String, List<Item>> items(Collection<String> keys);

    /** Every item, in batches, for a full build. */
    void forEachBatch(Consumer<List<Item>> batch);

    /** Removes every vector of a key before its current items are written again. */
    void remove(VectorIndex.Writer writer, String key);
}
