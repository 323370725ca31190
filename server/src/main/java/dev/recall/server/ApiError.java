package dev.recall.server;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request that ends in an error response: the HTTP status, a stable machine code, a message naming what is
 * wrong, a hint saying how to fix it, and any data the client needs (both revisions of a stale refusal).
 */
public final class ApiError extends RuntimeException {
    private final int status;
    private final String code;
    private final String hint;
    private final Map<String, Object> details;

    public ApiError(int status, String code, String message, String hint, Map<String, Object> details) {
        super(message);
        this.status = status;
        this.code = code;
        this.hint = hint;
        this.details = details == null ? Map.of() : details;
    }

    public ApiError(int status, String code, String message, String hint) {
        this(status, code, message, hint, Map.of());
    }

    static ApiError badRequest(String message) {
        return new ApiError(400, "bad_request", message, null);
    }

    static ApiError notFound(String message, String hint) {
        return new ApiError(404, "not_found", message, hint);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public String hint() {
        return hint;
    }

    public Map<String, Object> details() {
        return details;
    }

    /** The response body: {@code {"error": {"code", "message", "hint", ...details}}}. */
    Map<String, Object> body() {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", getMessage());
        error.put("hint", hint);
        error.putAll(details);
        return Map.of("error", error);
    }
}
