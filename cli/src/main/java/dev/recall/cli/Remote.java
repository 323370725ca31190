package dev.recall.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.mcp.McpHttp;
import dev.recall.mcp.McpRelay;
import dev.recall.server.DaemonClient;
import dev.recall.store.RecallException;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The daemon serving the data dir, for the commands it can answer: the command sends the request it would have
 * run in-process and renders the answer with its own code, so the output is the same. A daemon that does not
 * answer (it died, it is stopping) is no failure: the command runs in-process.
 */
final class Remote {
    /** Long enough for a hybrid query that first loads the model. */
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private final App app;
    private final DaemonClient client;

    private Remote(App app, DaemonClient client) {
        this.app = app;
        this.client = client;
    }

    /** The daemon, unless there is none or {@code RECALL_NO_DAEMON} asks for in-process. */
    static Optional<Remote> find(App app) {
        String off = app.env().get(DaemonClient.NO_DAEMON_ENV);
        if (off != null && !off.isBlank() && !off.equals("0")) {
            return Optional.empty();
        }
        return DaemonClient.find(app.dataDir(), TIMEOUT).map(c -> new Remote(app, c));
    }

    /** Query parameters, percent-encoded, nulls left out. */
    static String query(Map<String, Object> params, String name, Object value) {
        Map<String, Object> all = new java.util.LinkedHashMap<>(params);
        all.put(name, value);
        return query(all);
    }

    /** The parameters as a URL query string (null values left out). */
    static String query(Map<String, Object> all) {
        StringBuilder b = new StringBuilder();
        all.forEach((k, v) -> {
            if (v != null) {
                b.append(b.isEmpty() ? "" : "&").append(k).append('=')
                        .append(java.net.URLEncoder.encode(v.toString(), java.nio.charset.StandardCharsets.UTF_8));
            }
        });
        return b.toString();
    }

    long pid() {
        return client.info().pid();
    }

    /** The answer's body, or empty when the daemon did not answer; an error answer is thrown as the failure. */
    Optional<String> post(String path, Object body) {
        try {
            return answer(client.post(path, app.json().writeValueAsBytes(body), "application/json"));
        } catch (DaemonClient.UnreachableException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new CliException(ExitCode.ERROR, "cannot encode the request: " + e.getMessage());
        }
    }

    /** One MCP message to the daemon's /mcp, its HTTP answer as it is (the relay of `recall mcp`). */
    McpHttp.Answer mcp(byte[] message) {
        try {
            DaemonClient.Response r = client.post(McpHttp.PATH, message, "application/json");
            if (r.status() == 503 && r.text().contains("shutting_down")) {
                throw new McpRelay.Unreachable("the daemon is shutting down", null);
            }
            return new McpHttp.Answer(r.status(), r.contentType(), r.body());
        } catch (DaemonClient.UnreachableException e) {
            throw new McpRelay.Unreachable(e.getMessage(), e);
        }
    }

    Optional<String> get(String pathAndQuery) {
        try {
            return answer(client.get(pathAndQuery));
        } catch (DaemonClient.UnreachableException e) {
            return Optional.empty();
        }
    }

    JsonNode parse(String body) {
        try {
            return app.json().readTree(body);
        } catch (IOException e) {
            throw new CliException(ExitCode.ERROR, "the daemon's answer is not JSON: " + e.getMessage());
        }
    }

    private Optional<String> answer(DaemonClient.Response r) {
        if (r.ok()) {
            return Optional.of(r.text());
        }
        if (r.status() == 503 && r.text().contains("shutting_down")) {
            return Optional.empty();
        }
        throw failure(r);
    }

    /** The daemon's error as the failure the service would have raised in-process, so it is worded the same. */
    private RuntimeException failure(DaemonClient.Response r) {
        JsonNode e;
        try {
            e = app.json().readTree(r.body()).path("error");
        } catch (IOException ex) {
            return new CliException(ExitCode.ERROR, "the daemon answered " + r.status() + ": " + r.text());
        }
        String message = e.path("message").asText("the daemon answered " + r.status());
        if (e.hasNonNull("kind") && e.hasNonNull("remedy")) {
            Map<String, Object> details = new HashMap<>();
            e.fields().forEachRemaining(f -> {
                if (!Map.of("code", 1, "message", 1, "hint", 1, "kind", 1, "remedy", 1).containsKey(f.getKey())
                        && !f.getValue().isNull()) {
                    details.put(f.getKey(), f.getValue().isNumber() ? f.getValue().numberValue() : f.getValue().asText());
                }
            });
            return new RecallException(RecallException.Kind.valueOf(e.path("kind").asText().toUpperCase(Locale.ROOT)),
                    message, RecallException.Remedy.valueOf(e.path("remedy").asText().toUpperCase(Locale.ROOT)),
                    details);
        }
        ExitCode code = switch (r.status()) {
            case 400 -> ExitCode.USAGE;
            case 404 -> ExitCode.NOT_FOUND;
            case 409 -> ExitCode.STALE;
            default -> ExitCode.ERROR;
        };
        String hint = e.path("hint").isNull() ? "" : "; " + e.path("hint").asText();
        return new CliException(code, message + hint + " (the daemon, pid " + pid() + ")");
    }
}
