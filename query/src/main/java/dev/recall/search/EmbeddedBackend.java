package dev.recall.search;

import dev.recall.index.LexicalIndex;
import dev.recall.index.VectorIndex;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.store.Database;
import dev.recall.store.EntryFilter;
import dev.recall.store.VectorGeneration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The default backend: the data dir's Lucene lexical index, synced from the store's change journal, and the active
 * generation's HNSW index, kept open across searches. Closing it closes the vector searcher, not the lexical index
 * (whoever opened that closes it).
 */
public final class EmbeddedBackend implements SearchBackend {
    private final LexicalIndex lexicalIndex;
    private final ActiveVectors vectors;
    private final SearchThreads threads;

    /** BM25 in a part per core for every search: a process that runs one at a time. */
    public EmbeddedBackend(Database db, LexicalIndex lexicalIndex) {
        this(db, lexicalIndex, SearchThreads.perCore());
    }

    /** BM25 in parts only when {@code threads} allows them as a search starts (a daemon: while it serves one). */
    public EmbeddedBackend(Database db, LexicalIndex lexicalIndex, SearchThreads threads) {
        this.lexicalIndex = lexicalIndex;
        this.vectors = new ActiveVectors(db);
        this.threads = threads;
    }

    @Override
    public Optional<String> sync() {
        LexicalIndex.SyncReport r = lexicalIndex.sync();
        return r.rebuilt() ? Optional.of("lexical index rebuilt from the store (" + r.updated() + " entries)")
                : Optional.empty();
    }

    @Override
    public LexicalView lexical() {
        LexicalIndex.Lease lease = lexicalIndex.acquire();
        return new LexicalView() {
            @Override
            public AnalyzerKind analysis() {
                return lexicalIndex.analysis();
            }

            @Override
            public LexicalSearch leg(String text, boolean luceneSyntax, LexicalWeights weights) {
                return new LexicalLeg(lease.reader(), lexicalIndex.analysis(), text, luceneSyntax, weights, threads);
            }

            @Override
            public Set<String> matching(Collection<String> ids, EntryFilter filter) {
                return matching(ids, Map.of(), filter);
            }

            @Override
            public Set<String> matching(Collection<String> ids, Map<String, Integer> legDocs, EntryFilter filter) {
                return FilterCheck.admitted(lease.reader(), ids, legDocs, filter);
            }

            @Override
            public void close() {
                lease.close();
            }
        };
    }

    @Override
    public List<VectorIndex.Hit> nearest(VectorGeneration generation, float[] query, int k) {
        return vectors.nearest(generation, query, k);
    }

    @Override
    public VectorIndex.Nearest nearest(VectorGeneration generation, float[] query, int k, int named) {
        return vectors.nearest(generation, query, k, named);
    }

    @Override
    public void close() {
        vectors.close();
    }
}
