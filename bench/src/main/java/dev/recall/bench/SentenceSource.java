package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import dev.recall.eval.EmbeddingCache;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The {@link VectorSource#SENTENCES} embedder of a run, made the first time a tier needs it: the corpus units'
 * model vectors are loaded (or embedded) once and shared by every tier.
 */
final class SentenceSource {
    private final Consumer<String> log;
    private SentenceVectors vectors;
    private EntryTextUnits units;

    SentenceSource(Consumer<String> log) {
        this.log = log;
    }

    /**
     * The embedder, or empty when the model cannot be loaded. Every tier gets a note of where the sentence
     * vectors came from and what they cost.
     *
     * @param cacheDir where the sentence-vector cache lives (the run's work dir, so reruns with the same
     *     {@code --work-dir} reuse it)
     * @param asModel stamp the generation with the model's identity ({@link VectorSource#SENTENCES_AS_MODEL})
     */
    Optional<Embedder> embedder(LazyModel model, SentenceCorpus corpus, Path cacheDir, boolean asModel,
            List<String> notes) {
        Optional<Embedder> m = model.get();
        if (m.isEmpty()) {
            return Optional.empty();
        }
        if (vectors == null) {
            CorpusUnits corpusUnits = CorpusUnits.of(corpus);
            vectors = SentenceVectors.load(corpusUnits, m.get(), new EmbeddingCache(cacheDir, log), log);
            units = new EntryTextUnits(corpusUnits);
        }
        SentenceMeanEmbedder embedder = new SentenceMeanEmbedder(m.get(), vectors, units, asModel);
        notes.add(vectors.fromCache()
                ? String.format(Locale.ROOT, "sentence vectors: %,d corpus titles and sentences read from the cache"
                        + " in %.1f s (embedded by an earlier run)", vectors.vectors().length, vectors.seconds())
                : String.format(Locale.ROOT, "sentence vectors: %,d corpus titles and sentences embedded with %s in"
                        + " %.0f s (%.0f/s), once for the run", vectors.embedded(),
                        m.get().identity().modelId(),
                        vectors.seconds(), vectors.embedded() / vectors.seconds()));
        notes.add("sentence vectors: an entry's vector is the normalised mean of its body sentences' model vectors,"
                + " its document title's and (with a trigger) the trigger's source sentence's; queries are embedded"
                + " by the model");
        if (asModel) {
            notes.add("sentence vectors stamped with the model's identity (" + m.get().identity().modelId() + "),"
                    + " so the daemon and hybrid `recall query` use them: latency figures, not the model's quality");
        }
        return Optional.of(embedder);
    }
}
