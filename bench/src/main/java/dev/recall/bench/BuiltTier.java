package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import java.nio.file.Path;
import java.util.List;

/**
 * A tier's data dir after the build phase: the store, the lexical index where {@code recall} looks for it, the
 * FTS5 file, and the two HNSW generations (float32 active, int8 retired but on disk).
 *
 * @param documentEmbedder the embedder the vectors came from; queries must be embedded with it too
 */
record BuiltTier(int entries, VectorSource source, Embedder documentEmbedder, Path dataDir, Path lexicalDir,
        Path fts5File, Path float32Dir, Path int8Dir, List<BuildStep> builds, EmbeddingRun embedding) {}
