package dev.recall.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The members of a team's recall service (table service_members): who may present a bearer token to the daemon,
 * and with which role. Only a token's SHA-256 is stored.
 */
public final class ServiceMembers {
    /** What a member's token may do: read the team's corpus, or everything the daemon's own token may. */
    public enum Role {
        MEMBER, ADMIN;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One member; {@code revokedAt} is null while the token is valid. */
    public record Member(String name, Role role, Instant createdAt, Instant revokedAt) {
        public boolean active() {
            return revokedAt == null;
        }
    }

    private final Database db;

    public ServiceMembers(Database db) {
        this.db = db;
    }

    /** Adds a member; a name already taken (even by a revoked member) is a conflict, and nothing is written. */
    public Member add(String name, Role role, String tokenSha256, Instant now) {
        return db.inTransaction(c -> {
            if (Rows.count(c, "SELECT count(*) FROM service_members WHERE name = ?", name) > 0) {
                throw new RecallException(RecallException.Kind.CONFLICT, "there is already a member named '" + name
                        + "'");
            }
            Rows.update(c, "INSERT INTO service_members (name, role, token_sha256, created_at) VALUES (?, ?, ?, ?)",
                    name, role.label(), tokenSha256, Times.format(now));
            return new Member(name, role, now, null);
        });
    }

    /** The active member holding the token of this digest. */
    public Optional<Member> byToken(String tokenSha256) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT name, role, created_at, revoked_at"
                    + " FROM service_members WHERE token_sha256 = ? AND revoked_at IS NULL")) {
                ps.setString(1, tokenSha256);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(member(rs)) : Optional.<Member>empty();
                }
            }
        });
    }

    /** Every member, revoked ones included, by name. */
    public List<Member> list() {
        return db.read(c -> {
            List<Member> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT name, role, created_at, revoked_at FROM service_members ORDER BY name");
                    ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(member(rs));
                }
            }
            return out;
        });
    }

    /** Revokes the member's token; false when there is no such active member. */
    public boolean revoke(String name, Instant now) {
        return db.inTransaction(c -> Rows.update(c,
                "UPDATE service_members SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL",
                Times.format(now), name) > 0);
    }

    private static Member member(ResultSet rs) throws SQLException {
        String revoked = rs.getString(4);
        return new Member(rs.getString(1), Role.valueOf(rs.getString(2).toUpperCase(Locale.ROOT)),
                Times.parse(rs.getString(3)), revoked == null ? null : Times.parse(revoked));
    }
}
