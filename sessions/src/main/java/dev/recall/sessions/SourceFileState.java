package dev.recall.sessions;

import dev.recall.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/** How far recall has read one transcript file (table source_files). */
record SourceFileState(
        String path,
        String agent,
        String sessionId,
        long size,
        long mtimeMs,
        long byteOffset,
        long headLength,
        String headDigest,
        long lines,
        int parsedMessages,
        int malformedLines,
        int rereads,
        String carry,
        String status,
        String note) {

    static final String OK = "ok";
    static final String CONFLICT = "conflict";

    static Optional<SourceFileState> get(Connection c, String path) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM source_files WHERE path = ?")) {
            ps.setString(1, path);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new SourceFileState(rs.getString("path"), rs.getString("agent"),
                        rs.getString("session_id"), rs.getLong("size"), rs.getLong("mtime_ms"),
                        rs.getLong("byte_offset"), rs.getLong("head_length"), rs.getString("head_digest"),
                        rs.getLong("lines"), rs.getInt("parsed_messages"), rs.getInt("malformed_lines"),
                        rs.getInt("rereads"), rs.getString("carry"), rs.getString("status"), rs.getString("note")));
            }
        }
    }

    void save(Connection c, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO source_files (path, agent, session_id, size, mtime_ms, byte_offset, head_length,
                                          head_digest, lines, parsed_messages, malformed_lines, rereads, carry,
                                          status, note, last_sync_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (path) DO UPDATE SET agent = excluded.agent, session_id = excluded.session_id,
                  size = excluded.size, mtime_ms = excluded.mtime_ms, byte_offset = excluded.byte_offset,
                  head_length = excluded.head_length, head_digest = excluded.head_digest, lines = excluded.lines,
                  parsed_messages = excluded.parsed_messages, malformed_lines = excluded.malformed_lines,
                  rereads = excluded.rereads, carry = excluded.carry, status = excluded.status,
                  note = excluded.note, last_sync_at = excluded.last_sync_at""")) {
            ps.setString(1, path);
            ps.setString(2, agent);
            ps.setString(3, sessionId);
            ps.setLong(4, size);
            ps.setLong(5, mtimeMs);
            ps.setLong(6, byteOffset);
            ps.setLong(7, headLength);
            ps.setString(8, headDigest);
            ps.setLong(9, lines);
            ps.setInt(10, parsedMessages);
            ps.setInt(11, malformedLines);
            ps.setInt(12, rereads);
            ps.setString(13, carry);
            ps.setString(14, status);
            ps.setString(15, note);
            ps.setString(16, Times.format(now));
            ps.executeUpdate();
        }
    }
}
