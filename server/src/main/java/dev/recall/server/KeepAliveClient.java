package dev.recall.server;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The server bench's client for timed requests: one loopback connection kept alive, HTTP/1.1 written in one packet
 * and the answer read by its length, on the calling thread. As the product's own light client ({@link HandoffClient})
 * does, it leaves out the JDK's HTTP clients, whose hand-offs between the caller and their selector threads cost about
 * 2.5 ms per request against 0.7 ms for this, side by side at 1M entries under load (docs/benchmarks.md, issue 14):
 * the bench measures the daemon and the wire, not one client library. Not thread-safe: one per client thread.
 */
final class KeepAliveClient implements AutoCloseable {
    private static final int MAX_HEADER_BYTES = 64 << 10;

    /** An answer: status, headers by lower-cased name, body. */
    record Response(int status, Map<String, String> headers, String body) {}

    private final String host;
    private final int port;
    private final String token;
    private final Duration timeout;
    private Socket socket;
    private InputStream in;
    private int connects;

    KeepAliveClient(String host, int port, String token, Duration timeout) {
        this.host = host;
        this.port = port;
        this.token = token;
        this.timeout = timeout;
    }

    /** POSTs a JSON body; once more on a new connection when the kept one turns out closed before any answer. */
    Response post(String path, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        boolean reused = socket != null;
        try {
            return exchange(path, body);
        } catch (IOException e) {
            close();
            if (!reused) {
                throw e;
            }
            return exchange(path, body); // the daemon closed an idle connection meanwhile
        }
    }

    /** How many connections were opened: one while the daemon keeps it alive. */
    int connects() {
        return connects;
    }

    private Response exchange(String path, byte[] body) throws IOException {
        if (socket == null) {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(host, port), (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            in = new BufferedInputStream(socket.getInputStream(), 64 << 10);
            connects++;
        }
        StringBuilder head = new StringBuilder(256).append("POST ").append(path).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append(':').append(port).append("\r\n")
                .append("Content-Type: application/json\r\nAccept: application/json\r\n")
                .append("Content-Length: ").append(body.length).append("\r\n");
        if (token != null) {
            head.append("Authorization: Bearer ").append(token).append("\r\n");
        }
        byte[] h = head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8);
        byte[] request = new byte[h.length + body.length];
        System.arraycopy(h, 0, request, 0, h.length);
        System.arraycopy(body, 0, request, h.length, body.length);
        OutputStream out = socket.getOutputStream();
        out.write(request);
        out.flush();
        return response();
    }

    private Response response() throws IOException {
        String[] lines = head().split("\r\n");
        String[] status = lines[0].split(" ", 3);
        if (status.length < 2 || !status[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP answer: " + lines[0]);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).strip());
            }
        }
        if (headers.containsKey("transfer-encoding")) {
            throw new IOException("a chunked answer: the daemon sends every answer with its length");
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        if (body.length != length) {
            throw new IOException("the answer ended after " + body.length + " of " + length + " bytes");
        }
        if ("close".equalsIgnoreCase(headers.get("connection"))) {
            close();
        }
        return new Response(Integer.parseInt(status[1]), headers, new String(body, StandardCharsets.UTF_8));
    }

    /** The status line and headers, up to the empty line. */
    private String head() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(512);
        int matched = 0;
        while (matched < 4) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("the connection closed before an answer");
            }
            if (b.size() == MAX_HEADER_BYTES) {
                throw new IOException("an answer's headers longer than " + MAX_HEADER_BYTES + " bytes");
            }
            b.write(c);
            matched = c == "\r\n\r\n".charAt(matched) ? matched + 1 : (c == '\r' ? 1 : 0);
        }
        return b.toString(StandardCharsets.ISO_8859_1).substring(0, b.size() - 4);
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing a loopback socket: nothing to recover
            }
        }
        socket = null;
        in = null;
    }
}
