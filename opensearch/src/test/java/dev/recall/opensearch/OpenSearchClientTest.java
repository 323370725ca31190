package dev.recall.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.recall.store.RecallException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the client sends to a cluster with the security plugin: HTTP basic authentication from a node URL's user
 * info, over TLS to an https URL, checked against loopback servers that record the requests (the tests' OpenSearch
 * distribution has no security plugin).
 */
class OpenSearchClientTest {
    static final Duration TIMEOUT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    /** One request as the server saw it. */
    record Seen(String method, String path, String authorization, String body) {}

    @Test
    void sendsBasicAuthenticationFromTheUrlAndNeverShowsThePassword() throws IOException {
        List<Seen> seen = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> answer(ex, seen));
        server.start();
        try {
            int port = server.getAddress().getPort();
            // the first node refuses connections: the request goes to the second with that node's credentials
            OpenSearchClient client = new OpenSearchClient(List.of(URI.create("http://nobody:x@127.0.0.1:" + closedPort()),
                    URI.create("http://recall%40team:s3cr%3At@127.0.0.1:" + port)), TIMEOUT);
            assertEquals("yes", client.send("POST", "/recall-entries/_search", Map.of("size", 1)).path("ok").asText());
            assertEquals(1, seen.size());
            Seen s = seen.getFirst();
            assertEquals("POST /recall-entries/_search", s.method() + " " + s.path());
            assertEquals("{\"size\":1}", s.body());
            // user "recall@team", password "s3cr:t": percent-decoded, then base64 of user:password
            assertEquals("Basic " + java.util.Base64.getEncoder().encodeToString("recall@team:s3cr:t"
                    .getBytes(StandardCharsets.UTF_8)), s.authorization());

            OpenSearchClient plain = new OpenSearchClient(List.of(URI.create("http://127.0.0.1:" + port)), TIMEOUT);
            plain.send("GET", "/", null);
            assertNull(seen.getLast().authorization(), "no user info, no Authorization header");
        } finally {
            server.stop(0);
        }
        OpenSearchClient down = new OpenSearchClient(List.of(URI.create("http://recall:s3cret@127.0.0.1:"
                + closedPort())), TIMEOUT);
        RecallException e = assertThrows(RecallException.class, () -> down.send("GET", "/", null));
        assertTrue(e.getMessage().startsWith("no OpenSearch node answered GET /"), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
    }

    @Test
    void speaksTlsToAnHttpsNodeItTrustsAndRefusesOneItDoesNot() throws Exception {
        char[] password = "changeit".toCharArray();
        Path keystore = dir.resolve("node.p12");
        // a self-signed certificate for 127.0.0.1, as a cluster's demo certificates are
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "node", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
                "-ext", "san=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore", keystore.toString(),
                "-storepass", "changeit", "-keypass", "changeit").redirectErrorStream(true).start();
        String keytoolOutput = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0, keytoolOutput);
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = java.nio.file.Files.newInputStream(keystore)) {
            ks.load(in, password);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, password);
        SSLContext serverTls = SSLContext.getInstance("TLS");
        serverTls.init(kmf.getKeyManagers(), null, null);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext clientTls = SSLContext.getInstance("TLS");
        clientTls.init(null, tmf.getTrustManagers(), null);

        List<Seen> seen = new CopyOnWriteArrayList<>();
        HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(serverTls));
        server.createContext("/", ex -> answer(ex, seen));
        server.start();
        try {
            URI node = URI.create("https://admin:admin@127.0.0.1:" + server.getAddress().getPort());
            OpenSearchClient client = new OpenSearchClient(List.of(node), TIMEOUT, clientTls);
            assertEquals("yes", client.send("GET", "/_cluster/health", null).path("ok").asText());
            assertEquals("Basic " + java.util.Base64.getEncoder().encodeToString("admin:admin".getBytes(
                    StandardCharsets.UTF_8)), seen.getFirst().authorization());
            assertEquals("/_cluster/health", seen.getFirst().path());

            // the JVM's default trust store does not know the self-signed certificate: refused, no request sent
            OpenSearchClient untrusting = new OpenSearchClient(List.of(node), TIMEOUT);
            RecallException e = assertThrows(RecallException.class, () -> untrusting.send("GET", "/", null));
            assertTrue(e.getMessage().contains("SSLHandshakeException"), e.getMessage());
            assertFalse(e.getMessage().contains("admin:admin"), e.getMessage());
            assertEquals(1, seen.size());
        } finally {
            server.stop(0);
        }
    }

    /**
     * A replica of a large index takes longer to start than one health request waits, and OpenSearch answers that
     * wait's end with 408 and the health as the body (found at 1M entries, where copying the vectors' segments
     * took minutes): the load asks again instead of failing the publish.
     */
    @Test
    void aHealthWaitThatRunsOutIsAskedAgainNotAFailure() throws IOException {
        List<String> health = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            String path = ex.getRequestURI().getPath();
            int status = 200;
            String out = "{}";
            if (path.equals("/_cluster/health")) {
                out = "{\"number_of_data_nodes\": 2}";
            } else if (path.startsWith("/_cluster/health/")) {
                health.add(ex.getRequestURI().getQuery());
                boolean started = health.size() > 2;
                status = started ? 200 : 408;
                out = "{\"status\": \"" + (started ? "green" : "yellow") + "\", \"timed_out\": " + !started + "}";
            }
            byte[] bytes = out.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(status, bytes.length);
            ex.getResponseBody().write(bytes);
            ex.close();
        });
        server.start();
        try {
            OpenSearchClient client = new OpenSearchClient(
                    List.of(URI.create("http://127.0.0.1:" + server.getAddress().getPort())), TIMEOUT);
            InitialLoad.finish(client, "recall-vectors-1", 1);
            assertEquals(3, health.size(), "asked until the replica started: " + health);
            assertTrue(health.getFirst().contains("wait_for_active_shards=2"), health.getFirst());
        } finally {
            server.stop(0);
        }
    }

    private static void answer(HttpExchange ex, List<Seen> seen) throws IOException {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        seen.add(new Seen(ex.getRequestMethod(), ex.getRequestURI().getPath(),
                ex.getRequestHeaders().getFirst("Authorization"), body));
        byte[] out = "{\"ok\":\"yes\"}".getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(200, out.length);
        ex.getResponseBody().write(out);
        ex.close();
    }

    /** A loopback port nothing listens on (bound, then closed). */
    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
