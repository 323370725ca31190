package dev.recall.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** JSON Schema fragments for the tools' arguments. Unknown arguments are refused, so the schemas say so too. */
final class Schemas {
    private Schemas() {}

    static Map<String, Object> object(Map<String, Object> properties, List<String> required) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "object");
        m.put("properties", properties);
        if (!required.isEmpty()) {
            m.put("required", required);
        }
        m.put("additionalProperties", false);
        return m;
    }

    static Map<String, Object> string(String description) {
        return Map.of("type", "string", "description", description);
    }

    static Map<String, Object> bool(String description) {
        return Map.of("type", "boolean", "description", description);
    }

    static Map<String, Object> integer(String description, int min, int max) {
        return Map.of("type", "integer", "description", description, "minimum", min, "maximum", max);
    }

    static Map<String, Object> choice(String description, List<String> values) {
        return Map.of("type", "string", "description", description, "enum", values);
    }
}
