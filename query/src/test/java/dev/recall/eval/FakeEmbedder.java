package dev.recall.eval;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbedderIdentity;
import dev.recall.embeddings.Pooling;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A deterministic stand-in model: a text's vector is derived from its bytes; counts what it embeds. */
public final class FakeEmbedder implements Embedder {
    static final int DIMENSIONS = 8;

    private final EmbedderIdentity identity;
    int documentsEmbedded;

    public FakeEmbedder(String modelId) {
        this(modelId, 1);
    }

    FakeEmbedder(String modelId, int recipeVersion) {
        this.identity = new EmbedderIdentity(modelId, "digest-of-" + modelId, DIMENSIONS, Pooling.MEAN, 128, null,
                recipeVersion);
    }

    @Override
    public EmbedderIdentity identity() {
        return identity;
    }

    @Override
    public int dimensions() {
        return DIMENSIONS;
    }

    @Override
    public float[] embedQuery(String query) {
        return vector(query);
    }

    @Override
    public List<float[]> embedDocuments(List<String> documents) {
        documentsEmbedded += documents.size();
        List<float[]> out = new ArrayList<>();
        documents.forEach(d -> out.add(vector(d)));
        return out;
    }

    static float[] vector(String text) {
        float[] v = new float[DIMENSIONS];
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            v[i % DIMENSIONS] += (bytes[i] & 0xff) * (1 + i % 3);
        }
        v[0] += 1;
        double norm = 0;
        for (float f : v) {
            norm += f * f;
        }
        for (int i = 0; i < DIMENSIONS; i++) {
            v[i] = (float) (v[i] / Math.sqrt(norm));
        }
        return v;
    }

    @Override
    public void close() {}
}
