package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import dev.recall.store.Digests;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The model's vector of every corpus unit, from the cache when it has them, else embedded in batches (with
 * progress) and cached.
 *
 * @param key what the vectors depend on: the model's fingerprint and the corpus units
 * @param embedded units embedded by this run (0 when the cache had them all)
 * @param seconds time to embed them, or to read the cache
 */
record SentenceVectors(String key, float[][] vectors, long embedded, double seconds, boolean fromCache) {
    /** Units per call to the model, and per progress line: about a second or two of work each. */
    static final int CHUNK = 256;
    static final int KEY_VERSION = 1;

    float[] vector(int unit) {
        return vectors[unit];
    }

    int dimensions() {
        return vectors[0].length;
    }

    static String key(Embedder model, CorpusUnits units) {
        // No entry text template is involved: the units are embedded verbatim.
        return Digests.sha256("recall-bench-sentence-vectors", Integer.toString(KEY_VERSION),
                model.identity().fingerprint(0), units.digest());
    }

    static SentenceVectors load(CorpusUnits units, Embedder model, SentenceVectorCache cache, Consumer<String> log) {
        String key = key(model, units);
        long start = System.nanoTime();
        Optional<float[][]> cached = cache.read(key, units.size(), model.dimensions());
        if (cached.isPresent()) {
            double s = (System.nanoTime() - start) / 1e9;
            log.accept(String.format(Locale.ROOT, "sentence vectors: %,d read from %s in %.1f s", units.size(),
                    cache.file(key), s));
            return new SentenceVectors(key, cached.get(), 0, s, true);
        }
        log.accept(String.format(Locale.ROOT, "sentence vectors: embedding %,d corpus titles and sentences with %s"
                + " (once; cached in %s)", units.size(), model.identity().modelId(), cache.file(key)));
        List<String> texts = units.texts();
        List<float[]> out = new ArrayList<>(texts.size());
        for (int from = 0; from < texts.size(); from += CHUNK) {
            out.addAll(model.embedDocuments(texts.subList(from, Math.min(texts.size(), from + CHUNK))));
            double s = (System.nanoTime() - start) / 1e9;
            int done = out.size();
            if ((from / CHUNK) % 10 == 9 || done == texts.size()) {
                log.accept(String.format(Locale.ROOT, "sentence vectors: %,d of %,d in %.0f s (%.0f/s, about %.0f s"
                        + " left)", done, texts.size(), s, done / s, (texts.size() - done) / (done / s)));
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        float[][] vectors = out.toArray(float[][]::new);
        cache.write(key, vectors);
        return new SentenceVectors(key, vectors, vectors.length, seconds, false);
    }
}
