package dev.recall.store;

import java.nio.file.Path;
import java.time.Instant;

/**
 * One set of vectors for a store, made by one embedding configuration (its fingerprint). The completed corpus
 * revision is the stamp: the corpus these vectors reflect. Vectors are only trusted when the stamp equals the
 * store's current corpus revision. The index path is resolved against the data dir the store was opened in (it is
 * kept relative, so a moved or copied data dir uses its own vectors); the vector count is how many vectors the
 * completed index holds.
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
        Long vectorCount,
        Instant createdAt,
        Instant updatedAt,
        Instant activatedAt,
        Instant retiredAt) {

    public String shortFingerprint() {
        return fingerprint.substring(0, Math.min(12, fingerprint.length()));
    }
}
