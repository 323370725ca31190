package dev.recall.eval;

import java.util.List;

/**
 * One unit vector per document of a collection, in the collection's document order. Held as plain arrays: a
 * collection is embedded once and only read afterwards.
 */
public final class CollectionVectors {
    private final List<String> ids;
    private final float[][] vectors;
    private final int dimensions;

    CollectionVectors(List<String> ids, float[][] vectors) {
        if (ids.size() != vectors.length) {
            throw new IllegalArgumentException(ids.size() + " ids but " + vectors.length + " vectors");
        }
        this.ids = List.copyOf(ids);
        this.vectors = vectors;
        this.dimensions = vectors.length == 0 ? 0 : vectors[0].length;
        for (int i = 0; i < vectors.length; i++) {
            if (vectors[i].length != dimensions) {
                throw new IllegalArgumentException("vector " + i + " has " + vectors[i].length
                        + " dimensions, expected " + dimensions);
            }
        }
    }

    public List<String> ids() {
        return ids;
    }

    public int size() {
        return vectors.length;
    }

    public int dimensions() {
        return dimensions;
    }

    /** The vector of document {@code i}; the array is shared, not copied: do not modify it. */
    public float[] vector(int i) {
        return vectors[i];
    }
}
