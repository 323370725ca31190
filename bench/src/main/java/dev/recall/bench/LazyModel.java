package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.embeddings.Embedders;
import java.nio.file.Path;
import java.util.Optional;

/** The bundled embedding model, loaded the first time a tier or the query-embedding probe needs it. */
final class LazyModel implements AutoCloseable {
    private final Path cacheDir;
    private Embedder model;
    private RuntimeException failure;

    LazyModel(Path cacheDir) {
        this.cacheDir = cacheDir;
    }

    /** The model, or empty (with {@link #failure()}) when it cannot be loaded here. */
    Optional<Embedder> get() {
        if (model == null && failure == null) {
            try {
                model = Embedders.open(EmbeddingConfig.defaults(), cacheDir);
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        return Optional.ofNullable(model);
    }

    String failure() {
        return failure == null ? null : failure.getMessage();
    }

    @Override
    public void close() {
        if (model != null) {
            model.close();
        }
    }
}
