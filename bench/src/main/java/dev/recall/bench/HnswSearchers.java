package dev.recall.bench;

import dev.recall.index.VectorEncoding;
import dev.recall.index.VectorIndex;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** An open searcher for each HNSW generation a tier built, kept open across queries; closes them all. */
final class HnswSearchers implements AutoCloseable {
    private final List<AutoCloseable> open;
    private final Map<VectorEncoding, VectorIndex.Searcher> searchers;

    private HnswSearchers(List<AutoCloseable> open, Map<VectorEncoding, VectorIndex.Searcher> searchers) {
        this.open = open;
        this.searchers = searchers;
    }

    static HnswSearchers open(Map<VectorEncoding, Path> dirs) {
        List<AutoCloseable> open = new ArrayList<>();
        Map<VectorEncoding, VectorIndex.Searcher> searchers = new EnumMap<>(VectorEncoding.class);
        HnswSearchers out = new HnswSearchers(open, searchers);
        try {
            for (Map.Entry<VectorEncoding, Path> e : dirs.entrySet()) {
                VectorIndex index = VectorIndex.open(e.getValue());
                open.add(index);
                VectorIndex.Searcher searcher = index.searcher();
                open.add(searcher);
                searchers.put(e.getKey(), searcher);
            }
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** The searcher of {@code encoding}, or null when the tier did not build it. */
    VectorIndex.Searcher get(VectorEncoding encoding) {
        return searchers.get(encoding);
    }

    /** Searchers before their indexes, as try-with-resources would close them. */
    @Override
    public void close() {
        RuntimeException failure = null;
        for (int i = open.size() - 1; i >= 0; i--) {
            try {
                open.get(i).close();
            } catch (Exception e) {
                if (failure == null) {
                    failure = new BenchException("cannot close an HNSW index: " + e.getMessage(), e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
