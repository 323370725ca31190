package dev.recall.index;

import dev.recall.freshness.Staleness;
import dev.recall.store.VectorGeneration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.FSDirectory;

/**
 * Decides whether the index on disk is the one a generation's row describes: present, written for this store and
 * this generation (the ids in its commit data) and holding the number of vectors the build wrote. Anything else
 * is refused as stale with the command that rebuilds it, never answered from: an empty, foreign or truncated
 * index would give wrong results in silence.
 */
public final class GenerationCheck {
    private final String storeId;

    public GenerationCheck(String storeId) {
        this.storeId = storeId;
    }

    public String storeId() {
        return storeId;
    }

    /** Opens a completed generation's index and checks it before anything is searched; refuses if it is not right. */
    public VectorIndex.Searcher open(VectorIndex index, VectorGeneration g) {
        VectorIndex.Searcher searcher;
        try {
            searcher = index.searcher();
        } catch (IndexException e) {
            throw new Staleness.RefusedException(damaged(g, e));
        }
        Staleness verdict = verify(g, searcher);
        if (!verdict.fresh()) {
            searcher.close();
            throw new Staleness.RefusedException(verdict);
        }
        return searcher;
    }

    /** The verdict on an open searcher of a completed generation. */
    public Staleness verify(VectorGeneration g, VectorIndex.Searcher searcher) {
        Map<String, String> data;
        try {
            data = searcher.commitData();
        } catch (IndexException e) {
            return damaged(g, e);
        }
        Staleness foreign = foreign(g, data);
        if (foreign != null) {
            return foreign;
        }
        if (g.vectorCount() != null && searcher.size() != g.vectorCount()) {
            return verdict(Staleness.Kind.INDEX_DAMAGED, g, "the index of vector generation " + g.id() + " at "
                    + g.indexPath() + " is damaged: it holds " + searcher.size() + " vectors, the build wrote "
                    + g.vectorCount());
        }
        return new Staleness(Staleness.Kind.FRESH, g.store(), g, 0, "index of generation " + g.id() + " verified");
    }

    /** The verdict on a completed generation's index, opening and closing it (builds, doctor). */
    public Staleness inspect(VectorGeneration g) {
        if (!present(g.indexPath())) {
            return missing(g);
        }
        try (VectorIndex index = VectorIndex.openExisting(g.indexPath());
                VectorIndex.Searcher searcher = index.searcher()) {
            return verify(g, searcher);
        } catch (IndexException e) {
            return damaged(g, e);
        }
    }

    /**
     * Whether an interrupted build may carry on in its directory: nothing committed yet, or commits this store made
     * for this generation. Anything else (another store's files, an unreadable index) is started again.
     */
    public boolean resumable(VectorGeneration building) {
        Path dir = building.indexPath();
        if (!present(dir)) {
            return true;
        }
        try (VectorIndex index = VectorIndex.openExisting(dir); VectorIndex.Searcher searcher = index.searcher()) {
            return foreign(building, searcher.commitData()) == null;
        } catch (IndexException e) {
            return false;
        }
    }

    /** Refuses if a generation's index directory is missing or holds no commit. */
    public void requirePresent(VectorGeneration g) {
        if (!present(g.indexPath())) {
            throw new Staleness.RefusedException(missing(g));
        }
    }

    public Staleness damaged(VectorGeneration g, Exception cause) {
        return verdict(Staleness.Kind.INDEX_DAMAGED, g, "the index of vector generation " + g.id() + " at "
                + g.indexPath() + " is damaged (" + firstLine(cause) + ")");
    }

    /** The commit data a build writes so that later checks know whose index this is. */
    public Map<String, String> stamp(VectorGeneration g, Map<String, String> data) {
        var out = new java.util.HashMap<>(data);
        out.put(VectorIndex.STORE_ID_KEY, storeId);
        out.put(VectorIndex.GENERATION_KEY, Long.toString(g.id()));
        return out;
    }

    private Staleness missing(VectorGeneration g) {
        return verdict(Staleness.Kind.INDEX_MISSING, g, "the index of vector generation " + g.id() + " is missing ("
                + g.indexPath() + " holds no index)");
    }

    private Staleness foreign(VectorGeneration g, Map<String, String> data) {
        String store = data.get(VectorIndex.STORE_ID_KEY);
        String generation = data.get(VectorIndex.GENERATION_KEY);
        if (Objects.equals(store, storeId) && Objects.equals(generation, Long.toString(g.id()))) {
            return null;
        }
        String whose = store == null ? "carries no store id (an older recall or another tool wrote it)"
                : "was written for " + (Objects.equals(store, storeId) ? "this store's" : "another store's (" + store + ")")
                        + " generation " + generation;
        return verdict(Staleness.Kind.INDEX_FOREIGN, g, "the index at " + g.indexPath() + " does not belong to vector"
                + " generation " + g.id() + " of this store: it " + whose);
    }

    /** The message names what is wrong; the remedy (a build of the store) is worded by each surface. */
    private static Staleness verdict(Staleness.Kind kind, VectorGeneration g, String what) {
        return new Staleness(kind, g.store(), g, 0, what);
    }

    private static boolean present(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (var directory = FSDirectory.open(dir)) {
            return DirectoryReader.indexExists(directory);
        } catch (java.io.IOException e) {
            return true; // there is something; opening it will say what is wrong with it
        }
    }

    private static String firstLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        m = m.lines().findFirst().orElse("").strip();
        return m.length() > 160 ? m.substring(0, 160) + "..." : m;
    }
}
