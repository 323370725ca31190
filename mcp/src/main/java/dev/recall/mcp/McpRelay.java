package dev.recall.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code recall mcp} while a daemon serves the data dir: each JSON-RPC message read from stdin is POSTed to the
 * daemon's {@code /mcp} and its answer written back as one line, so the daemon stays the one process that holds the
 * index, the model and the ledger. The relay adds what only it knows: the agent's working directory, given to the
 * tools that take one ({@code working_dir}) when the agent did not say. When the daemon stops answering, the rest of
 * the session is served in-process (the client's initialize is replayed to the local server, its answer dropped), so
 * the agent never sees the switch.
 */
public final class McpRelay {
    /** The daemon's {@code /mcp}: one message in, its HTTP answer out; throws {@link Unreachable} when it is gone. */
    @FunctionalInterface
    public interface Upstream {
        McpHttp.Answer post(byte[] message);
    }

    /** The daemon did not answer (it died or is stopping). */
    public static final class Unreachable extends RuntimeException {
        public Unreachable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Upstream daemon;
    private final RecallTools local;
    private final Path workingDir;
    private final Set<String> takeWorkingDir;
    private final String version;
    private final Consumer<String> log;
    /** The client's initialize request and initialized notification, replayed if the session moves in-process. */
    private final List<String> handshake = new ArrayList<>();

    /**
     * @param local the in-process tools, used only if the daemon stops answering (their service opens nothing before)
     * @param workingDir the agent's working directory (this process's)
     */
    public McpRelay(Upstream daemon, RecallTools local, Path workingDir, String version, Consumer<String> log) {
        this.daemon = daemon;
        this.local = local;
        this.workingDir = workingDir;
        this.takeWorkingDir = local.definitions().stream()
                .filter(t -> t.inputSchema().get("properties") instanceof Map<?, ?> p && p.containsKey("working_dir"))
                .map(McpSchema.Tool::name).collect(java.util.stream.Collectors.toSet());
        this.version = version;
        this.log = log;
    }

    /** Relays until the client closes its end of the input. */
    public void serve(InputStream in, OutputStream out) throws InterruptedException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        try {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    relay(line, out);
                } catch (Unreachable e) {
                    log.accept("the recall daemon stopped answering (" + e.getMessage() + "); serving in-process");
                    serveLocally(line, lines, out);
                    return;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("relaying MCP messages", e);
        }
    }

    private void relay(String line, OutputStream out) throws IOException {
        JsonNode message = parse(line);
        String method = message == null ? null : message.path("method").asText(null);
        if ("initialize".equals(method) || "notifications/initialized".equals(method)) {
            handshake.add(line);
        }
        if ("tools/call".equals(method)) {
            line = withWorkingDir((ObjectNode) message, line);
        }
        McpHttp.Answer a = daemon.post(line.getBytes(StandardCharsets.UTF_8));
        if (a.body().length > 0 && a.contentType().startsWith("application/json")) {
            write(out, JSON.readTree(a.body()).toString());
        } else if (a.status() != 202 && message != null && message.has("id")) {
            // the daemon's guards (token, limits, busy) answered in HTTP, not JSON-RPC: the request still gets its
            // answer, or the client would wait for it forever
            write(out, error(message.get("id"), "the recall daemon answered HTTP " + a.status() + ": "
                    + new String(a.body(), StandardCharsets.UTF_8)));
        }
    }

    /** A tools/call of a tool that takes working_dir gets this process's when the agent gave none. */
    private String withWorkingDir(ObjectNode message, String line) {
        JsonNode params = message.path("params");
        if (workingDir == null || !takeWorkingDir.contains(params.path("name").asText())) {
            return line;
        }
        JsonNode args = params.path("arguments");
        if (args.has("working_dir")) {
            return line;
        }
        ObjectNode withDir = args.isObject() ? ((ObjectNode) args).deepCopy() : JSON.createObjectNode();
        withDir.put("working_dir", workingDir.toString());
        ((ObjectNode) params).set("arguments", withDir);
        return message.toString();
    }

    /** The rest of the session on an in-process server, fed through a pipe, starting with the replayed handshake. */
    private void serveLocally(String pending, BufferedReader lines, OutputStream out)
            throws InterruptedException, IOException {
        PipedOutputStream toServer = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
        boolean replay = !handshake.isEmpty() && !pending.equals(handshake.getFirst());
        OutputStream answers = replay ? new SkipFirstLine(out) : out;
        RecallTools tools = local;
        Thread server = Thread.ofPlatform().name("recall-mcp-local").start(() -> {
            try {
                McpStdio.serve(tools, serverIn, answers, version);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try (toServer) {
            List<String> feed = new ArrayList<>(replay ? handshake : List.of());
            feed.add(pending);
            for (String l : feed) {
                toServer.write((l + "\n").getBytes(StandardCharsets.UTF_8));
                toServer.flush();
            }
            String line;
            while ((line = lines.readLine()) != null) {
                toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                toServer.flush();
            }
        }
        server.join();
    }

    private static JsonNode parse(String line) {
        try {
            JsonNode n = JSON.readTree(line);
            return n != null && n.isObject() ? n : null;
        } catch (IOException e) {
            return null; // the daemon answers it with JSON-RPC's parse error
        }
    }

    private static String error(JsonNode id, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", -32603);
        error.put("message", message);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("jsonrpc", "2.0");
        response.put("id", id);
        response.put("error", error);
        try {
            return JSON.writeValueAsString(response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized void write(OutputStream out, String message) throws IOException {
        out.write((message + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Drops the local server's answer to the replayed initialize: the client had the daemon's already. */
    private static final class SkipFirstLine extends FilterOutputStream {
        private boolean skipping = true;

        SkipFirstLine(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            if (skipping) {
                skipping = b != '\n';
                return;
            }
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            for (int i = off; skipping && i < off + len; i++) {
                if (b[i] == '\n') {
                    skipping = false;
                    out.write(b, i + 1, off + len - i - 1);
                    return;
                }
            }
            if (!skipping) {
                out.write(b, off, len);
            }
        }
    }
}
