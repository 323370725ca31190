package dev.recall.server;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The light client's side of a {@link Handoff}: finds the daemon serving the data dir (serve.json naming a live
 * process), sends it the command line over loopback with serve.json's token, and reads the answer. Anything short
 * of a whole answer (no daemon, a dead pid, a refused connection, a refusal, an error status, a cut-off body) is
 * an empty result, and the caller runs the command in-process: a daemon can only make a command faster, never fail it.
 *
 * <p>A plain socket speaking just enough HTTP/1.1: {@link java.net.HttpURLConnection} and the JDK's HTTP client cost
 * a visible share of a process that exists to print one answer.
 */
public final class HandoffClient {
    private static final int MAX_HEADER_BYTES = 64 << 10;
    private static final Path PROC_SELF = Path.of("/proc/self");

    private final Duration connectTimeout;
    private final Duration readTimeout;

    public HandoffClient(Duration connectTimeout, Duration readTimeout) {
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
    }

    /** The daemon's answer, or empty when the command should run in-process. */
    public Optional<Handoff.Answer> send(Handoff.Invocation invocation) {
        Optional<ServeInfo> info = ServeInfo.read(invocation.dataDir());
        if (info.isEmpty() || info.get().token() == null || info.get().host() == null || info.get().port() <= 0
                || !alive(info.get().pid())) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(exchange(info.get(), invocation.encode()));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Whether the process runs: /proc where there is one (ProcessHandle's set-up costs a cold JVM more). */
    private static boolean alive(long pid) {
        if (pid <= 0) {
            return false;
        }
        if (Files.isDirectory(PROC_SELF)) {
            return Files.isDirectory(PROC_SELF.resolveSibling(Long.toString(pid)));
        }
        Optional<ProcessHandle> p = ProcessHandle.of(pid);
        return p.isPresent() && p.get().isAlive();
    }

    private Handoff.Answer exchange(ServeInfo info, byte[] body) throws IOException {
        try (Socket socket = new Socket()) {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(info.clientHost(), info.port()), millis(connectTimeout));
            socket.setSoTimeout(millis(readTimeout));
            // a StringBuilder, not +: string concatenation's first use costs a cold JVM its bootstrap
            String head = new StringBuilder(256).append("POST ").append(Handoff.PATH).append(" HTTP/1.1\r\n")
                    .append("Host: ").append(info.authority()).append("\r\n")
                    .append("Authorization: Bearer ").append(info.token()).append("\r\n")
                    .append("Content-Type: ").append(Handoff.CONTENT_TYPE).append("\r\n")
                    .append("Accept: ").append(Handoff.CONTENT_TYPE).append("\r\n")
                    .append("Content-Length: ").append(body.length).append("\r\n")
                    .append("Connection: close\r\n\r\n").toString();
            OutputStream out = socket.getOutputStream();
            byte[] h = head.getBytes(StandardCharsets.UTF_8);
            byte[] request = new byte[h.length + body.length];
            System.arraycopy(h, 0, request, 0, h.length);
            System.arraycopy(body, 0, request, h.length, body.length);
            out.write(request);
            out.flush();
            return response(new BufferedInputStream(socket.getInputStream(), 16 << 10));
        }
    }

    /** A 200 with a handoff body and its declared length read in full, else null. */
    private static Handoff.Answer response(InputStream in) throws IOException {
        String head = head(in);
        if (head == null) {
            return null;
        }
        String[] lines = head.split("\n"); // one character: split's fast path, no regex to compile
        long length = -1;
        boolean handoff = false;
        String[] status = lines[0].strip().split(" ", 3);
        if (status.length < 2 || !status[0].startsWith("HTTP/1.") || !status[1].equals("200")) {
            return null;
        }
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = lines[i].substring(colon + 1).strip();
            if (name.equals("content-length")) {
                length = Long.parseLong(value);
            } else if (name.equals("content-type")) {
                handoff = value.startsWith(Handoff.CONTENT_TYPE);
            } else if (name.equals("transfer-encoding")) {
                return null; // the daemon always sends a length; anything else is not its answer
            }
        }
        if (!handoff || length < 0 || length > Integer.MAX_VALUE - 8) {
            return null;
        }
        byte[] body = in.readNBytes((int) length);
        if (body.length != length) {
            return null;
        }
        return Handoff.Answer.decode(body);
    }

    /** The status line and headers, up to the empty line; null when the connection ends first. */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(512);
        int matched = 0;
        while (b.size() < MAX_HEADER_BYTES) {
            int c = in.read();
            if (c < 0) {
                return null;
            }
            b.write(c);
            matched = (c == "\r\n\r\n".charAt(matched)) ? matched + 1 : (c == '\r' ? 1 : 0);
            if (matched == 4) {
                return b.toString(StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    private static int millis(Duration d) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, d.toMillis()));
    }
}
