package dev.recall.sessions;

import java.time.Instant;

/** A message as read from a transcript, before redaction and before it gets its ordinal. */
record ParsedMessage(String role, String text, String toolName, String toolInput, String sourceUuid,
        Instant timestamp) {
    static final String USER = "user";
    static final String ASSISTANT = "assistant";
    static final String TOOL = "tool";
}
