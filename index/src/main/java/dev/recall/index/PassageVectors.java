package dev.recall.index;

import dev.recall.store.VectorGenerations;
import dev.recall.store.ArchiveScan;
import dev.recall.store.Counters;
import dev.recall.store.Database;
import dev.recall.store.SessionMessages;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The sessions store's vectors: one per passage of every searchable session, cut exactly as the passage index cuts
 * them, followed by the archive revision and its journal (a changed session's vectors are all replaced).
 */
public final class PassageVectors implements VectorSource {
    private static final int BATCH = 1000;

    private final Database db;
    private final PassageSource passages;

    public PassageVectors(Database db) {
        this.db = db;
        this.passages = new PassageSource(db);
    }

    @Override
    public String store() {
        return VectorGenerations.SESSIONS;
    }

    /** The passage cutting is the template: a new cut is a new fingerprint. */
    @Override
    public int templateVersion() {
        return 1000 + PassageCutter.VERSION;
    }

    @Override
    public long revision() {
        return new Counters(db).archiveRevision();
    }

    @Override
    public Map<String, Long> changesSince(long revision) {
        return new Counters(db).archiveChangesSince(revision);
    }

    @Override
    public Map<String, List<Item>> items(Collection<String> keys) {
        return cuts().of(keys);
    }

    @Override
    public void forEachBatch(Consumer<List<Item>> sink) {
        cuts().forEachBatch(sink);
    }

    private ArchiveCuts<Item> cuts() {
        return new ArchiveCuts<>(new ArchiveScan(db), this::items, BATCH);
    }

    @Override
    public void remove(VectorIndex.Writer writer, String key) {
        writer.deleteKey(key);
    }

    private List<Item> items(SessionMessages s) {
        return passages.passages(s).stream().map(p -> new Item(p.id(), p.sessionId(), p.text())).toList();
    }
}
