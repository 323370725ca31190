package dev.recall.store;

import java.time.Instant;

/** One extraction generation: the entries one extractor configuration (its fingerprint) made from the archive. */
public record ExtractionGeneration(String fingerprint, String method, String config, GenerationState state,
        Instant createdAt, Instant activatedAt, Instant retiredAt) {}
