package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The archive as people browse it: sessions listed with their size and first question, and the marks that take a
 * session out of search (trashed, automated). Marking revokes the provenance of the entries the session anchors,
 * in the same transaction: knowledge whose source was thrown away or was a machine's run is no longer trusted.
 */
public final class SessionCatalog {
    /** Provenance reasons recorded on entries whose source session was marked. */
    public static final String TRASHED = "source_session_trashed";
    public static final String AUTOMATED = "source_session_automated";

    /** Why a session leaves search. */
    public enum Mark {
        TRASHED("trashed", SessionCatalog.TRASHED),
        AUTOMATED("automated", SessionCatalog.AUTOMATED);

        private final String column;
        private final String reason;

        Mark(String column, String reason) {
            this.column = column;
            this.reason = reason;
        }

        public String label() {
            return column;
        }

        public String reason() {
            return reason;
        }
    }

    /** What marking did: whether the session changed, and the entries whose provenance it revoked. */
    public record Marked(String sessionId, Mark mark, boolean changed, List<String> revokedEntries) {}

    private static final String SUMMARY = """
            SELECT s.*, (SELECT count(*) FROM messages m WHERE m.session_id = s.id) AS message_count,
                   (SELECT m.text FROM messages m WHERE m.session_id = s.id AND m.role = 'user'
                     ORDER BY m.ordinal LIMIT 1) AS first_user
            FROM sessions s""";

    private final Database db;

    public SessionCatalog(Database db) {
        this.db = db;
    }

    /** Newest first (start time, then id). */
    public List<SessionSummary> list(SessionFilter filter, int limit, int offset) {
        return db.read(c -> {
            List<Object> args = new ArrayList<>();
            String sql = SUMMARY + " WHERE " + filter.sql(args)
                    + " ORDER BY coalesce(s.started_at, s.created_at) DESC, s.id LIMIT ? OFFSET ?";
            args.add(limit);
            args.add(offset);
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                Entries.bind(ps, args);
                List<SessionSummary> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(summary(rs));
                    }
                }
                return out;
            }
        });
    }

    public long count(SessionFilter filter) {
        return db.read(c -> {
            List<Object> args = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM sessions s WHERE " + filter.sql(args))) {
                Entries.bind(ps, args);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    public Optional<SessionSummary> summary(String id) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(SUMMARY + " WHERE s.id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(summary(rs)) : Optional.empty();
                }
            }
        });
    }

    /**
     * Marks a session trashed or automated and revokes the provenance of every entry it is the source of, in one
     * transaction. Marking again changes nothing and revokes nothing more.
     */
    public Optional<Marked> mark(String id, Mark mark, Instant at) {
        return db.inTransaction(c -> {
            Optional<Session> session = Sessions.get(c, id);
            if (session.isEmpty()) {
                return Optional.empty();
            }
            boolean changed;
            try (PreparedStatement ps = c.prepareStatement("UPDATE sessions SET " + mark.column + " = 1,"
                    + " updated_at = ? WHERE id = ? AND " + mark.column + " = 0")) {
                ps.setString(1, Times.format(at));
                ps.setString(2, id);
                changed = ps.executeUpdate() == 1;
            }
            List<String> revoked = new ArrayList<>();
            for (String entry : anchoredEntries(c, id)) {
                if (Entries.revokeProvenance(c, entry, mark.reason(), at)) {
                    revoked.add(entry);
                }
            }
            return Optional.of(new Marked(id, mark, changed, revoked));
        });
    }

    /** Entries whose source is the session or whose evidence anchors in it. */
    private static List<String> anchoredEntries(Connection c, String sessionId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT id FROM recall_entries WHERE source_session_id = ?
                UNION SELECT entry_id FROM recall_evidence WHERE session_id = ? ORDER BY 1""")) {
            ps.setString(1, sessionId);
            ps.setString(2, sessionId);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        }
    }

    private static SessionSummary summary(ResultSet rs) throws SQLException {
        return new SessionSummary(Sessions.map(rs), rs.getInt("message_count"), rs.getString("first_user"),
                rs.getInt("trashed") == 1, rs.getInt("automated") == 1);
    }
}
