package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbedderIdentity;
import dev.recall.store.Digests;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Cheap deterministic vectors for large tiers: a hashed bag of words, L2-normalised, at a few microseconds a
 * text instead of the model's 30 to 150 ms.
 *
 * <p>Each non-stopword adds ±1 in {@link #DIMS_PER_WORD} of {@link #LATENT_DIMS} dimensions chosen by its hash, so
 * texts that share words get nearby vectors. The latent vector is then mapped into 384 dimensions by a fixed
 * random orthonormal basis: an isometry, so similarities are the latent ones, while the index stores and compares
 * 384 floats as it does for the model. The latent size is what makes the vectors model-like for HNSW: a sentence
 * model's embeddings have a low intrinsic dimension, and hashing straight into 384 dimensions gives near-orthogonal
 * vectors that are much harder for a graph search. At 10,000 entries HNSW's recall@10 against exact search on
 * these vectors tracks the model's (docs/benchmarks.md). Its identity is its own ("bench-hash-384"), so its vector
 * generations can never be mistaken for the model's.
 */
public final class HashEmbedder implements Embedder {
    public static final String MODEL_ID = "bench-hash-384";
    static final int DIMENSIONS = 384;
    static final int LATENT_DIMS = 64;
    static final int DIMS_PER_WORD = 8;
    private static final long BASIS_SEED = 0x5EED_384L;
    /** Row j is the 384-dimensional image of latent dimension j; the rows are orthonormal. */
    private static final float[][] BASIS = orthonormalRows(LATENT_DIMS, DIMENSIONS, BASIS_SEED);

    private final EmbedderIdentity identity = new EmbedderIdentity(MODEL_ID,
            Digests.sha256(MODEL_ID, "latent=" + LATENT_DIMS, "per-word=" + DIMS_PER_WORD, "basis=" + BASIS_SEED),
            DIMENSIONS, null, 0, null, 1);

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
        return embed(query);
    }

    @Override
    public List<float[]> embedDocuments(List<String> documents) {
        List<float[]> out = new ArrayList<>(documents.size());
        for (String d : documents) {
            out.add(embed(d));
        }
        return out;
    }

    static float[] embed(String text) {
        float[] latent = new float[LATENT_DIMS];
        for (String w : Words.of(text)) {
            if (w.length() < 2 || Words.isStopword(w)) {
                continue;
            }
            long h = fnv1a(w);
            for (int j = 0; j < DIMS_PER_WORD; j++) {
                long x = Mix.mix64(h + j * 0x9E3779B97F4A7C15L);
                latent[(int) ((x >>> 1) % LATENT_DIMS)] += (x & 1) == 0 ? 1f : -1f;
            }
        }
        double norm = 0;
        for (float f : latent) {
            norm += f * f;
        }
        if (norm == 0) {
            latent[0] = 1; // no words: a fixed unit vector rather than NaNs
            norm = 1;
        }
        float scale = (float) (1 / Math.sqrt(norm));
        float[] v = new float[DIMENSIONS];
        for (int j = 0; j < LATENT_DIMS; j++) {
            if (latent[j] != 0) {
                float c = latent[j] * scale;
                float[] row = BASIS[j];
                for (int i = 0; i < DIMENSIONS; i++) {
                    v[i] += c * row[i];
                }
            }
        }
        // The basis is orthonormal in double precision; float rounding leaves the norm off by about 1e-7.
        double n = 0;
        for (float f : v) {
            n += f * f;
        }
        float fix = (float) (1 / Math.sqrt(n));
        for (int i = 0; i < DIMENSIONS; i++) {
            v[i] *= fix;
        }
        return v;
    }

    /** Gram-Schmidt over seeded Gaussian rows: the same basis in every JVM. */
    static float[][] orthonormalRows(int rows, int dims, long seed) {
        double[][] b = new double[rows][dims];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < dims; i++) {
                b[r][i] = gaussian(seed, (long) r * dims + i);
            }
            for (int p = 0; p < r; p++) {
                double dot = 0;
                for (int i = 0; i < dims; i++) {
                    dot += b[r][i] * b[p][i];
                }
                for (int i = 0; i < dims; i++) {
                    b[r][i] -= dot * b[p][i];
                }
            }
            double norm = 0;
            for (double x : b[r]) {
                norm += x * x;
            }
            norm = Math.sqrt(norm);
            for (int i = 0; i < dims; i++) {
                b[r][i] /= norm;
            }
        }
        float[][] out = new float[rows][dims];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < dims; i++) {
                out[r][i] = (float) b[r][i];
            }
        }
        return out;
    }

    /** A standard normal value by Box-Muller from two hashed uniforms. */
    private static double gaussian(long seed, long index) {
        double u1 = ((Mix.mix64(seed ^ (2 * index)) >>> 11) + 1) / (double) (1L << 53);
        double u2 = (Mix.mix64(seed ^ (2 * index + 1)) >>> 11) / (double) (1L << 53);
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    private static long fnv1a(String w) {
        long h = 0xcbf29ce484222325L;
        for (byte b : w.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    @Override
    public void close() {}
}
