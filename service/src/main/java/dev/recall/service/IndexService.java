package dev.recall.service;

import dev.recall.index.LexicalIndex;
import dev.recall.store.EntryDigests;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The derived lexical index, which can always be regenerated from the store. A rebuild derives it from the entries'
 * text as it is now, so it also records that text as intended: entries changed outside recall (which `recall
 * doctor` finds by their digests) are stamped again, and their vectors become stale until the next build.
 */
public final class IndexService {
    /** @param restamped entries whose text had changed outside recall and is now recorded as intended */
    public record RebuildResult(LexicalIndex.SyncReport report, Duration elapsed, Path path, int restamped) {}

    private final Resources resources;

    IndexService(Resources resources) {
        this.resources = resources;
    }

    public RebuildResult rebuild() {
        long start = System.nanoTime();
        int restamped = new EntryDigests(resources.database()).stamp();
        LexicalIndex index = resources.lexicalIndex();
        LexicalIndex.SyncReport r = index.rebuild();
        return new RebuildResult(r, Duration.ofNanos(System.nanoTime() - start), index.path(), restamped);
    }
}
