package dev.recall.cli;

import dev.recall.server.Handoff;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A loopback proxy in front of a daemon, for clients that find it through a serve.json naming its port: it passes
 * each request on (its Host header made the daemon's, so the daemon's guard takes it), reads the daemon's whole
 * answer, and hands it back, except that it can lose the answer to the next handed-over command line: the daemon
 * has run the command (and recorded its query) by then, and what happens before the client's connection is closed
 * without a byte (the daemon killed, say) is the test's to choose. One request per connection.
 */
final class AnswerLosingProxy implements AutoCloseable {
    private final ServerSocket server;
    private final int daemonPort;
    private final AtomicReference<Runnable> loseNext = new AtomicReference<>();
    private final List<String> requests = new ArrayList<>();
    private final List<String> lost = new ArrayList<>();
    private final Thread acceptor;

    AnswerLosingProxy(int daemonPort) throws IOException {
        this.daemonPort = daemonPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::accept, "answer-losing-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** The answer to the next handover is read from the daemon, then {@code between} runs, then the client is cut. */
    void loseNextHandoverAnswer(Runnable between) {
        loseNext.set(between);
    }

    /** Each request's line (method and path), in the order they came. */
    synchronized List<String> requests() {
        return List.copyOf(requests);
    }

    /** The status line of each answer the daemon gave and the client never got. */
    synchronized List<String> lost() {
        return List.copyOf(lost);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Thread t = new Thread(() -> relay(client), "answer-losing-proxy-relay");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void relay(Socket client) {
        try (client; Socket daemon = new Socket(InetAddress.getLoopbackAddress(), daemonPort)) {
            InputStream in = client.getInputStream();
            String head = head(in);
            if (head == null) {
                return;
            }
            String requestLine = head.substring(0, head.indexOf("\r\n"));
            synchronized (this) {
                requests.add(requestLine);
            }
            StringBuilder rewritten = new StringBuilder(requestLine).append("\r\n");
            long length = 0;
            for (String line : head.substring(head.indexOf("\r\n") + 2).split("\r\n")) {
                String name = line.contains(":") ? line.substring(0, line.indexOf(':')).strip().toLowerCase(Locale.ROOT)
                        : "";
                if (name.equals("content-length")) {
                    length = Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
                }
                if (!name.isEmpty() && !name.equals("host") && !name.equals("connection")) {
                    rewritten.append(line).append("\r\n");
                }
            }
            // the daemon's own address as Host; one request per connection, so its answer ends at the end of stream
            rewritten.append("Host: 127.0.0.1:").append(daemonPort).append("\r\nConnection: close\r\n\r\n");
            daemon.getOutputStream().write(rewritten.toString().getBytes(StandardCharsets.ISO_8859_1));
            daemon.getOutputStream().write(in.readNBytes((int) length));
            daemon.getOutputStream().flush();
            byte[] answer = daemon.getInputStream().readAllBytes();
            Runnable between = requestLine.startsWith("POST " + Handoff.PATH + " ")
                    || requestLine.startsWith("POST " + Handoff.SHELL_PATH + " ") ? loseNext.getAndSet(null) : null;
            if (between != null) {
                String status = new String(answer, StandardCharsets.ISO_8859_1);
                synchronized (this) {
                    lost.add(status.contains("\r\n") ? status.substring(0, status.indexOf("\r\n")) : status);
                }
                between.run();
                return; // the client's connection closes having received nothing
            }
            client.getOutputStream().write(answer);
            client.getOutputStream().flush();
        } catch (IOException e) {
            // a client or daemon gone: the relay ends, as the connection would
        }
    }

    /** The request line and headers, up to and including the empty line; null when the stream ends first. */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            b.write(c);
            byte[] bytes = b.toByteArray();
            int n = bytes.length;
            if (n >= 4 && bytes[n - 4] == '\r' && bytes[n - 3] == '\n' && bytes[n - 2] == '\r' && bytes[n - 1] == '\n') {
                return b.toString(StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
