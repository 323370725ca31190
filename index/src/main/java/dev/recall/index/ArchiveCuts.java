package dev.recall.index;

import dev.recall.store.ArchiveScan;
import dev.recall.store.SessionMessages;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The archive cut a session at a time into what a derived index holds (passage documents, passage texts to embed):
 * the sessions asked for by key, or all of them in batches of about {@code batch} items.
 */
record ArchiveCuts<T>(ArchiveScan scan, Function<SessionMessages, List<T>> cut, int batch) {

    Map<String, List<T>> of(Collection<String> sessionIds) {
        Map<String, List<T>> out = new LinkedHashMap<>();
        scan.sessions(sessionIds).forEach((id, s) -> out.put(id, cut.apply(s)));
        return out;
    }

    void forEachBatch(Consumer<List<T>> sink) {
        List<T> pending = new ArrayList<>();
        scan.forEachSession(s -> {
            pending.addAll(cut.apply(s));
            if (pending.size() >= batch) {
                sink.accept(List.copyOf(pending));
                pending.clear();
            }
        });
        sink.accept(pending);
    }
}
