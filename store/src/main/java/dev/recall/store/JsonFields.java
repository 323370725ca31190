package dev.recall.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;

/** Typed reads of JSON fields with errors that name the field; for the JSONL importers. */
final class JsonFields {
    private final JsonNode node;
    private final String prefix;

    JsonFields(JsonNode node, String prefix) {
        this.node = node;
        this.prefix = prefix;
    }

    static final class FieldException extends RuntimeException {
        final String field;

        FieldException(String field, String message) {
            super(message);
            this.field = field;
        }
    }

    FieldException error(String field, String message) {
        return new FieldException(prefix + field, message);
    }

    void onlyKnown(Set<String> allowed, Set<String> hostControlled) {
        var names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (hostControlled.contains(name)) {
                throw error(name, "is host-controlled and may not be imported");
            }
            if (!allowed.contains(name)) {
                throw error(name, "unknown field");
            }
        }
    }

    boolean has(String field) {
        JsonNode v = node.get(field);
        return v != null && !v.isNull();
    }

    String requiredText(String field) {
        String v = text(field);
        if (v == null || v.isBlank()) {
            throw error(field, "is required");
        }
        return v;
    }

    String text(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw error(field, "must be a string, not " + v.getNodeType().name().toLowerCase());
        }
        return v.asText();
    }

    Integer integer(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.canConvertToInt() || !v.isIntegralNumber()) {
            throw error(field, "must be an integer");
        }
        return v.intValue();
    }

    int requiredInt(String field) {
        Integer v = integer(field);
        if (v == null) {
            throw error(field, "is required");
        }
        return v;
    }

    Double number(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isNumber()) {
            throw error(field, "must be a number");
        }
        return v.doubleValue();
    }

    Boolean bool(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isBoolean()) {
            throw error(field, "must be true or false");
        }
        return v.booleanValue();
    }

    <E extends Enum<E> & Labelled> E label(Class<E> type, String field, E fallback) {
        String v = text(field);
        if (v == null) {
            if (fallback == null) {
                throw error(field, "is required");
            }
            return fallback;
        }
        try {
            return Labelled.parse(type, field, v);
        } catch (RecallException e) {
            throw error(field, e.problem());
        }
    }

    java.time.Instant time(String field) {
        String v = text(field);
        try {
            return Times.parse(v);
        } catch (IllegalArgumentException e) {
            throw error(field, e.getMessage());
        }
    }
}
