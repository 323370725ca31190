package dev.recall.store;

import java.time.Instant;

/** One message of a session; the digest is computed from its content by the host. */
public record Message(
        String sessionId,
        int ordinal,
        String role,
        String text,
        String toolName,
        String toolInput,
        String sourceUuid,
        Instant timestamp,
        String contentDigest) {

    public static Message of(String sessionId, int ordinal, String role, String text, String toolName,
            String toolInput, String sourceUuid, Instant timestamp) {
        return new Message(sessionId, ordinal, role, text == null ? "" : text, toolName, toolInput, sourceUuid,
                timestamp, Digests.message(role, text == null ? "" : text, toolName, toolInput));
    }
}
