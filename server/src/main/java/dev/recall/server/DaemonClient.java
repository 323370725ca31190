package dev.recall.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * How a command talks to a daemon: the one serving its data dir, found through serve.json (its pid must be alive)
 * and authenticated with the token there, or a team's recall service at a URL, authenticated with a member's token.
 * Plain {@link HttpURLConnection}: a short command should not pay for starting an HTTP client's threads.
 */
public final class DaemonClient {
    /** The environment variable that makes every command run in-process, daemon or not. */
    public static final String NO_DAEMON_ENV = "RECALL_NO_DAEMON";

    private final ServeInfo info;
    private final String url;
    private final String token;
    private final Duration timeout;
    /** The invocation the requests belong to, sent as {@link RecallRoutes#REQUEST_ID_HEADER}; null: none. */
    private final String requestId;

    DaemonClient(ServeInfo info, Duration timeout) {
        this(info, info.url(), info.token(), timeout, null);
    }

    private DaemonClient(ServeInfo info, String url, String token, Duration timeout, String requestId) {
        this.info = info;
        this.url = url;
        this.token = token;
        this.timeout = timeout;
        this.requestId = requestId;
    }

    /**
     * This client, its requests naming the invocation they belong to (null: none): a query the daemon recorded for
     * that invocation already, under a handover whose answer was lost, is not recorded again.
     */
    public DaemonClient forRequest(String id) {
        return new DaemonClient(info, url, token, timeout, id);
    }

    /** A team's recall service at this base URL (http or https), authenticated with a member's token. */
    public static DaemonClient service(URI base, String token, Duration timeout) {
        String scheme = base.getScheme() == null ? "" : base.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || base.getHost() == null) {
            throw new IllegalArgumentException("the recall service's URL must be http(s)://host[:port], not '" + base
                    + "'");
        }
        String text = base.toString();
        return new DaemonClient(null, text.endsWith("/") ? text.substring(0, text.length() - 1) : text, token,
                timeout, null);
    }

    /** Whether this is the daemon serving the local data dir (not a team's service elsewhere). */
    public boolean local() {
        return info != null;
    }

    /** Who answers, for messages: the local daemon with its pid, or the service's URL. */
    public String describe() {
        return info != null ? "the recall daemon at " + url + " (pid " + info.pid() + ")"
                : "the recall service at " + url;
    }

    /** An HTTP response: status, body and its content type (empty when the daemon sent none). */
    public record Response(int status, byte[] body, String contentType) {
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public boolean ok() {
            return status / 100 == 2;
        }
    }

    /** Thrown when the daemon cannot be reached (it died since serve.json was written, or is shutting down). */
    public static final class UnreachableException extends RuntimeException {
        UnreachableException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The daemon serving this data dir, if serve.json names a live process. */
    public static Optional<DaemonClient> find(Path dataDir, Duration timeout) {
        return ServeInfo.read(dataDir)
                .filter(i -> ProcessHandle.of(i.pid()).map(ProcessHandle::isAlive).orElse(false))
                .map(i -> new DaemonClient(i, timeout));
    }

    /** serve.json of the local daemon; null for a team's service. */
    public ServeInfo info() {
        return info;
    }

    public Response get(String pathAndQuery) {
        return send("GET", pathAndQuery, null, null);
    }

    public Response post(String path, byte[] body, String contentType) {
        return send("POST", path, body, contentType);
    }

    private Response send(String method, String path, byte[] body, String contentType) {
        HttpURLConnection c = null;
        try {
            c = (HttpURLConnection) URI.create(url + path).toURL().openConnection();
            c.setRequestMethod(method);
            c.setConnectTimeout((int) Math.min(Integer.MAX_VALUE, Math.min(timeout.toMillis(), 2000)));
            c.setReadTimeout((int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            c.setRequestProperty("Authorization", "Bearer " + token);
            c.setRequestProperty("Accept", "application/json");
            // the daemon records the cli's queries as the cli's own, not as HTTP's
            c.setRequestProperty(RecallRoutes.CLIENT_HEADER, "cli");
            if (requestId != null) {
                c.setRequestProperty(RecallRoutes.REQUEST_ID_HEADER, requestId);
            }
            if (body != null) {
                c.setDoOutput(true);
                c.setRequestProperty("Content-Type", contentType);
                c.setFixedLengthStreamingMode(body.length);
                try (OutputStream out = c.getOutputStream()) {
                    out.write(body);
                }
            }
            int status = c.getResponseCode();
            InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
            byte[] bytes = in == null ? new byte[0] : in.readAllBytes();
            if (in != null) {
                in.close();
            }
            String type = c.getContentType();
            return new Response(status, bytes, type == null ? "" : type);
        } catch (IOException e) {
            throw new UnreachableException(describe() + " did not answer: " + e.getMessage(), e);
        } finally {
            if (c != null) {
                c.disconnect();
            }
        }
    }
}
