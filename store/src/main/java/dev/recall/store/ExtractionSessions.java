package dev.recall.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Per-session extraction state (V3): which sessions a generation has looked at, and what came of it. */
public final class ExtractionSessions {
    private final Database db;

    public ExtractionSessions(Database db) {
        this.db = db;
    }

    /**
     * Sessions to extract under a generation, oldest first: new ones, changed ones, and failed or ineligible ones
     * (retried); every session when {@code all}; only {@code sessionId} when it is given.
     */
    public List<String> pending(String fingerprint, String sessionId, boolean all, int limit) {
        return db.read(c -> {
            String sql = """
                    SELECT s.id FROM sessions s
                    LEFT JOIN extraction_sessions e ON e.session_id = s.id AND e.fingerprint = ?
                    WHERE (? = 1 OR e.session_id IS NULL OR e.status <> 'done'
                           OR e.transcript_revision < s.transcript_revision)"""
                    + (sessionId == null ? "" : " AND s.id = ?")
                    + " ORDER BY coalesce(s.started_at, s.created_at), s.id LIMIT ?";
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                int i = 1;
                ps.setString(i++, fingerprint);
                ps.setInt(i++, all ? 1 : 0);
                if (sessionId != null) {
                    ps.setString(i++, sessionId);
                }
                ps.setInt(i, limit);
                List<String> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
                return out;
            }
        });
    }

    /** Records what came of a session ({@link ExtractionSession#DONE}, FAILED or INELIGIBLE). */
    public void record(String fingerprint, String sessionId, String status, String reason, int entryCount,
            long transcriptRevision, Instant now) {
        db.inTransaction(c -> Rows.update(c, """
                INSERT INTO extraction_sessions (fingerprint, session_id, status, reason, entry_count,
                                                 transcript_revision, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (fingerprint, session_id) DO UPDATE SET status = excluded.status,
                  reason = excluded.reason, entry_count = excluded.entry_count,
                  transcript_revision = excluded.transcript_revision, updated_at = excluded.updated_at""",
                fingerprint, sessionId, status, reason, entryCount, transcriptRevision, Times.format(now)));
    }

    /** The state of every session under a generation, by session id; sessions never looked at are absent. */
    public Map<String, ExtractionSession> states(String fingerprint) {
        return db.read(c -> {
            Map<String, ExtractionSession> out = new LinkedHashMap<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT e.*, s.transcript_revision AS current_revision FROM extraction_sessions e
                    JOIN sessions s ON s.id = e.session_id WHERE e.fingerprint = ? ORDER BY e.session_id""")) {
                ps.setString(1, fingerprint);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        boolean stale = rs.getLong("transcript_revision") < rs.getLong("current_revision");
                        out.put(rs.getString("session_id"), new ExtractionSession(rs.getString("session_id"),
                                stale ? ExtractionSession.PENDING : rs.getString("status"), rs.getString("reason"),
                                rs.getInt("entry_count"), rs.getLong("transcript_revision"),
                                Times.parse(rs.getString("updated_at"))));
                    }
                }
            }
            return out;
        });
    }
}
