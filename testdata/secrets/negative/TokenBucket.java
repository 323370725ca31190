package dev.acme.ratelimit;

import java.time.Duration;
import java.util.UUID;

/** A token bucket: tokens refill at a fixed rate up to the capacity. */
public final class TokenBucket {
    private static final long MAX_TOKENS = 10_000L;
    private static final String SECRET_HEADER = "X-Acme-Signature";
    private final UUID id = UUID.fromString("3f2a1b0c-9d8e-4f6a-8b4c-3d2e1f0a9b8c");
    private long tokens;
    private String password;
    private final char[] passwordChars = new char[0];

    public boolean tryConsume(int tokenCount) {
        if (tokens < tokenCount) {
            return false;
        }
        tokens -= tokenCount;
        return true;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    String authHeader(String token) {
        return "Bearer " + token;
    }

    Duration refill() {
        String apiKey = System.getenv("ACME_API_KEY");
        String secretKey = config.get("secret_key");
        return Duration.ofMillis(apiKey.length() + secretKey.length());
    }
}
