package dev.recall.index;

import dev.recall.store.VectorGenerations;
import dev.recall.store.Counters;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.EntryStatus;
import dev.recall.store.RecallEntry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** The recall store's vectors: one per accepted entry, followed by the corpus revision and its journal. */
final class EntryVectors implements VectorSource {
    private static final int BATCH = 1000;

    private final Database db;

    EntryVectors(Database db) {
        this.db = db;
    }

    @Override
    public String store() {
        return VectorGenerations.RECALL;
    }

    @Override
    public int templateVersion() {
        return EmbeddingText.TEMPLATE_VERSION;
    }

    @Override
    public long revision() {
        return new Counters(db).corpusRevision();
    }

    @Override
    public Map<String, Long> changesSince(long revision) {
        return new Counters(db).embeddingChangesSince(revision);
    }

    @Override
    public Map<String, List<Item>> items(Collection<String> keys) {
        Map<String, List<Item>> out = new LinkedHashMap<>();
        new Entries(db).getAll(keys).forEach((id, e) -> {
            if (e.status() == EntryStatus.ACCEPTED) {
                out.put(id, List.of(item(e)));
            }
        });
        return out;
    }

    @Override
    public void forEachBatch(Consumer<List<Item>> sink) {
        List<Item> batch = new ArrayList<>();
        new Entries(db).forEach(e -> {
            if (e.status() == EntryStatus.ACCEPTED) {
                batch.add(item(e));
            }
            if (batch.size() == BATCH) {
                sink.accept(List.copyOf(batch));
                batch.clear();
            }
        });
        sink.accept(batch);
    }

    @Override
    public void remove(VectorIndex.Writer writer, String key) {
        writer.delete(key);
    }

    private static Item item(RecallEntry e) {
        return new Item(e.id(), e.id(), EmbeddingText.of(e));
    }
}
