package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import dev.recall.index.VectorEncoding;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;

/**
 * A tier's data dir after the build phase: the store, the lexical index where {@code recall} looks for it, the
 * FTS5 file, and the HNSW generations it built (the last one active, any other retired but on disk).
 *
 * @param documentEmbedder the embedder the vectors came from; queries must be embedded with it too
 * @param hnswDirs index dir of each encoding built, in build order (the last is the active generation)
 */
record BuiltTier(int entries, VectorSource source, Embedder documentEmbedder, Path dataDir, Path lexicalDir,
        Path fts5File, Map<VectorEncoding, Path> hnswDirs, List<BuildStep> builds, EmbeddingRun embedding) {
    BuiltTier {
        hnswDirs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(hnswDirs));
        if (hnswDirs.isEmpty()) {
            throw new IllegalArgumentException("a tier needs at least one HNSW generation");
        }
    }

    VectorEncoding activeEncoding() {
        return List.copyOf(hnswDirs.keySet()).getLast();
    }

    /** Where the exact baseline reads its vectors: float32 when built (the int8 format keeps floats too). */
    Path exactSource() {
        return hnswDirs.getOrDefault(VectorEncoding.FLOAT32, hnswDirs.get(activeEncoding()));
    }
}
