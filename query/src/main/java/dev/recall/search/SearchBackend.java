package dev.recall.search;

import dev.recall.index.VectorIndex;
import dev.recall.store.VectorGeneration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where the legs of a {@link RecallSearch} run: the embedded Lucene directories ({@link EmbeddedBackend}, the
 * default) or a search cluster. The store stays the source of truth either way; a backend holds derived copies
 * (the entries' lexical index, one vector index per generation) and must refuse, as stale, a vector search whose
 * copy is not the asked generation at its stamp. Fusion, boosts, filters-after-fusion and the freshness verdict
 * stay in {@link RecallSearch}, so both backends answer with the same semantics.
 */
public interface SearchBackend extends AutoCloseable {

    /** Brings the lexical copy up to the store's entries; a note for the response when that meant a rebuild. */
    Optional<String> sync();

    /** A consistent view of the lexical copy for one search. Close it. */
    LexicalView lexical();

    /**
     * The {@code k} entries nearest to {@code query} by cosine in {@code generation}'s vectors, best first.
     * Throws {@link dev.recall.freshness.Staleness.RefusedException} when this backend's copy of the vectors is
     * missing, foreign, or stamped at another revision than the generation.
     */
    List<VectorIndex.Hit> nearest(VectorGeneration generation, float[] query, int k);

    /**
     * The first {@code named} of the {@link #nearest} {@code k}, and how many were found: a backend whose hits cost
     * something to name (an id read per hit) names only those.
     */
    default VectorIndex.Nearest nearest(VectorGeneration generation, float[] query, int k, int named) {
        List<VectorIndex.Hit> all = nearest(generation, query, k);
        return new VectorIndex.Nearest(List.copyOf(all.subList(0, Math.min(Math.max(named, 0), all.size()))),
                all.size());
    }

    /**
     * CPU time this backend's own server processes have used so far (every node of a cluster), in milliseconds, so
     * a benchmark on a shared machine can weigh what its searches cost; empty when they run in this process.
     */
    default OptionalLong serverCpuMillis() {
        return OptionalLong.empty();
    }

    @Override
    void close();
}
