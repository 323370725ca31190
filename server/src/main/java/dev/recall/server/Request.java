package dev.recall.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One API request as a route sees it: path parameters, query parameters, the body, and whether the client is on
 * this machine. Typed accessors reject bad values with a 400 naming the parameter.
 */
public final class Request {
    private final String method;
    private final String path;
    private final Map<String, String> pathParams;
    private final Map<String, List<String>> query;
    private final byte[] body;
    private final boolean loopbackClient;
    private final com.sun.net.httpserver.Headers headers;
    private final ObjectMapper json;
    private final boolean bearer;
    private JsonNode parsed;

    Request(String method, String path, Map<String, String> pathParams, Map<String, List<String>> query, byte[] body,
            boolean loopbackClient, com.sun.net.httpserver.Headers headers, ObjectMapper json, boolean bearer) {
        this.bearer = bearer;
        this.headers = headers;
        this.method = method;
        this.path = path;
        this.pathParams = pathParams;
        this.query = query;
        this.body = body;
        this.loopbackClient = loopbackClient;
        this.json = json;
    }

    static Map<String, List<String>> parseQuery(String raw) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return m;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String k = decode(eq < 0 ? pair : pair.substring(0, eq));
            String v = eq < 0 ? "" : decode(pair.substring(eq + 1));
            m.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
        }
        return m;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("malformed percent-encoding in the query string: '" + s + "'");
        }
    }

    public String method() {
        return method;
    }

    public String path() {
        return path;
    }

    public boolean loopbackClient() {
        return loopbackClient;
    }

    /** Whether the request carried this daemon's bearer token (rather than the page's cookie, or nothing). */
    boolean bearer() {
        return bearer;
    }

    public String header(String name) {
        return headers == null ? null : headers.getFirst(name);
    }

    public String pathParam(String name) {
        return pathParams.get(name);
    }

    /** Query parameters the route does not know are refused: a typo must not silently widen a filter. */
    void rejectUnknownParams(Set<String> known) {
        for (String k : query.keySet()) {
            if (!known.contains(k)) {
                throw ApiError.badRequest("unknown query parameter '" + k + "'" + (known.isEmpty() ? ""
                        : " (known: " + String.join(", ", known.stream().sorted().toList()) + ")"));
            }
        }
    }

    public String param(String name) {
        List<String> v = query.get(name);
        if (v == null || v.isEmpty()) {
            return null;
        }
        if (v.size() > 1) {
            throw ApiError.badRequest("query parameter '" + name + "' given " + v.size() + " times");
        }
        return v.getFirst().isEmpty() ? null : v.getFirst();
    }

    public int intParam(String name, int fallback, int min, int max) {
        String v = param(name);
        if (v == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v.strip());
            if (n < min || n > max) {
                throw ApiError.badRequest("query parameter '" + name + "' must be between " + min + " and " + max
                        + ", not " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw ApiError.badRequest("query parameter '" + name + "' must be an integer, not '" + v + "'");
        }
    }

    public Boolean boolParam(String name) {
        String v = param(name);
        if (v == null) {
            return null;
        }
        return switch (v.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "1", "yes" -> true;
            case "false", "0", "no" -> false;
            default -> throw ApiError.badRequest("query parameter '" + name + "' must be true or false, not '" + v + "'");
        };
    }

    public byte[] body() {
        return body;
    }

    /** The body as a JSON object; an empty body is an empty object. */
    public ObjectNode jsonBody() {
        if (parsed == null) {
            if (body.length == 0) {
                parsed = JsonNodeFactory.instance.objectNode();
            } else {
                try {
                    parsed = json.readTree(body);
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    throw ApiError.badRequest("the request body is not valid JSON: " + e.getOriginalMessage());
                } catch (IOException e) {
                    throw ApiError.badRequest("the request body cannot be read: " + e.getMessage());
                }
            }
            if (parsed == null || !parsed.isObject()) {
                throw ApiError.badRequest("the request body must be a JSON object");
            }
        }
        return (ObjectNode) parsed;
    }
}
