package dev.recall.index;

import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene104.Lucene104HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;

/**
 * How HNSW vectors are stored: full float32, or int8 scalar-quantised (about a quarter of the memory for the
 * graph search, the float vectors kept on disk for rescoring). An immutable strategy value.
 */
public enum VectorEncoding {
    FLOAT32,
    INT8;

    static final int MAX_CONN = 16;
    static final int BEAM_WIDTH = 100;

    KnnVectorsFormat format() {
        return switch (this) {
            case FLOAT32 -> new Lucene99HnswVectorsFormat(MAX_CONN, BEAM_WIDTH);
            case INT8 -> new Lucene104HnswScalarQuantizedVectorsFormat(MAX_CONN, BEAM_WIDTH);
        };
    }

    /** float32 (or none, as the reference tool spells it) or int8, given for {@code field}. */
    public static VectorEncoding parse(String field, String name) {
        return switch (name.strip().toLowerCase()) {
            case "float32", "none" -> FLOAT32;
            case "int8" -> INT8;
            default -> throw dev.recall.store.RecallException.unknownValue(field, name, java.util.List.of("float32",
                    "int8"));
        };
    }
}
