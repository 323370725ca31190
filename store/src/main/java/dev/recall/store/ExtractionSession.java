package dev.recall.store;

import java.time.Instant;

/**
 * What extraction made of one session under one generation: done, failed or ineligible with the reason, or pending
 * when the transcript changed after it was looked at.
 */
public record ExtractionSession(String sessionId, String status, String reason, int entryCount,
        long transcriptRevision, Instant updatedAt) {
    public static final String DONE = "done";
    public static final String FAILED = "failed";
    public static final String INELIGIBLE = "ineligible";
    public static final String PENDING = "pending";
}
