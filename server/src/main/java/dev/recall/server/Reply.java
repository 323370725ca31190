package dev.recall.server;

import java.util.Map;

/**
 * A response other than 200 with a JSON body: another status, plain text (hook output), or bytes as they are.
 *
 * @param afterwards work to run once the client has the whole answer (the exchange is closed), or null: what the
 *     answer does not depend on, such as a ledger append
 */
record Reply(int status, Object body, String contentType, Map<String, String> headers, Runnable afterwards) {
    Reply(int status, Object body, String contentType, Map<String, String> headers) {
        this(status, body, contentType, headers, null);
    }

    static Reply json(int status, Object body) {
        return new Reply(status, body, "application/json", Map.of());
    }

    static Reply text(String text) {
        return new Reply(200, text, "text/plain; charset=utf-8", Map.of());
    }

    Reply then(Runnable work) {
        return new Reply(status, body, contentType, headers, work);
    }
}
