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

    /**
     * After the archive grew: embeds the new passages when, and only when, config.toml consents with its own key
     * ({@code [vector.embed] sessions = true}: it sends transcript text to the configured embedder), and only into
     * an existing generation: the first build is the user's explicit command. The build it ran, or null.
     */
    VectorBuilder.Report afterArchiveChange(boolean grew, VectorBuilder.Progress progress) {
        if (!grew || !resources.config().autoEmbedSessions()) {
            return null;
        }
        if (new dev.recall.store.VectorGenerations(resources.database())
                .active(dev.recall.store.VectorGenerations.SESSIONS).isEmpty()) {
            resources.notice("[vector.embed] sessions = true, but there are no session vectors yet; the first build"
                    + " of the sessions store is explicit, after which they are kept current");
            return null;
        }
        VectorBuilder.Report r = embeddings.build(new EmbeddingService.BuildRequest(
                dev.recall.store.VectorGenerations.SESSIONS, false), progress);
        resources.notice("embedded " + r.embedded() + " session passages (generation " + r.generation().id()
                + ", archive revision " + r.corpusRevision() + ")");
        return r;
    }
}
