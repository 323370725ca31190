package dev.recall.service;

import dev.recall.freshness.Freshness;
import dev.recall.freshness.Staleness;
import dev.recall.index.EmbeddingText;
import dev.recall.index.VectorBuilder;
import dev.recall.service.config.RecallConfig;
import dev.recall.store.Counters;
import dev.recall.store.RecallException;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import java.util.List;

/** Vector generations: build, list, activate, retire, and whether vector queries would be answered now. */
public final class EmbeddingService {
    /** Build the vectors of a store: incrementally, or everything into a new generation. */
    public record BuildRequest(String store, boolean fullRebuild) {
        public BuildRequest {
            checkStore(store);
        }
    }

    /** A store's generations, newest first, and the corpus revision they are measured against. */
    public record Generations(String store, List<VectorGeneration> generations, long currentCorpusRevision,
            int templateVersion) {}

    /** A generation after a state change, and the current corpus revision. */
    public record GenerationChange(VectorGeneration generation, long currentCorpusRevision) {}

    /**
     * Whether vector and hybrid queries would be answered now: the verdict on the active generation against the
     * configured model's fingerprint and the current corpus revision.
     */
    public record Status(String store, Staleness verdict, String configuredFingerprint) {}

    private final Resources resources;

    EmbeddingService(Resources resources) {
        this.resources = resources;
    }

    public VectorBuilder.Report build(BuildRequest request, VectorBuilder.Progress progress) {
        RecallConfig config = resources.config();
        VectorBuilder builder = new VectorBuilder(resources.database(), resources.embedder(), resources.vectorsDir(),
                config.encoding(), config.embeddings().batchSize());
        return builder.build(request.fullRebuild(), progress);
    }

    public Generations list(String store) {
        checkStore(store);
        long current = new Counters(resources.database()).corpusRevision();
        return new Generations(store, new VectorGenerations(resources.database()).list(store), current,
                EmbeddingText.TEMPLATE_VERSION);
    }

    public GenerationChange activate(String store, long generationId) {
        checkStore(store);
        return change(new VectorGenerations(resources.database()).activate(generationId));
    }

    public GenerationChange retire(String store, long generationId) {
        checkStore(store);
        return change(new VectorGenerations(resources.database()).retire(generationId));
    }

    /** Loads the configured model (its fingerprint depends on the model file). */
    public Status status(String store) {
        checkStore(store);
        String fingerprint = resources.embedder().identity().fingerprint(EmbeddingText.TEMPLATE_VERSION);
        Staleness verdict = new Freshness(new VectorGenerations(resources.database()),
                new Counters(resources.database())).check(store, fingerprint);
        return new Status(store, verdict, fingerprint);
    }

    private GenerationChange change(VectorGeneration g) {
        return new GenerationChange(g, new Counters(resources.database()).corpusRevision());
    }

    /** Only the entries' store has vectors so far. */
    static void checkStore(String store) {
        if (VectorGenerations.SESSIONS.equals(store)) {
            throw RecallException.invalid("store", store + " is not supported yet (recall)");
        }
        if (!VectorGenerations.RECALL.equals(store)) {
            throw RecallException.invalid("store", "'" + store + "' is unknown (recall)");
        }
    }
}
