package dev.recall.embeddings;

import dev.recall.store.Digests;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Several models as one vector leg: a text's vector is each model's unit vector scaled by the square root of that
 * model's weight (weights sum to 1), laid end to end. The result is a unit vector again, and the dot product of two
 * such vectors is the weighted sum of the models' cosines, so the HNSW index, the vector generation and the fusion
 * see one leg and need nothing new (docs/benchmarks.md, issue 20's seventh round). Each model reads its own query
 * instruction (bge's, none for MiniLM).
 */
public final class CombinedEmbedder implements Embedder {
    /** Between the bundled models' names in {@code [embeddings] model}. */
    public static final String SEPARATOR = "+";
    /** How the parts' vectors are combined; bumped when that changes (it is in the fingerprint). */
    static final int RECIPE_VERSION = 1;

    private final List<Embedder> parts;
    private final double[] weights;
    private final float[] scales;
    private final EmbedderIdentity identity;
    private final int dimensions;

    /** The models with equal weights; closing this closes them. */
    public CombinedEmbedder(List<Embedder> parts) {
        this(parts, equal(parts.size()));
    }

    /** The models and their weights (positive, summing to 1); closing this closes them. */
    public CombinedEmbedder(List<Embedder> parts, double[] weights) {
        if (parts.size() < 2 || weights.length != parts.size()) {
            throw new EmbeddingException("a combined embedder needs two or more models, one weight each");
        }
        double sum = 0;
        for (double w : weights) {
            if (!(w > 0)) {
                throw new EmbeddingException("a combined embedder's weights must be positive, got " + w);
            }
            sum += w;
        }
        if (Math.abs(sum - 1) > 1e-9) {
            throw new EmbeddingException("a combined embedder's weights must sum to 1, got " + sum);
        }
        this.parts = List.copyOf(parts);
        this.weights = weights.clone();
        this.scales = new float[weights.length];
        int dims = 0;
        for (int i = 0; i < weights.length; i++) {
            scales[i] = (float) Math.sqrt(weights[i]);
            dims += parts.get(i).dimensions();
        }
        this.dimensions = dims;
        this.identity = identityOf(this.parts, this.weights, dims);
    }

    private static double[] equal(int n) {
        double[] w = new double[n];
        java.util.Arrays.fill(w, 1.0 / n);
        return w;
    }

    /**
     * The model id names the parts; the digest covers each part's whole identity but its query prefix (the document
     * side) and the weights; the query prefix field lists each part's prefix, so a change of either instruction
     * changes the fingerprint as it does for one model.
     */
    private static EmbedderIdentity identityOf(List<Embedder> parts, double[] weights, int dims) {
        StringBuilder digestInput = new StringBuilder("recall-combined-embedder:" + RECIPE_VERSION);
        List<String> prefixes = new ArrayList<>();
        boolean anyPrefix = false;
        for (int i = 0; i < parts.size(); i++) {
            EmbedderIdentity p = parts.get(i).identity();
            EmbedderIdentity documentSide = new EmbedderIdentity(p.modelId(), p.modelDigest(), p.dimensions(),
                    p.pooling(), p.maxTokens(), null, p.recipeVersion());
            digestInput.append('\n').append(documentSide.fingerprint(0)).append(' ').append(weights[i]);
            anyPrefix |= p.queryPrefix() != null;
            prefixes.add(p.modelId() + "=" + (p.queryPrefix() == null ? "-" : "+" + p.queryPrefix()));
        }
        String modelId = parts.stream().map(e -> e.identity().modelId()).collect(Collectors.joining(SEPARATOR));
        String digest = Digests.sha256Hex(digestInput.toString().getBytes(StandardCharsets.UTF_8));
        return new EmbedderIdentity(modelId, digest, dims, null, 0, anyPrefix ? String.join("\n", prefixes) : null,
                RECIPE_VERSION);
    }

    /** The models, in the order their vectors are laid out. */
    public List<Embedder> parts() {
        return parts;
    }

    /** One text's combined vector from its parts' vectors (in {@link #parts()} order, each a unit vector). */
    public float[] combine(List<float[]> partVectors) {
        float[] out = new float[dimensions];
        int at = 0;
        for (int i = 0; i < partVectors.size(); i++) {
            float[] v = partVectors.get(i);
            for (int j = 0; j < v.length; j++) {
                out[at + j] = v[j] * scales[i];
            }
            at += v.length;
        }
        if (at != dimensions) {
            throw new EmbeddingException("combined vector has " + at + " dimensions, expected " + dimensions);
        }
        return out;
    }

    @Override
    public EmbedderIdentity identity() {
        return identity;
    }

    @Override
    public int dimensions() {
        return dimensions;
    }

    @Override
    public float[] embedQuery(String query) {
        List<float[]> each = new ArrayList<>(parts.size());
        for (Embedder p : parts) {
            each.add(p.embedQuery(query));
        }
        return combine(each);
    }

    @Override
    public List<float[]> embedDocuments(List<String> documents) {
        // each model in turn over the whole list: each runs its own texts in parallel already
        List<List<float[]>> byPart = new ArrayList<>(parts.size());
        for (Embedder p : parts) {
            byPart.add(p.embedDocuments(documents));
        }
        List<float[]> out = new ArrayList<>(documents.size());
        for (int d = 0; d < documents.size(); d++) {
            List<float[]> each = new ArrayList<>(parts.size());
            for (List<float[]> part : byPart) {
                each.add(part.get(d));
            }
            out.add(combine(each));
        }
        return out;
    }

    @Override
    public void close() {
        RuntimeException first = null;
        for (Embedder p : parts) {
            try {
                p.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
