package dev.recall.embeddings;

import dev.recall.store.Digests;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * An OpenAI-compatible {@code POST {base_url}/embeddings} endpoint.
 *
 * <p>Everything the endpoint returns is checked before use: one vector per input, the expected
 * width (configured, else the first one seen), finite components, non-zero norm. Vectors are
 * normalised here even if the endpoint already did, so every embedder's output is comparable.
 */
final class HttpEmbedder implements Embedder {

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final int ERROR_BODY_CHARS = 300;
    /** The endpoint decides how it runs texts; this counts changes in what recall sends (batches of texts). */
    static final int RECIPE_VERSION = 1;

    private final URI endpoint;
    private final String model;
    private final String apiKey;
    private final String queryPrefix;
    private final int batchSize;
    private final Duration timeout;
    private final int configuredDimensions;
    private final EmbeddingsJson json = new EmbeddingsJson();
    private final HttpClient client;
    /** The configured width, or the first one seen; 0 until known. */
    private volatile int dimensions;

    /**
     * @param environment looks up environment variables; the API key is read only through it
     */
    HttpEmbedder(EmbeddingConfig config, Function<String, String> environment) {
        this.endpoint = EndpointPolicy.embeddingsUri(config.baseUrl(), config.allowHttp());
        if (config.httpModel() == null || config.httpModel().isBlank()) {
            throw new EmbeddingException("embedding endpoint " + endpoint + " needs a model name");
        }
        this.model = config.httpModel();
        this.apiKey = apiKey(config.apiKeyEnv(), environment);
        this.queryPrefix = config.effectiveQueryPrefix(null);
        this.batchSize = config.batchSize();
        this.timeout = config.timeout();
        this.configuredDimensions = config.dimensions();
        this.dimensions = config.dimensions();
        HttpClient.Builder builder = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(timeout);
        if (EndpointPolicy.isLoopback(endpoint)) {
            // A proxy would carry loopback traffic off the machine.
            builder.proxy(HttpClient.Builder.NO_PROXY);
        }
        if ("http".equals(endpoint.getScheme())) {
            // No h2c upgrade dance: several small local servers mishandle it.
            builder.version(HttpClient.Version.HTTP_1_1);
        }
        this.client = builder.build();
    }

    @Override
    public EmbedderIdentity identity() {
        return new EmbedderIdentity(model, Digests.sha256Hex(model.getBytes(StandardCharsets.UTF_8)),
                dimensions(), null, 0, queryPrefix, RECIPE_VERSION);
    }

    /** Asks the endpoint once if neither the config nor an earlier answer told the width. */
    @Override
    public int dimensions() {
        if (dimensions == 0) {
            embedDocuments(List.of("dimension probe"));
        }
        return dimensions;
    }

    @Override
    public float[] embedQuery(String query) {
        if (query == null) {
            throw new EmbeddingException("cannot embed a null query");
        }
        return embedDocuments(List.of(queryPrefix == null ? query : queryPrefix + query)).get(0);
    }

    @Override
    public List<float[]> embedDocuments(List<String> documents) {
        for (int i = 0; i < documents.size(); i++) {
            if (documents.get(i) == null) {
                throw new EmbeddingException("cannot embed document " + i + ": it is null");
            }
        }
        List<float[]> vectors = new ArrayList<>(documents.size());
        for (int start = 0; start < documents.size(); start += batchSize) {
            List<String> batch = documents.subList(start, Math.min(documents.size(), start + batchSize));
            float[][] raw = json.vectors(post(batch), batch.size(), endpoint);
            for (int i = 0; i < raw.length; i++) {
                vectors.add(checked(raw[i], start + i));
            }
        }
        return vectors;
    }

    @Override
    public void close() {
        client.close();
    }

    private float[] checked(float[] vector, int input) {
        String what = "embedding endpoint " + endpoint + ", input " + input;
        int expected = dimensions;
        if (expected == 0) {
            synchronized (this) {
                if (dimensions == 0) {
                    dimensions = vector.length;
                }
                expected = dimensions;
            }
        }
        if (vector.length != expected) {
            throw new EmbeddingException(what + ": got a " + vector.length
                    + "-dimensional vector, expected " + expected
                    + (configuredDimensions != 0 ? " (configured)" : " (as first returned)"));
        }
        return Vectors.normalise(vector, what);
    }

    private byte[] post(List<String> inputs) {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(json.request(model, inputs)));
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        HttpResponse<byte[]> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            throw new EmbeddingException("embedding endpoint " + endpoint
                    + " did not answer within " + timeout, e);
        } catch (IOException e) {
            throw new EmbeddingException("cannot reach embedding endpoint " + endpoint + ": "
                    + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddingException("interrupted while waiting for embedding endpoint "
                    + endpoint, e);
        }
        int status = response.statusCode();
        if (status >= 300 && status < 400) {
            String location = response.headers().firstValue("Location").orElse("(no Location)");
            throw new EmbeddingException("embedding endpoint " + endpoint + " answered " + status
                    + " redirecting to " + location + "; redirects are refused, set base_url to"
                    + " the final address if you trust it");
        }
        if (status < 200 || status >= 300) {
            throw new EmbeddingException("embedding endpoint " + endpoint + " answered HTTP "
                    + status + ": " + excerpt(response.body()));
        }
        return response.body();
    }

    private static String apiKey(String variable, Function<String, String> environment) {
        if (variable == null || variable.isEmpty()) {
            return null;
        }
        if (!ENV_NAME.matcher(variable).matches()) {
            // Most likely the key itself was pasted in; do not echo it back.
            throw new EmbeddingException("api_key_env must be the NAME of an environment"
                    + " variable (letters, digits, underscores), not the key itself");
        }
        String value = Objects.requireNonNull(environment, "environment").apply(variable);
        if (value == null || value.isBlank()) {
            throw new EmbeddingException("environment variable " + variable
                    + " (named by api_key_env) is not set or empty");
        }
        return value.strip();
    }

    private static String excerpt(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8).strip();
        return text.length() <= ERROR_BODY_CHARS ? text : text.substring(0, ERROR_BODY_CHARS) + "...";
    }
}
