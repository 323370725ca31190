package dev.recall.server;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.store.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code <data>/serve.json}: where a running daemon listens and the token clients present. Readable by the owner
 * only (0600): the token is what separates this user's clients from other local users.
 */
public record ServeInfo(long pid, String host, int port, String token, @JsonProperty("data_dir") String dataDir,
        @JsonProperty("started_at") String startedAt, @JsonProperty("listen_public") boolean listenPublic,
        String version) {

    public static final String FILE = "serve.json";

    /** The base URL a client on this machine uses: loopback even when the daemon also listens publicly. */
    public String url() {
        String h = listenPublic || host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host;
        return "http://" + (h.contains(":") ? "[" + h + "]" : h) + ":" + port;
    }

    void write(Path dataDir) {
        Path file = dataDir.resolve(FILE);
        try {
            // the temp file AtomicFiles writes is the owner's only (0600) from its creation
            byte[] json = new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(this);
            AtomicFiles.write(file, out -> out.write(json));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** What serve.json says, if it exists and parses; whether that daemon still runs is the caller's question. */
    public static Optional<ServeInfo> read(Path dataDir) {
        Path file = dataDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            // Read as a tree, not bound to the record: binding introspects the record's creator and annotations,
            // which a cold `recall query` answered by the daemon paid for on every run.
            JsonNode n = new ObjectMapper().readTree(file.toFile());
            if (n == null || !n.isObject()) {
                return Optional.empty();
            }
            return Optional.of(new ServeInfo(n.path("pid").asLong(), text(n, "host"), n.path("port").asInt(),
                    text(n, "token"), text(n, "data_dir"), text(n, "started_at"), n.path("listen_public").asBoolean(),
                    text(n, "version")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    static void delete(Path dataDir) {
        try {
            Files.deleteIfExists(dataDir.resolve(FILE));
        } catch (IOException e) {
            // the next daemon overwrites it; clients check that its pid runs
        }
    }
}
