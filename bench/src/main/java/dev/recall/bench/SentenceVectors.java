package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import dev.recall.eval.EmbeddingCache;
import dev.recall.index.VectorBuilder;
import dev.recall.store.Digests;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * The model's vector of every corpus unit, kept by the product's {@link EmbeddingCache} (the one `recall eval`
 * keeps collection vectors in): read from it when it has them, else embedded (with progress) and stored.
 *
 * @param key what the vectors depend on: the model's fingerprint and the corpus units
 * @param embedded units embedded by this run (0 when the cache had them all)
 * @param seconds time to embed them, or to read the cache
 * @param file the cache file that holds them
 */
record SentenceVectors(String key, float[][] vectors, long embedded, double seconds, boolean fromCache, Path file) {
    static final int KEY_VERSION = 1;
    /** How the cache tells these texts from other texts: the units are embedded verbatim, no entry template. */
    static final String TEMPLATE = "bench-corpus-units-verbatim-v" + KEY_VERSION;

    float[] vector(int unit) {
        return vectors[unit];
    }

    int dimensions() {
        return vectors[0].length;
    }

    static String key(Embedder model, CorpusUnits units) {
        return Digests.sha256("recall-bench-sentence-vectors", Integer.toString(KEY_VERSION),
                model.identity().fingerprint(0), units.digest());
    }

    static SentenceVectors load(CorpusUnits units, Embedder model, EmbeddingCache cache, Consumer<String> log) {
        List<String> texts = units.texts();
        List<String> ids = IntStream.range(0, texts.size()).mapToObj(Integer::toString).toList();
        long start = System.nanoTime();
        EmbeddingCache.Result r;
        try {
            r = cache.vectors("bench-sentences", TEMPLATE, ids, texts, model, progress(log));
        } catch (IOException e) {
            throw new BenchException("cannot keep the sentence vectors in the vector cache: " + e.getMessage(), e);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        float[][] vectors = new float[texts.size()][];
        for (int i = 0; i < vectors.length; i++) {
            vectors[i] = r.vectors().vector(i);
        }
        log.accept(String.format(Locale.ROOT, "sentence vectors: %,d %s %s in %.1f s", texts.size(),
                r.cached() ? "read from" : "embedded with " + model.identity().modelId() + " and stored in", r.file(),
                seconds));
        return new SentenceVectors(key(model, units), vectors, r.cached() ? 0 : vectors.length, seconds, r.cached(),
                r.file());
    }

    /** A progress line every tenth of the way: embedding a large corpus takes minutes. */
    private static VectorBuilder.Progress progress(Consumer<String> log) {
        return new VectorBuilder.Progress() {
            private long total;
            private long started;
            private long reported;

            @Override
            public void start(String phase, long total) {
                this.total = total;
                this.started = System.nanoTime();
                log.accept(String.format(Locale.ROOT, "sentence vectors: %s %,d corpus titles and sentences (once)",
                        phase, total));
            }

            @Override
            public void advance(long done) {
                if (done - reported >= Math.max(1, total / 10) || done == total) {
                    reported = done;
                    double s = (System.nanoTime() - started) / 1e9;
                    log.accept(String.format(Locale.ROOT, "sentence vectors: %,d of %,d in %.0f s (%.0f/s)", done,
                            total, s, done / Math.max(s, 1e-9)));
                }
            }

            @Override
            public void finish() {}
        };
    }
}
