package dev.recall.embeddings;

/** Checks and L2-normalisation shared by every embedder. */
final class Vectors {

    private Vectors() {}

    /**
     * Normalises {@code vector} in place to unit length and returns it. A non-finite component or
     * a zero norm is an error: such a vector would poison every similarity computed from it.
     *
     * @param what names the vector in the error message, e.g. "input 3 from http://..."
     */
    static float[] normalise(float[] vector, String what) {
        double sumOfSquares = 0;
        for (int i = 0; i < vector.length; i++) {
            float component = vector[i];
            if (!Float.isFinite(component)) {
                throw new EmbeddingException(
                        what + ": component " + i + " is " + component + " (not a finite number)");
            }
            sumOfSquares += (double) component * component;
        }
        double norm = Math.sqrt(sumOfSquares);
        if (!(norm > 0) || !Double.isFinite(norm)) {
            throw new EmbeddingException(what + ": vector has norm " + norm
                    + " and cannot be normalised");
        }
        for (int i = 0; i < vector.length; i++) {
            vector[i] = (float) (vector[i] / norm);
        }
        return vector;
    }

    static double cosine(float[] a, float[] b) {
        double dot = 0;
        double normA = 0;
        double normB = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            normA += (double) a[i] * a[i];
            normB += (double) b[i] * b[i];
        }
        return dot / Math.sqrt(normA * normB);
    }
}
