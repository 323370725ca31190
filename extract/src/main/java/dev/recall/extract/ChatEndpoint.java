package dev.recall.extract;

import dev.recall.embeddings.Loopback;
import dev.recall.sessions.SecretScanner;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * The transport to an OpenAI-compatible chat endpoint, with recall's rules: plain http only to a loopback host
 * unless the user allowed it, no redirects, a timeout, the API key only from the named environment variable, and
 * the exact bytes about to be sent scanned for secrets first. Every rule fails closed, before connecting.
 */
final class ChatEndpoint implements AutoCloseable {
    private static final int MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

    private final ExtractConfig.Endpoint config;
    private final Function<String, String> env;
    private final SecretScanner scanner;
    private HttpClient client;

    ChatEndpoint(ExtractConfig.Endpoint config, Function<String, String> env, SecretScanner scanner) {
        this.config = config;
        this.env = env;
        this.scanner = scanner;
    }

    /** The transport rules that can be checked without a request: scheme, host, key. */
    void checkTransport() throws Extractor.ExtractionFailure {
        URI url = config.chatUrl();
        if ("http".equalsIgnoreCase(url.getScheme()) && !Loopback.host(url.getHost()) && !config.allowHttp()) {
            throw new Extractor.ExtractionFailure("transport_refused", "refusing plain http to non-loopback host "
                    + url.getHost() + ": use https, or set allow_http = true in [recall.extract]");
        }
        apiKey();
    }

    private String apiKey() throws Extractor.ExtractionFailure {
        if (config.apiKeyEnv() == null) {
            return null;
        }
        String key = env.apply(config.apiKeyEnv());
        if (key == null || key.isBlank()) {
            throw new Extractor.ExtractionFailure("api_key_missing", "environment variable " + config.apiKeyEnv()
                    + " (api_key_env) is not set");
        }
        return key.strip();
    }

    /** Posts one request body and returns the response body; nothing is sent if a rule or the scan objects. */
    String post(String body) throws Extractor.ExtractionFailure {
        checkTransport();
        var findings = scanner.scan(body).findings();
        if (!findings.isEmpty()) {
            throw new Extractor.ExtractionFailure("secret_in_request", "the request text contains "
                    + findings.size() + " secret finding(s) (" + findings.getFirst().rule() + "); nothing was sent");
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(config.chatUrl())
                .timeout(config.timeout())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        String key = apiKey();
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        HttpResponse<InputStream> response;
        try {
            response = client().send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (HttpTimeoutException e) {
            throw new Extractor.ExtractionFailure("timeout", "no answer from " + config.chatUrl() + " within "
                    + config.timeout().toSeconds() + "s", e);
        } catch (IOException e) {
            throw new Extractor.ExtractionFailure("endpoint_unreachable", "cannot reach " + config.chatUrl() + ": "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Extractor.ExtractionFailure("interrupted", "interrupted while waiting for the endpoint", e);
        }
        String text = read(response);
        int status = response.statusCode();
        if (status >= 300 && status < 400) {
            throw new Extractor.ExtractionFailure("redirect_refused", "the endpoint answered " + status
                    + " (redirect to " + response.headers().firstValue("Location").orElse("?")
                    + "); redirects are refused");
        }
        if (status < 200 || status >= 300) {
            throw new Extractor.ExtractionFailure("endpoint_error", "the endpoint answered " + status + ": "
                    + Texts.bound(text, 300));
        }
        return text;
    }

    private static String read(HttpResponse<InputStream> response) throws Extractor.ExtractionFailure {
        try (InputStream in = response.body()) {
            byte[] bytes = in.readNBytes(MAX_RESPONSE_BYTES + 1);
            if (bytes.length > MAX_RESPONSE_BYTES) {
                throw new Extractor.ExtractionFailure("response_too_large", "the endpoint's answer exceeds "
                        + MAX_RESPONSE_BYTES + " bytes");
            }
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new Extractor.ExtractionFailure("endpoint_unreachable", "reading the endpoint's answer failed: "
                    + e.getMessage(), e);
        }
    }

    private HttpClient client() {
        if (client == null) {
            HttpClient.Builder b = HttpClient.newBuilder()
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .connectTimeout(config.timeout());
            if (Loopback.host(config.chatUrl().getHost())) {
                b.proxy(HttpClient.Builder.NO_PROXY); // loopback traffic never goes through a proxy
            } else {
                b.proxy(ProxySelector.getDefault());
            }
            client = b.build();
        }
        return client;
    }

    @Override
    public void close() {
        if (client != null) {
            client.close();
            client = null;
        }
    }
}
