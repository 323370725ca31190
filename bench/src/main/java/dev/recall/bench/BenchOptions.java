package dev.recall.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What to run.
 *
 * @param workDir where tiers are built; null for a new temp dir
 * @param keep leave the tiers' data dirs on disk (otherwise each is deleted when its tier ends)
 * @param coldStart how to start recall as a process; null skips the cold-start runs
 * @param modelLatency measure query embedding with the bundled model
 * @param warmup warm-up budget per engine
 * @param encodings the HNSW encodings each tier builds and measures
 * @param cacheDir where the model and the sentence vectors are cached across runs (recall's data dir cache);
 *     null to keep them in the work dir
 * @param backend another search backend each tier is also published to and searched on, beside the embedded
 *     one; null for none
 * @param reuse measure the tiers a {@code keep} run left in {@code workDir} instead of building them (implies keep)
 */
public record BenchOptions(List<Integer> sizes, VectorSource vectors, Path corpus, Path workDir, boolean keep,
        int queries, long seed, ColdStartSpec coldStart, boolean modelLatency, Duration warmup,
        HnswEncodings encodings, Path cacheDir, Backend backend, boolean reuse) {

    /** A backend to measure beside the embedded one: its label in the report, made from a tier's store. */
    public record Backend(String label, java.util.function.Function<dev.recall.store.Database,
            dev.recall.search.SearchBackend> factory) {}

    public BenchOptions(List<Integer> sizes, VectorSource vectors, Path corpus, Path workDir, boolean keep,
            int queries, long seed, ColdStartSpec coldStart, boolean modelLatency, Duration warmup,
            HnswEncodings encodings, Path cacheDir) {
        this(sizes, vectors, corpus, workDir, keep, queries, seed, coldStart, modelLatency, warmup, encodings,
                cacheDir, null, false);
    }

    public static final int DEFAULT_QUERIES = 200;
    public static final long DEFAULT_SEED = 42;
    public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(10);

    /** Both encodings, as before {@code --encodings} existed. */
    public BenchOptions(List<Integer> sizes, VectorSource vectors, Path corpus, Path workDir, boolean keep,
            int queries, long seed, ColdStartSpec coldStart, boolean modelLatency, Duration warmup) {
        this(sizes, vectors, corpus, workDir, keep, queries, seed, coldStart, modelLatency, warmup,
                HnswEncodings.BOTH, null);
    }

    public BenchOptions {
        java.util.Objects.requireNonNull(encodings, "encodings");
        sizes = List.copyOf(sizes);
        if (sizes.isEmpty() || sizes.stream().anyMatch(n -> n < 100)) {
            throw dev.recall.store.RecallException.invalid("sizes", "needs one or more sizes of at least 100 entries");
        }
        if (reuse && workDir == null) {
            throw dev.recall.store.RecallException.invalid("reuse", "needs the work dir the tiers were kept in");
        }
        keep = keep || reuse;
        if (queries < 10) {
            throw dev.recall.store.RecallException.invalid("queries", "must be at least 10");
        }
    }
}
