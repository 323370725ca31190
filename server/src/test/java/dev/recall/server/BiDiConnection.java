package dev.recall.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A WebDriver BiDi client on the JDK's WebSocket: sends commands, matches each answer to its command by id, and
 * turns an error answer into an exception naming the command. Events are not needed by the scenarios and are
 * dropped. Firefox speaks BiDi natively, so no geckodriver (and no network to fetch one) is needed.
 */
final class BiDiConnection implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private final WebSocket socket;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

    BiDiConnection(URI endpoint) {
        try {
            socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(Duration.ofSeconds(30))
                    .buildAsync(endpoint, new Listener()).get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while connecting to " + endpoint, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot connect to the BiDi endpoint " + endpoint + ": " + e, e);
        }
    }

    /** Sends the command and answers its result, or throws with the browser's error and message. */
    JsonNode send(String method, Map<String, ?> params) {
        long id = ids.incrementAndGet();
        ObjectNode command = JSON.createObjectNode().put("id", id).put("method", method);
        command.set("params", JSON.valueToTree(params));
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        try {
            socket.sendText(JSON.writeValueAsString(command), true).get(30, TimeUnit.SECONDS);
            JsonNode reply = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if ("error".equals(reply.path("type").asText())) {
                throw new IllegalStateException(method + " failed: " + reply.path("error").asText() + ": "
                        + reply.path("message").asText());
            }
            return reply.path("result");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during " + method, e);
        } catch (ExecutionException | TimeoutException | java.io.IOException e) {
            throw new IllegalStateException(method + " got no answer: " + e, e);
        } finally {
            pending.remove(id);
        }
    }

    @Override
    public void close() {
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String message = partial.toString();
                partial.setLength(0);
                try {
                    JsonNode node = JSON.readTree(message);
                    CompletableFuture<JsonNode> waiting = node.has("id") ? pending.get(node.path("id").asLong()) : null;
                    if (waiting != null) {
                        waiting.complete(node);
                    }
                } catch (java.io.IOException e) {
                    pending.values().forEach(f -> f.completeExceptionally(e));
                }
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            pending.values().forEach(f -> f.completeExceptionally(error));
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            pending.values().forEach(f -> f.completeExceptionally(new IllegalStateException("closed: " + reason)));
            return null;
        }
    }
}
