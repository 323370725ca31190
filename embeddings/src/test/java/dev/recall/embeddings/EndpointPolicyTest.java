package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.junit.jupiter.api.Test;

class EndpointPolicyTest {

    @Test
    void loopbackIsDecidedFromTheTextAlone() {
        for (String host : new String[] {"127.0.0.1", "127.8.9.10", "localhost", "LOCALHOST", "[::1]", "::1"}) {
            assertTrue(Loopback.host(host), host);
        }
        assertFalse(Loopback.host(null));
        for (String host : new String[] {"192.0.2.1", "10.0.0.1", "128.0.0.1", "127.0.0.1.nip.io",
                "localhost.example.com", "256.0.0.1", "example.com", "[2001:db8::1]", "[::]"}) {
            assertFalse(Loopback.host(host), host);
        }
    }

    @Test
    void embeddingsIsAppendedToTheBasePath() {
        assertEquals(URI.create("https://api.example.com/v1/embeddings"),
                EndpointPolicy.embeddingsUri("https://api.example.com/v1/", false));
        assertEquals(URI.create("http://[::1]:11434/v1/embeddings"),
                EndpointPolicy.embeddingsUri("http://[::1]:11434/v1", false));
        assertEquals(URI.create("http://localhost:8080/embeddings"),
                EndpointPolicy.embeddingsUri("http://localhost:8080", false));
    }

    @Test
    void unsafeOrMalformedUrlsAreRefused() {
        assertThrows(EmbeddingException.class, () -> EndpointPolicy.embeddingsUri("http://example.com/v1", false));
        assertThrows(EmbeddingException.class, () -> EndpointPolicy.embeddingsUri("ftp://127.0.0.1/v1", false));
        assertThrows(EmbeddingException.class, () -> EndpointPolicy.embeddingsUri("https://u:p@example.com", false));
        assertThrows(EmbeddingException.class, () -> EndpointPolicy.embeddingsUri("https://example.com/v1?x=1", false));
        assertThrows(EmbeddingException.class, () -> EndpointPolicy.embeddingsUri("not a url", false));
        assertThrows(EmbeddingException.class, () -> EndpointPolicy.embeddingsUri(null, false));
        assertEquals(URI.create("http://example.com/v1/embeddings"),
                EndpointPolicy.embeddingsUri("http://example.com/v1", true));
    }
}
