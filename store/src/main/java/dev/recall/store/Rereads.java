package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The append-only log of transcripts that were read again from the start (table session_rereads). Evidence anchored
 * in a re-read session should be verified again: keep the last event id seen and ask for what came after it.
 */
public final class Rereads {

    /** Why the file was read again. */
    public enum Reason {
        SHRUNK, HEAD_CHANGED, REWRITTEN, REGROWN;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** What the re-read found. */
    public enum Outcome {
        /** Every stored message was found again, unchanged; nothing new. */
        IDENTICAL,
        /** Every stored message was found again, unchanged, and new ones were appended. */
        APPENDED,
        /** The file now holds fewer messages; those it holds match. Nothing stored was removed. */
        TRUNCATED,
        /** A message differs from the stored one; the stored session was left as it was and the file continues in
         * a fork session. */
        DIVERGED;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        static Outcome parse(String s) {
            return valueOf(s.toUpperCase(java.util.Locale.ROOT));
        }
    }

    /** One re-read. */
    public record Event(long id, String sessionId, String sourcePath, String reason, Outcome outcome,
            Integer firstDivergentOrdinal, String forkSessionId, long transcriptRevision, Instant detectedAt) {}

    private final Database db;

    public Rereads(Database db) {
        this.db = db;
    }

    /** Events with an id greater than {@code afterId}, oldest first; pass 0 for all. */
    public List<Event> since(long afterId) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT * FROM session_rereads WHERE id > ? ORDER BY id")) {
                ps.setLong(1, afterId);
                List<Event> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Object ord = rs.getObject("first_divergent_ordinal");
                        out.add(new Event(rs.getLong("id"), rs.getString("session_id"), rs.getString("source_path"),
                                rs.getString("reason"), Outcome.parse(rs.getString("outcome")),
                                ord == null ? null : ((Number) ord).intValue(), rs.getString("fork_session_id"),
                                rs.getLong("transcript_revision"), Times.parse(rs.getString("detected_at"))));
                    }
                }
                return out;
            }
        });
    }

    /** The ids of sessions re-read after {@code afterId}. */
    public Set<String> sessionsSince(long afterId) {
        Set<String> out = new LinkedHashSet<>();
        since(afterId).forEach(e -> out.add(e.sessionId()));
        return out;
    }

    /** Logs a re-read (one transaction, or the caller's); returns its event id. */
    public long record(String sessionId, String path, Reason reason, Outcome outcome, Integer divergentOrdinal,
            String storedDigest, String foundDigest, String fork, long revision, Instant now) {
        return db.inTransaction(c -> record(c, sessionId, path, reason, outcome, divergentOrdinal, storedDigest,
                foundDigest, fork, revision, now));
    }

    private static long record(Connection c, String sessionId, String path, Reason reason, Outcome outcome,
            Integer divergentOrdinal, String storedDigest, String foundDigest, String fork, long revision,
            Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO session_rereads (session_id, source_path, reason, outcome, first_divergent_ordinal,
                                             stored_digest, found_digest, fork_session_id, transcript_revision,
                                             detected_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", java.sql.Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, sessionId);
            ps.setString(2, path);
            ps.setString(3, reason.id());
            ps.setString(4, outcome.id());
            if (divergentOrdinal == null) {
                ps.setNull(5, java.sql.Types.INTEGER);
            } else {
                ps.setInt(5, divergentOrdinal);
            }
            ps.setString(6, storedDigest);
            ps.setString(7, foundDigest);
            ps.setString(8, fork);
            ps.setLong(9, revision);
            ps.setString(10, Times.format(now));
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                return keys.next() ? keys.getLong(1) : 0;
            }
        }
    }
}
