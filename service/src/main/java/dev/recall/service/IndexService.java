package dev.recall.service;

import dev.recall.index.LexicalIndex;
import java.nio.file.Path;
import java.time.Duration;

/** The derived lexical index, which can always be regenerated from the store. */
public final class IndexService {
    public record RebuildResult(LexicalIndex.SyncReport report, Duration elapsed, Path path) {}

    private final Resources resources;

    IndexService(Resources resources) {
        this.resources = resources;
    }

    public RebuildResult rebuild() {
        long start = System.nanoTime();
        LexicalIndex index = resources.lexicalIndex();
        LexicalIndex.SyncReport r = index.rebuild();
        return new RebuildResult(r, Duration.ofNanos(System.nanoTime() - start), index.path());
    }
}
