package dev.recall.server;

import java.util.Map;

/** A response other than 200 with a JSON body: another status, plain text (hook output), or bytes as they are. */
record Reply(int status, Object body, String contentType, Map<String, String> headers) {
    static Reply json(int status, Object body) {
        return new Reply(status, body, "application/json", Map.of());
    }

    static Reply text(String text) {
        return new Reply(200, text, "text/plain; charset=utf-8", Map.of());
    }
}
