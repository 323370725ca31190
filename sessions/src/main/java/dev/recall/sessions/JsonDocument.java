package dev.recall.sessions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/** Whole-file JSON as agents write it: a file cut short mid-write is reported as malformed, never thrown. */
final class JsonDocument {
    static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private JsonDocument() {}

    /** The document, or null after reporting why it cannot be read (as record 1 of the file). */
    static JsonNode read(Path file, DocumentAdapter.MalformedSink malformed) throws IOException {
        String text = Files.readString(file);
        if (text.isBlank()) {
            malformed.malformed(1, "empty file");
            return null;
        }
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            malformed.malformed(1, "malformed or truncated JSON: " + e.getOriginalMessage());
            return null;
        }
    }

    /** A JSON value inside a string field, or null. */
    static JsonNode parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** Epoch milliseconds (or seconds, told apart by size) as an instant; null when absent or not a number. */
    static Instant epoch(JsonNode v) {
        if (v == null || !v.isNumber()) {
            return null;
        }
        long n = v.asLong();
        if (n <= 0) {
            return null;
        }
        return n < 100_000_000_000L ? Instant.ofEpochSecond(n) : Instant.ofEpochMilli(n);
    }

    /** A timestamp that is an ISO string or epoch number. */
    static Instant time(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        if (v == null) {
            return null;
        }
        return v.isNumber() ? epoch(v) : Json.time(node, field);
    }
}
