package dev.recall.sessions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.store.Times;
import java.time.Instant;

/** Lenient reads of transcript fields: a missing or mistyped field is absent, never an error. */
final class Json {
    private Json() {}

    static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v != null && v.isTextual() ? v.asText() : null;
    }

    static boolean flag(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v != null && v.asBoolean(false);
    }

    static Instant time(JsonNode node, String field) {
        return instant(text(node, field));
    }

    /** An ISO-8601 instant, or a local date-time without a zone read as UTC; null when absent or unreadable. */
    static Instant instant(String s) {
        if (s == null) {
            return null;
        }
        try {
            return Times.parse(s);
        } catch (IllegalArgumentException e) {
            // some agents (gptme) write local time without a zone; read as UTC rather than lose it
            try {
                return java.time.LocalDateTime.parse(s).toInstant(java.time.ZoneOffset.UTC);
            } catch (java.time.format.DateTimeParseException e2) {
                return null;
            }
        }
    }
}
