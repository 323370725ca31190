package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The only writes sync makes to the archive: new sessions, messages appended after the last ordinal, findings, and
 * a session's end time, branch and transcript revision moving forward. Nothing stored is ever updated in place.
 * Each step joins the caller's transaction.
 */
public final class ArchiveWriter {
    private final Database db;

    public ArchiveWriter(Database db) {
        this.db = db;
    }

    public void createSession(Session s) {
        db.inTransaction(c -> {
            Sessions.insert(c, s);
            return null;
        });
    }

    /** Appends messages (already redacted) with what the scan found in them. */
    public void append(List<Message> messages, List<SecretFindings.New> findings, Instant now) {
        if (messages.isEmpty()) {
            return;
        }
        db.inTransaction(c -> {
            Sessions.insertMessages(c, messages);
            SecretFindings.insert(c, findings, null, now);
            return null;
        });
    }


    public int messageCount(String sessionId) {
        return db.read(c -> messageCount(c, sessionId));
    }

    /** Content digests by ordinal, from {@code from} on. */
    public List<String> digests(String sessionId, int from) {
        return db.read(c -> digests(c, sessionId, from));
    }

    /** The session grew: its end moves forward, its branch follows the transcript, its revision counts up. */
    public void grew(String sessionId, Instant startedAt, Instant endedAt, String cwd, String branch,
            String model, Instant now) {
        db.inTransaction(c -> {
            grew(c, sessionId, startedAt, endedAt, cwd, branch, model, now);
            return null;
        });
    }

    /** Marks that the session's source changed under it; returns the new revision. */
    public long bumpRevision(String sessionId, Instant now) {
        return db.inTransaction(c -> bumpRevision(c, sessionId, now));
    }

    public long revision(String sessionId) {
        return db.read(c -> revision(c, sessionId));
    }

    public boolean sessionExists(String id) {
        return db.read(c -> sessionExists(c, id));
    }

    static int messageCount(Connection c, String sessionId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT coalesce(max(ordinal) + 1, 0) FROM messages WHERE session_id = ?")) {
            ps.setString(1, sessionId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        }
    }

    static List<String> digests(Connection c, String sessionId, int from) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT content_digest FROM messages WHERE session_id = ? AND ordinal >= ? ORDER BY ordinal")) {
            ps.setString(1, sessionId);
            ps.setInt(2, from);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        }
    }

    static void grew(Connection c, String sessionId, Instant startedAt, Instant endedAt, String cwd, String branch,
            String model, Instant now) throws SQLException {
        String end = Times.format(endedAt);
        try (PreparedStatement ps = c.prepareStatement("""
                UPDATE sessions SET
                  started_at = coalesce(started_at, ?),
                  ended_at = CASE WHEN ? IS NOT NULL AND (ended_at IS NULL OR ? > ended_at) THEN ? ELSE ended_at END,
                  cwd = coalesce(cwd, ?),
                  git_branch = coalesce(?, git_branch),
                  model = coalesce(?, model),
                  transcript_revision = transcript_revision + 1,
                  updated_at = ?
                WHERE id = ?""")) {
            ps.setString(1, Times.format(startedAt));
            ps.setString(2, end);
            ps.setString(3, end);
            ps.setString(4, end);
            ps.setString(5, cwd);
            ps.setString(6, branch);
            ps.setString(7, model);
            ps.setString(8, Times.format(now));
            ps.setString(9, sessionId);
            ps.executeUpdate();
        }
    }

    static long bumpRevision(Connection c, String sessionId, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE sessions SET transcript_revision = transcript_revision + 1, updated_at = ? WHERE id = ?")) {
            ps.setString(1, Times.format(now));
            ps.setString(2, sessionId);
            ps.executeUpdate();
        }
        return revision(c, sessionId);
    }

    static long revision(Connection c, String sessionId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT transcript_revision FROM sessions WHERE id = ?")) {
            ps.setString(1, sessionId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    static boolean sessionExists(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM sessions WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
