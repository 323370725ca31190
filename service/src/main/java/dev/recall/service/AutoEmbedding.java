package dev.recall.service;

import dev.recall.index.VectorBuilder;

/**
 * Keeps the vectors current after the corpus changes (an import, an extraction generation activated, a review
 * applied) when the user consented in config.toml ({@code [vector.embed] recall = true}); otherwise vectors wait
 * for an explicit build, and vector queries refuse until then.
 */
final class AutoEmbedding {
    private final Resources resources;
    private final EmbeddingService embeddings;

    AutoEmbedding(Resources resources, EmbeddingService embeddings) {
        this.resources = resources;
        this.embeddings = embeddings;
    }

    /** The build it ran, or null when nothing changed or the user did not ask for it. */
    VectorBuilder.Report afterChange(boolean corpusChanged, VectorBuilder.Progress progress) {
        if (!corpusChanged || !resources.config().autoEmbedRecall()) {
            return null;
        }
        return embeddings.build(new EmbeddingService.BuildRequest(dev.recall.store.VectorGenerations.RECALL,
                false), progress);
    }
}
