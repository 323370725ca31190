package dev.recall.search;

import dev.recall.store.VectorGeneration;
import dev.recall.index.VectorIndex;
import java.util.List;
import java.util.Objects;

/**
 * A store's active generation's HNSW searcher, kept open across searches: reopened when the active generation
 * changes, refreshed when a build commits to it (its stamp moves). Close it.
 */
final class ActiveVectors implements AutoCloseable {
    private VectorIndex index;
    private VectorIndex.Searcher searcher;
    /** The generation's completed revision when its searcher was (re)opened: builds commit and move it. */
    private Long revision;

    synchronized List<VectorIndex.Hit> nearest(VectorGeneration generation, float[] query, int k) {
        if (index == null || !index.path().equals(generation.indexPath())) {
            close();
            index = VectorIndex.open(generation.indexPath());
            searcher = index.searcher();
        } else if (!Objects.equals(generation.completedCorpusRevision(), revision)) {
            searcher = searcher.refreshed();
        }
        revision = generation.completedCorpusRevision();
        return searcher.nearest(query, k);
    }

    @Override
    public synchronized void close() {
        if (searcher != null) {
            searcher.close();
            searcher = null;
        }
        if (index != null) {
            index.close();
            index = null;
        }
    }
}
