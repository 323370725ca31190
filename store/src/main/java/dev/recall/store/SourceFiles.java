package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/** Sync's bookkeeping per transcript source (table source_files): how far each one has been read. */
public final class SourceFiles {
    private final Database db;

    public SourceFiles(Database db) {
        this.db = db;
    }

    public Optional<SourceFileState> get(String path) {
        return db.read(c -> get(c, path));
    }

    private static Optional<SourceFileState> get(Connection c, String path) throws SQLException {
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

    /** Records where a source now stands (one transaction, or the caller's). */
    public void save(SourceFileState s, Instant now) {
        db.inTransaction(c -> {
            save(c, s, now);
            return null;
        });
    }

    private static void save(Connection c, SourceFileState s, Instant now) throws SQLException {
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
            ps.setString(1, s.path());
            ps.setString(2, s.agent());
            ps.setString(3, s.sessionId());
            ps.setLong(4, s.size());
            ps.setLong(5, s.mtimeMs());
            ps.setLong(6, s.byteOffset());
            ps.setLong(7, s.headLength());
            ps.setString(8, s.headDigest());
            ps.setLong(9, s.lines());
            ps.setInt(10, s.parsedMessages());
            ps.setInt(11, s.malformedLines());
            ps.setInt(12, s.rereads());
            ps.setString(13, s.carry());
            ps.setString(14, s.status());
            ps.setString(15, s.note());
            ps.setString(16, Times.format(now));
            ps.executeUpdate();
        }
    }
}
