package dev.recall.bench;

import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Writes a tier's sessions and entries through the store's own insert path (triggers, journals, checks), in
 * transactions of {@link #BATCH} entries so a million rows do not sit in one WAL.
 */
final class StoreLoader {
    /** A multiple of the session size, so every transaction starts with a new session. */
    static final int BATCH = 20_000;

    private final Database db;
    private final EntryGenerator generator;

    StoreLoader(Database db, EntryGenerator generator) {
        this.db = db;
        this.generator = generator;
    }

    /** Inserts entries 0..n-1 and their sessions; {@code progress} gets the count after each transaction. */
    void load(int n, IntConsumer progress) {
        for (int from = 0; from < n; from += BATCH) {
            int start = from;
            int end = Math.min(n, from + BATCH);
            Sessions sessions = new Sessions(db);
            Entries entries = new Entries(db);
            db.transaction(() -> {
                Session current = null;
                for (int i = start; i < end; i++) {
                    boolean first = i % EntryGenerator.ENTRIES_PER_SESSION == 0;
                    if (current == null || first) {
                        current = generator.session(i / EntryGenerator.ENTRIES_PER_SESSION);
                        if (first) {
                            sessions.insert(current);
                        }
                    }
                    entries.insert(generator.entry(i, current), List.of());
                }
            });
            progress.accept(end);
        }
    }
}
