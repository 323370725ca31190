package dev.recall.embeddings;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Decides whether an embedding endpoint may be used, from its URL alone and before any
 * connection: text sent for embedding is the user's private data, so plain http is only
 * accepted to this machine unless the user explicitly allows it.
 */
final class EndpointPolicy {

    private EndpointPolicy() {}

    /** The {@code /embeddings} URL under {@code baseUrl}, or an error saying why not. */
    static URI embeddingsUri(String baseUrl, boolean allowHttp) {
        if (baseUrl == null || baseUrl.isBlank()) {
            throw new EmbeddingException("embedding kind HTTP needs a base_url");
        }
        URI base;
        try {
            base = new URI(baseUrl.trim());
        } catch (URISyntaxException e) {
            throw new EmbeddingException("embedding base_url '" + baseUrl + "' is not a URL: "
                    + e.getMessage(), e);
        }
        String scheme = base.getScheme() == null ? "" : base.getScheme().toLowerCase(Locale.ROOT);
        String host = base.getHost();
        if (host == null || host.isEmpty()) {
            throw new EmbeddingException("embedding base_url '" + baseUrl + "' has no host");
        }
        if (base.getRawUserInfo() != null) {
            throw new EmbeddingException("embedding base_url '" + redacted(base)
                    + "' carries credentials; put the API key in the environment variable named"
                    + " by api_key_env instead");
        }
        if (base.getRawQuery() != null || base.getRawFragment() != null) {
            throw new EmbeddingException("embedding base_url '" + baseUrl
                    + "' must not have a query or fragment; /embeddings is appended to its path");
        }
        switch (scheme) {
            case "https" -> { }
            case "http" -> {
                if (!allowHttp && !Loopback.host(host)) {
                    throw new EmbeddingException("refusing plain http to " + host
                            + " (embedding base_url '" + baseUrl + "'): the text would cross the"
                            + " network unencrypted; use https, or set allow_http = true");
                }
            }
            default -> throw new EmbeddingException("embedding base_url '" + baseUrl
                    + "' must start with https:// (or http:// for a loopback host)");
        }
        String path = base.getRawPath() == null ? "" : base.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return URI.create(scheme + "://" + base.getRawAuthority() + path + "/embeddings");
    }

    static boolean isLoopback(URI uri) {
        return Loopback.host(uri.getHost());
    }

    private static String redacted(URI uri) {
        return uri.getScheme() + "://***@" + uri.getHost();
    }
}
