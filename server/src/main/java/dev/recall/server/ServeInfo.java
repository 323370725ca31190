package dev.recall.server;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.store.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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
        return "http://" + authority();
    }

    /** The address a client on this machine connects to: loopback even when the daemon also listens publicly. */
    String clientHost() {
        return listenPublic || host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host;
    }

    /** host:port as in a URL or a Host header (an IPv6 address in brackets). */
    String authority() {
        String h = clientHost();
        StringBuilder b = new StringBuilder(h.length() + 8); // not +: see HandoffClient
        return (h.contains(":") ? b.append('[').append(h).append(']') : b.append(h)).append(':').append(port).toString();
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
            // Not Jackson: the light client of a read command reads this file, and starting an ObjectMapper was a
            // sixth of a cold `recall query`'s Java time (docs/benchmarks.md).
            Map<String, Object> n = FlatJson.parse(Files.readString(file));
            return Optional.of(new ServeInfo(number(n, "pid"), text(n, "host"), (int) number(n, "port"),
                    text(n, "token"), text(n, "data_dir"), text(n, "started_at"),
                    Boolean.TRUE.equals(n.get("listen_public")), text(n, "version")));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static long number(Map<String, Object> n, String field) {
        return n.get(field) instanceof Number v ? v.longValue() : 0;
    }

    private static String text(Map<String, Object> n, String field) {
        Object v = n.get(field);
        return v == null ? null : v.toString();
    }

    static void delete(Path dataDir) {
        try {
            Files.deleteIfExists(dataDir.resolve(FILE));
        } catch (IOException e) {
            // the next daemon overwrites it; clients check that its pid runs
        }
    }
}
