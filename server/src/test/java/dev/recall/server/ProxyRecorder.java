package dev.recall.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A proxy on 127.0.0.1 that forwards nothing: it records the first line of each request a browser sends through it
 * (CONNECT host:443, GET http://...) and hangs up. A browser configured to use it cannot reach the network, and the
 * record says what it would have tried to reach.
 */
final class ProxyRecorder implements AutoCloseable {
    private final ServerSocket server;
    private final List<String> requests = new CopyOnWriteArrayList<>();

    ProxyRecorder() {
        try {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException("cannot open the recording proxy: " + e.getMessage(), e);
        }
        Thread accept = new Thread(this::serve, "proxy-recorder");
        accept.setDaemon(true);
        accept.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** Each distinct request line with how often it came, in the order they first came. */
    List<String> requests() {
        java.util.Map<String, Long> counts = new java.util.LinkedHashMap<>();
        requests.forEach(r -> counts.merge(r, 1L, Long::sum));
        return counts.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + "x)").toList();
    }

    private void serve() {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                s.setSoTimeout(5_000);
                String first = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1))
                        .readLine();
                requests.add(first == null ? "(a connection that sent nothing)" : first);
            } catch (IOException e) {
                // closed, or a client that hung up: nothing more to record from it
            }
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
