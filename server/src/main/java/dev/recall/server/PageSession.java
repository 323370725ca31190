package dev.recall.server;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How the web page carries the daemon's token and proves its writes are its own. A daemon that needs the token
 * hands it to the page once (the page reads it from the link's fragment, which no server or log ever sees, and
 * sends it as a bearer token to the session route); the answer sets it as an HttpOnly, SameSite=Strict cookie
 * named for the port, so scripts cannot read it and other sites' requests do not carry it. Every request the page
 * makes carries the CSRF value, an HMAC of the token that only a reader of the session route's answer learns: a
 * cookie authenticates nothing without it, and no write a browser sends is served without it.
 */
final class PageSession {
    static final String CSRF_HEADER = "X-Recall-CSRF";
    private static final String COOKIE_PREFIX = "recall_session_";

    private final byte[] token;
    private final String csrf;

    PageSession(String token) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(this.token, "HmacSHA256"));
            this.csrf = Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(mac.doFinal("recall-page-csrf".getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
        }
    }

    String csrf() {
        return csrf;
    }

    boolean csrfMatches(String header) {
        return header != null && MessageDigest.isEqual(header.strip().getBytes(StandardCharsets.UTF_8),
                csrf.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether the Cookie header holds this daemon's session cookie with the right token. */
    boolean cookieMatches(String cookieHeader, int port) {
        if (cookieHeader == null) {
            return false;
        }
        String name = COOKIE_PREFIX + port + "=";
        for (String part : cookieHeader.split(";")) {
            String p = part.strip();
            if (p.startsWith(name)) {
                return MessageDigest.isEqual(p.substring(name.length()).getBytes(StandardCharsets.UTF_8), token);
            }
        }
        return false;
    }

    /** The Set-Cookie value that stores the token for this daemon's port. */
    String setCookie(int port) {
        return COOKIE_PREFIX + port + "=" + new String(token, StandardCharsets.UTF_8)
                + "; Path=/; HttpOnly; SameSite=Strict";
    }
}
