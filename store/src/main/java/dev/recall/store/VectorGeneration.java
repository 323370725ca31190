package dev.recall.store;

import java.nio.file.Path;
import java.time.Instant;

/**
 * One set of vectors for a store, made by one embedding configuration (its fingerprint). The completed corpus
 * revision is the stamp: the corpus these vectors reflect. Vectors are only trusted when the stamp equals the
 * store's current corpus revision.
 */
public record VectorGeneration(
        long id,
        String store,
        String fingerprint,
        String model,
        int dimensions,
        GenerationState state,
        Path indexPath,
        Long completedCorpusRevision,
        Instant createdAt,
        Instant updatedAt,
        Instant activatedAt,
        Instant retiredAt) {

    public String shortFingerprint() {
        return fingerprint.substring(0, Math.min(12, fingerprint.length()));
    }
}
