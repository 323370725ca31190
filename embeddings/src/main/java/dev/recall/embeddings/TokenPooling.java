package dev.recall.embeddings;

import java.nio.FloatBuffer;

/** Pools a row of token hidden states {@code [seqLen, dim]} into one sentence vector. */
final class TokenPooling {

    private TokenPooling() {}

    /**
     * @param hidden the model output, {@code [rows, seqLen, dim]} flattened row-major
     * @param mask the attention mask of all rows, {@code [rows, seqLen]} flattened
     */
    static float[] pool(Pooling pooling, FloatBuffer hidden, long[] mask, int row, int seqLen,
            int dim) {
        int rowStart = row * seqLen * dim;
        float[] out = new float[dim];
        switch (pooling) {
            case CLS -> hidden.get(rowStart, out);
            case MEAN -> {
                int counted = 0;
                for (int t = 0; t < seqLen; t++) {
                    if (mask[row * seqLen + t] == 0) {
                        continue;
                    }
                    counted++;
                    int offset = rowStart + t * dim;
                    for (int d = 0; d < dim; d++) {
                        out[d] += hidden.get(offset + d);
                    }
                }
                if (counted > 0) {
                    for (int d = 0; d < dim; d++) {
                        out[d] /= counted;
                    }
                }
            }
        }
        return out;
    }
}
