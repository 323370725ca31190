package dev.recall.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The OpenAPI 3.1 document of the route table, so it can never list a route the daemon does not serve. */
final class OpenApi {
    private OpenApi() {}

    static Map<String, Object> document(List<Route> routes, String version) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("openapi", "3.1.0");
        doc.put("info", Map.of("title", "recall daemon API", "version", version, "description",
                "recall's operations over HTTP. Loopback by default; a daemon started with --listen-public needs"
                        + " Authorization: Bearer <token> on every request. Errors are"
                        + " {\"error\": {\"code\", \"message\", \"hint\"}}."));
        Map<String, Object> paths = new LinkedHashMap<>();
        for (Route r : routes) {
            @SuppressWarnings("unchecked")
            Map<String, Object> item = (Map<String, Object>) paths.computeIfAbsent(r.path(), k -> new LinkedHashMap<>());
            item.put(r.method().toLowerCase(java.util.Locale.ROOT), operation(r));
        }
        doc.put("paths", paths);
        doc.put("components", Map.of(
                "schemas", Map.of("Error", errorSchema()),
                "securitySchemes", Map.of("bearer", Map.of("type", "http", "scheme", "bearer"))));
        return doc;
    }

    private static Map<String, Object> operation(Route r) {
        Map<String, Object> op = new LinkedHashMap<>();
        op.put("operationId", operationId(r));
        op.put("summary", r.summary());
        op.put("tags", List.of(tag(r.path())));
        List<Map<String, Object>> params = new ArrayList<>();
        for (Route.Param p : r.params()) {
            boolean inPath = r.path().contains("{" + p.name() + "}");
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.name());
            m.put("in", inPath ? "path" : "query");
            m.put("required", inPath || p.required());
            m.put("description", p.description());
            m.put("schema", Map.of("type", p.type()));
            params.add(m);
        }
        if (!params.isEmpty()) {
            op.put("parameters", params);
        }
        if (r.media() != null) {
            op.put("requestBody", Map.of("required", true, "content", Map.of(r.media().request(), Map.of(
                    "schema", Map.of("type", "string", "contentMediaType", r.media().request(),
                            "description", r.media().requestHolds())))));
        } else if (!r.body().isEmpty()) {
            Map<String, Object> props = new LinkedHashMap<>();
            List<String> required = new ArrayList<>();
            for (Route.Param p : r.body()) {
                props.put(p.name(), Map.of("type", p.type(), "description", p.description()));
                if (p.required()) {
                    required.add(p.name());
                }
            }
            Map<String, Object> schema = new LinkedHashMap<>();
            schema.put("type", "object");
            schema.put("properties", props);
            if (!required.isEmpty()) {
                schema.put("required", required);
            }
            schema.put("additionalProperties", false);
            op.put("requestBody", Map.of("required", !required.isEmpty(),
                    "content", Map.of("application/json", Map.of("schema", schema))));
        }
        Map<String, Object> responses = new LinkedHashMap<>();
        responses.put("200", r.media() != null
                ? Map.of("description", "OK", "content", Map.of(r.media().answer(), Map.of("schema", Map.of(
                        "type", "string", "contentMediaType", r.media().answer(), "description",
                        r.media().answerHolds()))))
                : Map.of("description", "OK", "content", Map.of("application/json",
                        Map.of("schema", Map.of("type", "object")))));
        for (String status : List.of("400", "401", "403", "404", "409", "413", "423", "500", "503")) {
            responses.put(status, Map.of("description", "error", "content",
                    Map.of("application/json", Map.of("schema", Map.of("$ref", "#/components/schemas/Error")))));
        }
        op.put("responses", responses);
        op.put("security", List.of(Map.of("bearer", List.of())));
        return op;
    }

    static String operationId(Route r) {
        StringBuilder b = new StringBuilder(r.method().toLowerCase(java.util.Locale.ROOT));
        for (String part : r.path().replace("/api/v1/", "").split("[/_]")) {
            if (part.isEmpty()) {
                continue;
            }
            String p = part.startsWith("{") ? "By" + cap(part.substring(1, part.length() - 1)) : part;
            b.append(cap(p));
        }
        return b.toString();
    }

    private static String cap(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String tag(String path) {
        String rest = path.replace("/api/v1/", "");
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }

    private static Map<String, Object> errorSchema() {
        return Map.of("type", "object", "required", List.of("error"), "properties", Map.of("error", Map.of(
                "type", "object", "required", List.of("code", "message"), "properties", Map.of(
                        "code", Map.of("type", "string"),
                        "message", Map.of("type", "string"),
                        "hint", Map.of("type", List.of("string", "null"))))));
    }
}
