package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbedderIdentity;
import dev.recall.store.Digests;
import java.util.ArrayList;
import java.util.List;

/**
 * Model-derived document vectors at the cost of a few additions: an entry's vector is the L2-normalised mean of
 * the model vectors of the corpus units its text was cut from ({@link EntryTextUnits}). Queries are embedded by
 * the model itself, so they are as real as in the product. The identity is its own ("bench-sentences-..."), so
 * these generations are never mistaken for the model's, unless the run asks for the model's identity
 * ({@link VectorSource#SENTENCES_AS_MODEL}) so the daemon's hybrid path can be timed on a large tier.
 */
final class SentenceMeanEmbedder implements Embedder {
    static final String MODEL_ID_PREFIX = "bench-sentences-";

    private final Embedder model;
    private final SentenceVectors vectors;
    private final EntryTextUnits units;
    private final EmbedderIdentity identity;

    /**
     * @param model the model the sentence vectors came from; used for queries, and closed by its owner
     * @param asModel stamp the generation with the model's own identity (the vectors live in its space)
     */
    SentenceMeanEmbedder(Embedder model, SentenceVectors vectors, EntryTextUnits units, boolean asModel) {
        this.model = model;
        this.vectors = vectors;
        this.units = units;
        EmbedderIdentity m = model.identity();
        this.identity = asModel ? m : new EmbedderIdentity(MODEL_ID_PREFIX + m.modelId(),
                Digests.sha256(MODEL_ID_PREFIX, "mean-of-units", vectors.key()), m.dimensions(), m.pooling(),
                m.maxTokens(), m.queryPrefix(), m.recipeVersion());
    }

    @Override
    public EmbedderIdentity identity() {
        return identity;
    }

    @Override
    public int dimensions() {
        return identity.dimensions();
    }

    @Override
    public float[] embedQuery(String query) {
        return model.embedQuery(query);
    }

    @Override
    public List<float[]> embedDocuments(List<String> documents) {
        List<float[]> out = new ArrayList<>(documents.size());
        for (String d : documents) {
            out.add(meanOf(units.of(d)));
        }
        return out;
    }

    float[] meanOf(int[] unitIds) {
        float[] v = new float[dimensions()];
        for (int u : unitIds) {
            float[] x = vectors.vector(u);
            for (int i = 0; i < v.length; i++) {
                v[i] += x[i];
            }
        }
        double norm = 0;
        for (float f : v) {
            norm += f * f;
        }
        // Unit vectors of related text never cancel out; a zero sum would be a bug upstream, not a document.
        if (norm == 0) {
            throw new BenchException("the mean of units " + java.util.Arrays.toString(unitIds) + " is zero");
        }
        float scale = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < v.length; i++) {
            v[i] *= scale;
        }
        return v;
    }

    @Override
    public void close() {
        // the model belongs to the caller
    }
}
