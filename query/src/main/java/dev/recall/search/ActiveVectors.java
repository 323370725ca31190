package dev.recall.search;

import dev.recall.freshness.Staleness;
import dev.recall.index.GenerationCheck;
import dev.recall.index.IndexException;
import dev.recall.index.VectorIndex;
import dev.recall.store.Database;
import dev.recall.store.StoreIdentity;
import dev.recall.store.VectorGeneration;
import java.util.List;
import java.util.Objects;

/**
 * A store's active generation's HNSW searcher, kept open across searches: reopened when the active generation
 * changes, refreshed when a build commits to it (its stamp moves). The index is checked to be that generation's
 * (present, this store's, the count the build wrote) on open and after every refresh; anything else refuses as
 * stale. Close it.
 */
final class ActiveVectors implements AutoCloseable {
    private final Database db;
    private VectorIndex index;
    private VectorIndex.Searcher searcher;
    /** The generation's completed revision when its searcher was (re)opened: builds commit and move it. */
    private Long revision;
    /** Knows this store's id, read once. */
    private GenerationCheck check;

    ActiveVectors(Database db) {
        this.db = db;
    }

    List<VectorIndex.Hit> nearest(VectorGeneration generation, float[] query, int k) {
        return nearest(generation, query, k, k).hits();
    }

    /** The first {@code named} of the {@code k} nearest, and how many were found. */
    synchronized VectorIndex.Nearest nearest(VectorGeneration generation, float[] query, int k, int named) {
        if (check == null) {
            check = new GenerationCheck(new StoreIdentity(db).id());
        }
        try {
            if (index == null || !index.path().equals(generation.indexPath())) {
                close();
                check.requirePresent(generation);
                index = VectorIndex.openExisting(generation.indexPath());
                searcher = check.open(index, generation);
            } else if (!Objects.equals(generation.completedCorpusRevision(), revision)) {
                searcher = searcher.refreshed();
                check.verify(generation, searcher).orThrow();
            }
            revision = generation.completedCorpusRevision();
            return searcher.nearest(query, k, named);
        } catch (Staleness.RefusedException e) {
            close();
            throw e;
        } catch (IndexException e) {
            close();
            throw new Staleness.RefusedException(check.damaged(generation, e));
        }
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
        revision = null;
    }
}
