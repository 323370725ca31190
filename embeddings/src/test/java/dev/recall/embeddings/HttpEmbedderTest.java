package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Against a real HTTP server on 127.0.0.1; nothing here connects anywhere else. */
class HttpEmbedderTest {

    private static final String KEY_VARIABLE = "RECALL_TEST_EMBEDDING_KEY";
    private static final String KEY = "test-key-123";
    private static final Function<String, String> ENV = Map.of(KEY_VARIABLE, KEY)::get;
    private static final JsonMapper JSON = new JsonMapper();

    /** Turns the request's inputs into the {@code data} array to answer with. */
    private interface Answer {
        String data(List<String> inputs);
    }

    private HttpServer server;
    private volatile Answer answer;
    private final List<String> authorizations = Collections.synchronizedList(new ArrayList<>());
    private final List<JsonNode> requests = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger elsewhereHits = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/embeddings", this::embeddings);
        server.createContext("/moved/embeddings", exchange -> {
            exchange.getResponseHeaders().add("Location", base("/elsewhere") + "/embeddings");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        server.createContext("/elsewhere", exchange -> {
            elsewhereHits.incrementAndGet();
            respond(exchange, 200, "{\"data\":[]}");
        });
        server.createContext("/broken/embeddings", exchange -> respond(exchange, 500, "model not loaded"));
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void embedsInFixedBatchesWithTheKeyFromTheNamedVariable() {
        // Answers out of order, as the index field allows; each vector encodes its input.
        answer = inputs -> {
            List<String> items = new ArrayList<>();
            for (int i = inputs.size() - 1; i >= 0; i--) {
                int n = Integer.parseInt(inputs.get(i).replaceAll("\\D", ""));
                items.add("{\"index\":" + i + ",\"embedding\":[" + n + ",3,4]}");
            }
            return String.join(",", items);
        };
        EmbeddingConfig config = EmbeddingConfig.http(base("/v1/"), "nomic-embed-text")
                .withApiKeyEnv(KEY_VARIABLE).withBatchSize(2);
        try (HttpEmbedder embedder = new HttpEmbedder(config, ENV)) {
            List<float[]> vectors = embedder.embedDocuments(
                    List.of("doc 1", "doc 2", "doc 3", "doc 4", "doc 5"));
            assertEquals(5, vectors.size());
            for (int i = 0; i < 5; i++) {
                float[] v = vectors.get(i);
                double norm = Math.sqrt((i + 1) * (i + 1) + 9 + 16);
                assertEquals((i + 1) / norm, v[0], 1e-6, "vector " + i + " is in input order");
                BgeSmallEmbedderTest.assertUnit(v);
            }
            assertEquals(3, requests.size(), "5 inputs in batches of 2");
            assertEquals(List.of("Bearer " + KEY), authorizations.stream().distinct().toList());
            JsonNode first = requests.get(0);
            assertEquals("nomic-embed-text", first.get("model").asText());
            assertEquals("doc 1", first.get("input").get(0).asText());
            assertEquals(2, first.get("input").size());

            EmbedderIdentity identity = embedder.identity();
            assertEquals("nomic-embed-text", identity.modelId());
            assertEquals(dev.recall.store.Digests.sha256Hex("nomic-embed-text".getBytes(StandardCharsets.UTF_8)),
                    identity.modelDigest());
            assertEquals(3, identity.dimensions());
            assertNull(identity.pooling());
        }
    }

    @Test
    void dimensionsAreProbedWhenNotConfiguredAndTheQueryPrefixIsSent() {
        answer = inputs -> "{\"index\":0,\"embedding\":[1,0,0,0]}";
        EmbeddingConfig config = EmbeddingConfig.http(base("/v1"), "m").withQueryPrefix("search_query: ");
        try (HttpEmbedder embedder = new HttpEmbedder(config, ENV)) {
            assertEquals(4, embedder.dimensions());
            assertEquals(1, requests.size(), "one probe request");
            embedder.embedQuery("where is the config");
            assertEquals("search_query: where is the config",
                    requests.get(1).get("input").get(0).asText());
            assertTrue(authorizations.stream().allMatch(a -> a == null), "no key configured, none sent");
        }
    }

    @Test
    void wrongDimensionIsRejected() {
        answer = inputs -> "{\"index\":0,\"embedding\":[0.1,0.2,0.3]}";
        EmbeddingConfig config = EmbeddingConfig.http(base("/v1"), "m").withDimensions(4);
        try (HttpEmbedder embedder = new HttpEmbedder(config, ENV)) {
            EmbeddingException error =
                    assertThrows(EmbeddingException.class, () -> embedder.embedQuery("q"));
            assertTrue(error.getMessage().contains("3-dimensional")
                    && error.getMessage().contains("expected 4"), error.getMessage());
        }
    }

    @Test
    void aVectorOfAnotherWidthThanTheFirstIsRejected() {
        answer = inputs -> "{\"index\":0,\"embedding\":[1,2]},{\"index\":1,\"embedding\":[1,2,3]}";
        try (HttpEmbedder embedder = new HttpEmbedder(EmbeddingConfig.http(base("/v1"), "m"), ENV)) {
            EmbeddingException error = assertThrows(EmbeddingException.class,
                    () -> embedder.embedDocuments(List.of("a", "b")));
            assertTrue(error.getMessage().contains("input 1"), error.getMessage());
        }
    }

    @Test
    void nanIsRejected() {
        answer = inputs -> "{\"index\":0,\"embedding\":[0.5,NaN,0.5]}";
        try (HttpEmbedder embedder = new HttpEmbedder(EmbeddingConfig.http(base("/v1"), "m"), ENV)) {
            EmbeddingException error =
                    assertThrows(EmbeddingException.class, () -> embedder.embedQuery("q"));
            assertTrue(error.getMessage().contains("NaN"), error.getMessage());
        }
    }

    @Test
    void infinityIsRejected() {
        answer = inputs -> "{\"index\":0,\"embedding\":[0.5,1e300,0.5]}";
        try (HttpEmbedder embedder = new HttpEmbedder(EmbeddingConfig.http(base("/v1"), "m"), ENV)) {
            EmbeddingException error =
                    assertThrows(EmbeddingException.class, () -> embedder.embedQuery("q"));
            assertTrue(error.getMessage().contains("Infinity"), error.getMessage());
        }
    }

    @Test
    void zeroVectorIsRejected() {
        answer = inputs -> "{\"index\":0,\"embedding\":[0,0,0]}";
        try (HttpEmbedder embedder = new HttpEmbedder(EmbeddingConfig.http(base("/v1"), "m"), ENV)) {
            EmbeddingException error =
                    assertThrows(EmbeddingException.class, () -> embedder.embedQuery("q"));
            assertTrue(error.getMessage().contains("norm"), error.getMessage());
        }
    }

    @Test
    void missingOrDuplicateEmbeddingsAreRejected() {
        answer = inputs -> "{\"index\":0,\"embedding\":[1,2]}";
        try (HttpEmbedder embedder = new HttpEmbedder(EmbeddingConfig.http(base("/v1"), "m"), ENV)) {
            EmbeddingException count = assertThrows(EmbeddingException.class,
                    () -> embedder.embedDocuments(List.of("a", "b")));
            assertTrue(count.getMessage().contains("1 embeddings for 2 inputs"), count.getMessage());
            answer = inputs -> "{\"index\":0,\"embedding\":[1,2]},{\"index\":0,\"embedding\":[1,2]}";
            EmbeddingException duplicate = assertThrows(EmbeddingException.class,
                    () -> embedder.embedDocuments(List.of("a", "b")));
            assertTrue(duplicate.getMessage().contains("index"), duplicate.getMessage());
        }
    }

    @Test
    void redirectIsRefusedAndNotFollowed() {
        try (HttpEmbedder embedder = new HttpEmbedder(EmbeddingConfig.http(base("/moved"), "m"), ENV)) {
            EmbeddingException error =
                    assertThrows(EmbeddingException.class, () -> embedder.embedQuery("q"));
            assertTrue(error.getMessage().contains("302")
                    && error.getMessage().contains(base("/elsewhere") + "/embeddings"), error.getMessage());
        }
        assertEquals(0, elsewhereHits.get());
    }

    @Test
    void serverErrorIsReportedWithStatusAndBody() {
        try (HttpEmbedder embedder = new HttpEmbedder(EmbeddingConfig.http(base("/broken"), "m"), ENV)) {
            EmbeddingException error =
                    assertThrows(EmbeddingException.class, () -> embedder.embedQuery("q"));
            assertTrue(error.getMessage().contains("500")
                    && error.getMessage().contains("model not loaded"), error.getMessage());
        }
    }

    @Test
    void plainHttpToAnotherHostIsRefusedBeforeConnecting() {
        // TEST-NET-1 address: only ever in the URL; the refusal comes from the constructor,
        // which has no client to connect with yet.
        EmbeddingException error = assertThrows(EmbeddingException.class, () -> new HttpEmbedder(
                EmbeddingConfig.http("http://192.0.2.1:8080/v1", "m"), ENV));
        assertTrue(error.getMessage().contains("192.0.2.1")
                && error.getMessage().contains("allow_http"), error.getMessage());
        // Opening succeeds (and still does not connect) over https or with explicit consent.
        new HttpEmbedder(EmbeddingConfig.http("https://192.0.2.1/v1", "m"), ENV).close();
        new HttpEmbedder(EmbeddingConfig.http("http://192.0.2.1/v1", "m").withAllowHttp(true), ENV)
                .close();
    }

    @Test
    void missingKeyVariableIsNamed() {
        EmbeddingConfig config = EmbeddingConfig.http(base("/v1"), "m").withApiKeyEnv("RECALL_NO_SUCH_KEY");
        EmbeddingException error =
                assertThrows(EmbeddingException.class, () -> new HttpEmbedder(config, ENV));
        assertTrue(error.getMessage().contains("RECALL_NO_SUCH_KEY"), error.getMessage());
        assertTrue(requests.isEmpty());
    }

    @Test
    void aKeyPastedInsteadOfAVariableNameIsNotEchoed() {
        String pasted = "sk-proj-abc.def/ghi";
        EmbeddingConfig config = EmbeddingConfig.http(base("/v1"), "m").withApiKeyEnv(pasted);
        EmbeddingException error =
                assertThrows(EmbeddingException.class, () -> new HttpEmbedder(config, ENV));
        assertFalse(error.getMessage().contains(pasted), error.getMessage());
    }

    @Test
    void slowEndpointTimesOut() {
        server.createContext("/slow/embeddings", exchange -> {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            respond(exchange, 200, "{\"data\":[]}");
        });
        EmbeddingConfig config = EmbeddingConfig.http(base("/slow"), "m").withTimeout(Duration.ofMillis(200));
        try (HttpEmbedder embedder = new HttpEmbedder(config, ENV)) {
            EmbeddingException error =
                    assertThrows(EmbeddingException.class, () -> embedder.embedQuery("q"));
            assertTrue(error.getMessage().contains("did not answer"), error.getMessage());
        }
    }

    private String base(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private void embeddings(HttpExchange exchange) throws IOException {
        authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
        JsonNode request = JSON.readTree(exchange.getRequestBody());
        requests.add(request);
        List<String> inputs = new ArrayList<>();
        request.get("input").forEach(node -> inputs.add(node.asText()));
        respond(exchange, 200, "{\"object\":\"list\",\"data\":[" + answer.data(inputs) + "]}");
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
