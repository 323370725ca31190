package dev.recall.opensearch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.store.RecallException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * OpenSearch's REST API over the JDK's HTTP client, with Jackson for the bodies. Knows several nodes: a request
 * that cannot reach one (refused, reset, timed out) goes to the next, and the client keeps to the node that
 * answered, so a cluster that loses a node keeps answering while a replica holds every shard.
 *
 * <p>A node's URL may be {@code https} (the server's certificate is checked against the JVM's trust store: the
 * JDK's CAs, or {@code -Djavax.net.ssl.trustStore} for a private CA) and may carry {@code user:password@}, sent
 * as HTTP basic authentication (the security plugin's internal users) and never shown in a message.
 */
public final class OpenSearchClient {
    private final HttpClient http;
    private final List<URI> nodes;
    /** Per node: the {@code Authorization} header its URL's user info makes, or null. */
    private final List<String> authorizations;
    private final Duration timeout;
    private final ObjectMapper json = new ObjectMapper();
    /** The node that answered last: tried first. */
    private volatile int preferred;

    public OpenSearchClient(List<URI> nodes, Duration timeout) {
        this(nodes, timeout, null);
    }

    /** @param tls the TLS context for https nodes (trusting their certificates); null for the JVM's default */
    OpenSearchClient(List<URI> nodes, Duration timeout, SSLContext tls) {
        if (nodes.isEmpty()) {
            throw RecallException.invalid("urls", "names no OpenSearch node");
        }
        List<URI> plain = new ArrayList<>();
        List<String> auth = new ArrayList<>();
        for (URI node : nodes) {
            plain.add(withoutUserInfo(node));
            String user = node.getUserInfo(); // percent-decoded
            auth.add(user == null ? null : "Basic " + Base64.getEncoder().encodeToString(
                    user.getBytes(StandardCharsets.UTF_8)));
        }
        this.nodes = List.copyOf(plain);
        this.authorizations = java.util.Collections.unmodifiableList(auth);
        this.timeout = timeout;
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(timeout)
                .version(HttpClient.Version.HTTP_1_1);
        if (tls != null) {
            builder.sslContext(tls);
        }
        this.http = builder.build();
    }

    /** The URL without {@code user:password@}: what requests go to and messages name. */
    private static URI withoutUserInfo(URI node) {
        if (node.getRawUserInfo() == null) {
            return node;
        }
        try {
            return new URI(node.getScheme(), null, node.getHost(), node.getPort(), node.getPath(), node.getQuery(),
                    node.getFragment());
        } catch (java.net.URISyntaxException e) {
            throw RecallException.invalid("urls", "cannot read the OpenSearch node address " + node.getHost());
        }
    }

    ObjectMapper json() {
        return json;
    }

    /** The response body of a 2xx answer; any other status is a failure naming the request and the cluster's reason. */
    JsonNode send(String method, String path, Object body) {
        Response r = exchange(method, path, body, "application/json");
        if (r.status() / 100 != 2) {
            throw failure(method, path, r);
        }
        return r.body();
    }

    /** As {@link #send}, with a 404 as empty. */
    /**
     * A cluster health request that waits: OpenSearch answers 408 with the health as its body when the wait ran
     * out, which is an answer here (its {@code timed_out} says so), not a failure.
     */
    JsonNode health(String path) {
        Response r = exchange("GET", path, null, "application/json");
        if (r.status() / 100 != 2 && r.status() != 408) {
            throw failure("GET", path, r);
        }
        return r.body();
    }

    Optional<JsonNode> find(String method, String path, Object body) {
        Response r = exchange(method, path, body, "application/json");
        if (r.status() == 404) {
            return Optional.empty();
        }
        if (r.status() / 100 != 2) {
            throw failure(method, path, r);
        }
        return Optional.of(r.body());
    }

    /** A _bulk request of newline-delimited JSON; any item's failure fails it, naming the first. */
    JsonNode bulk(String path, List<Object> lines) {
        StringBuilder ndjson = new StringBuilder();
        try {
            for (Object line : lines) {
                ndjson.append(json.writeValueAsString(line)).append('\n');
            }
        } catch (JsonProcessingException e) {
            throw new RecallException(RecallException.Kind.INTERNAL, "cannot write a bulk request: " + e.getMessage(), e);
        }
        Response r = exchange("POST", path, ndjson.toString(), "application/x-ndjson");
        if (r.status() / 100 != 2) {
            throw failure("POST", path, r);
        }
        if (r.body().path("errors").asBoolean(false)) {
            for (JsonNode item : r.body().path("items")) {
                JsonNode error = item.elements().next().path("error");
                if (!error.isMissingNode()) {
                    throw new RecallException(RecallException.Kind.INTERNAL, "OpenSearch refused a bulk item: "
                            + error.path("type").asText() + ": " + error.path("reason").asText());
                }
            }
        }
        return r.body();
    }

    private record Response(int status, JsonNode body) {}

    private Response exchange(String method, String path, Object body, String contentType) {
        String text;
        try {
            text = body == null ? null : body instanceof String s ? s : json.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new RecallException(RecallException.Kind.INTERNAL, "cannot write a request body: " + e.getMessage(), e);
        }
        IOException last = null;
        int start = preferred;
        for (int i = 0; i < nodes.size(); i++) {
            int n = (start + i) % nodes.size();
            HttpRequest.Builder request = HttpRequest.newBuilder(nodes.get(n).resolve(path)).timeout(timeout)
                    .method(method, text == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(text));
            if (text != null) {
                request.header("Content-Type", contentType);
            }
            if (authorizations.get(n) != null) {
                request.header("Authorization", authorizations.get(n));
            }
            try {
                HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                preferred = n;
                String raw = response.body();
                return new Response(response.statusCode(), raw == null || raw.isEmpty()
                        ? json.createObjectNode() : json.readTree(raw));
            } catch (IOException e) {
                // refused, timed out, or reset mid-exchange (a node dying): the next node may answer. Every request
                // recall sends is a search or idempotent (puts by id, stamps), so sending it again is safe.
                last = e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RecallException(RecallException.Kind.INTERNAL, "interrupted while asking OpenSearch", e);
            }
        }
        throw new RecallException(RecallException.Kind.INTERNAL, "no OpenSearch node answered " + method + " " + path
                + " (tried " + nodes + "): " + (last == null ? "" : last.getClass().getSimpleName() + " "
                + last.getMessage()), last);
    }

    private static RecallException failure(String method, String path, Response r) {
        JsonNode error = r.body().path("error");
        String reason = error.isTextual() ? error.asText()
                : error.path("type").asText() + ": " + error.path("reason").asText();
        return new RecallException(RecallException.Kind.INTERNAL, "OpenSearch answered " + r.status() + " to " + method
                + " " + path + ": " + reason);
    }
}
