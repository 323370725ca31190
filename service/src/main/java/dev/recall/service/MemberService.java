package dev.recall.service;

import dev.recall.store.Digests;
import dev.recall.store.RecallException;
import dev.recall.store.ServiceMembers;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The members of a team's recall service: the daemon serving a team's data dir authenticates each request by the
 * bearer token a member presents. A token is shown once, when it is made; the store keeps its SHA-256 only, so a
 * copy of the store grants no access. Revoking takes effect on the next request.
 */
public final class MemberService {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,63}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Resources resources;

    MemberService(Resources resources) {
        this.resources = resources;
    }

    /** A member just added, with the token to hand over (it cannot be read back later). */
    public record NewMember(ServiceMembers.Member member, String token) {}

    public NewMember add(String name, ServiceMembers.Role role) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw RecallException.invalid("name", "must be 1 to 64 letters, digits, '.', '_', '@' or '-', starting"
                    + " with a letter or digit, not '" + name + "'");
        }
        String token = newToken();
        return new NewMember(members().add(name, role, digest(token), resources.clock().instant()), token);
    }

    public List<ServiceMembers.Member> list() {
        return members().list();
    }

    public void revoke(String name) {
        if (!members().revoke(name, resources.clock().instant())) {
            throw new RecallException(RecallException.Kind.NOT_FOUND, "there is no active member named '" + name
                    + "'");
        }
    }

    /** The active member holding this token, if any. */
    public Optional<ServiceMembers.Member> authenticate(String token) {
        return members().byToken(digest(token));
    }

    private ServiceMembers members() {
        return new ServiceMembers(resources.database());
    }

    static String digest(String token) {
        return Digests.sha256Hex(token.getBytes(StandardCharsets.UTF_8));
    }

    /** 256 random bits, URL-safe: the same shape as the daemon's own token. */
    private static String newToken() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
