package dev.recall.sessions;

import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import dev.recall.store.Times;
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
 */
final class ArchiveWriter {
    private ArchiveWriter() {}

    /** A message to append with the scan findings of its text and tool input. */
    record Redacted(Message message, List<SecretScanner.Finding> textFindings,
            List<SecretScanner.Finding> inputFindings) {}

    static void createSession(Connection c, Session s) throws SQLException {
        Sessions.insert(c, s);
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

    /** Content digests by ordinal, from {@code from} on. */
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

    static void append(Connection c, List<Redacted> messages, Instant now) throws SQLException {
        if (messages.isEmpty()) {
            return;
        }
        Sessions.insertMessages(c, messages.stream().map(Redacted::message).toList());
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO secret_findings (session_id, message_ordinal, location, rule, tier, start_offset,
                                             end_offset, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)""")) {
            for (Redacted r : messages) {
                Message m = r.message();
                addFindings(ps, m, "text", r.textFindings(), now);
                addFindings(ps, m, "tool_input", r.inputFindings(), now);
            }
            ps.executeBatch();
        }
    }

    private static void addFindings(PreparedStatement ps, Message m, String field,
            List<SecretScanner.Finding> findings, Instant now) throws SQLException {
        for (SecretScanner.Finding f : findings) {
            ps.setString(1, m.sessionId());
            ps.setInt(2, m.ordinal());
            ps.setString(3, "message " + m.ordinal() + " " + field);
            ps.setString(4, f.rule());
            ps.setString(5, f.tier().id());
            ps.setInt(6, f.start());
            ps.setInt(7, f.end());
            ps.setString(8, Times.format(now));
            ps.addBatch();
        }
    }

    /** The session grew: its end moves forward, its branch follows the transcript, its revision counts up. */
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

    /** Marks that the session's source changed under it; returns the new revision. */
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
