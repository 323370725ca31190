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
 * The daemon serving the data dir, or the team's recall service ({@code RECALL_SERVICE_URL} with a member's
 * {@code RECALL_SERVICE_TOKEN}), for the commands it can answer: the command sends the request it would have run
 * in-process and renders the answer with its own code, so the output is the same. A local daemon that does not
 * answer (it died, it is stopping) is no failure: the command runs in-process. A team's service that does not
 * answer is one: the local data dir is not the team's corpus.
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

    /** The team's recall service, when the environment names one. */
    static final String SERVICE_URL_ENV = "RECALL_SERVICE_URL";
    /** A member's token for it: in the environment, never a flag (a flag shows in every process listing). */
    static final String SERVICE_TOKEN_ENV = "RECALL_SERVICE_TOKEN";

    /**
     * The team's service when {@code RECALL_SERVICE_URL} is set, else the local daemon, unless there is none or
     * {@code RECALL_NO_DAEMON} asks for in-process.
     */
    static Optional<Remote> find(App app) {
        String url = app.env().get(SERVICE_URL_ENV);
        if (url != null && !url.isBlank()) {
            String token = app.env().get(SERVICE_TOKEN_ENV);
            if (token == null || token.isBlank()) {
                throw new CliException(ExitCode.USAGE, SERVICE_URL_ENV + " names a recall service but "
                        + SERVICE_TOKEN_ENV + " is not set: ask its admin for a token (recall members add NAME)");
            }
            try {
                return Optional.of(new Remote(app, DaemonClient.service(java.net.URI.create(url.strip()),
                        token.strip(), TIMEOUT).forRequest(app.requestId())));
            } catch (IllegalArgumentException e) {
                throw new CliException(ExitCode.USAGE, SERVICE_URL_ENV + ": " + e.getMessage());
            }
        }
        String off = app.env().get(DaemonClient.NO_DAEMON_ENV);
        if (off != null && !off.isBlank() && !off.equals("0")) {
            return Optional.empty();
        }
        return DaemonClient.find(app.dataDir(), TIMEOUT).map(c -> new Remote(app, c.forRequest(app.requestId())));
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

    /** Whether this is the daemon serving the local data dir (which then owns it for writes). */
    boolean local() {
        return client.local();
    }

    String describe() {
        return client.describe();
    }

    /** A local daemon that does not answer leaves the command to run in-process; a team's service may not. */
    private Optional<String> unanswered(DaemonClient.UnreachableException e) {
        if (client.local()) {
            return Optional.empty();
        }
        throw new CliException(ExitCode.ERROR, e.getMessage());
    }

    /** The answer's body, or empty when the daemon did not answer; an error answer is thrown as the failure. */
    Optional<String> post(String path, Object body) {
        try {
            return answer(client.post(path, app.json().writeValueAsBytes(body), "application/json"));
        } catch (DaemonClient.UnreachableException e) {
            return unanswered(e);
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
            return unanswered(e);
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
        if (r.status() == 503 && r.text().contains("shutting_down") && client.local()) {
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
        if (r.status() == 401 || r.status() == 403) {
            code = ExitCode.ERROR;
        }
        return new CliException(code, message + hint + " (" + describe() + ")");
    }
}
