package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The session archive: sessions and their messages. The archive is the authority and is never rewritten. */
public final class Sessions {
    private final Database db;

    public Sessions(Database db) {
        this.db = db;
    }

    public Optional<Session> get(String id) {
        return db.read(c -> get(c, id));
    }

    static Optional<Session> get(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM sessions WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(map(rs)) : Optional.empty();
            }
        }
    }

    public List<Session> list(String project, int limit) {
        return db.read(c -> {
            String sql = "SELECT * FROM sessions" + (project == null ? "" : " WHERE project = ?")
                    + " ORDER BY coalesce(started_at, created_at) DESC, id LIMIT ?";
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                int i = 1;
                if (project != null) {
                    ps.setString(i++, project);
                }
                ps.setInt(i, limit);
                List<Session> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(map(rs));
                    }
                }
                return out;
            }
        });
    }

    /** Inserts a session row; the caller owns the transaction. */
    static void insert(Connection c, Session s) throws SQLException {
        String now = Times.format(Instant.now());
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO sessions (id, agent, project, cwd, git_branch, started_at, ended_at, source_kind,
                                      source_path, transcript_revision, created_at, updated_at, model)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            ps.setString(1, s.id());
            ps.setString(2, s.agent());
            ps.setString(3, s.project());
            ps.setString(4, s.cwd());
            ps.setString(5, s.gitBranch());
            ps.setString(6, Times.format(s.startedAt()));
            ps.setString(7, Times.format(s.endedAt()));
            ps.setString(8, s.sourceKind());
            ps.setString(9, s.sourcePath());
            ps.setLong(10, s.transcriptRevision());
            ps.setString(11, now);
            ps.setString(12, now);
            ps.setString(13, s.model());
            ps.executeUpdate();
        }
    }

    /** Appends messages to a session; the caller owns the transaction. */
    static void insertMessages(Connection c, List<Message> messages) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO messages (session_id, ordinal, role, text, tool_name, tool_input, source_uuid,
                                      timestamp, content_digest)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            for (Message m : messages) {
                ps.setString(1, m.sessionId());
                ps.setInt(2, m.ordinal());
                ps.setString(3, m.role());
                ps.setString(4, m.text());
                ps.setString(5, m.toolName());
                ps.setString(6, m.toolInput());
                ps.setString(7, m.sourceUuid());
                ps.setString(8, Times.format(m.timestamp()));
                ps.setString(9, m.contentDigest());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** Inserts a session (one transaction, or the caller's). */
    public void insert(Session s) {
        insert(s, List.of());
    }

    /** Inserts a session and its messages (one transaction, or the caller's). */
    public void insert(Session s, List<Message> messages) {
        db.inTransaction(c -> {
            insert(c, s);
            insertMessages(c, messages);
            return null;
        });
    }

    /**
     * Sessions whose cwd is one of the dirs or inside it, most recent first, leaving out trashed ones and subagent
     * sessions (their parent session speaks for them).
     */
    public List<Session> under(java.util.Collection<String> dirs, int limit) {
        return db.read(c -> {
            StringBuilder where = new StringBuilder();
            List<Object> args = new ArrayList<>();
            for (String d : dirs) {
                String prefix = d.endsWith("/") ? d : d + "/";
                where.append(where.isEmpty() ? "" : " OR ").append("cwd = ? OR substr(cwd, 1, ?) = ?");
                args.add(d);
                args.add(prefix.length());
                args.add(prefix);
            }
            args.add(limit);
            String sql = "SELECT * FROM sessions WHERE trashed = 0 AND instr(id, ':agent-') = 0 AND (" + where
                    + ") ORDER BY coalesce(ended_at, started_at, created_at) DESC, id LIMIT ?";
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                Entries.bind(ps, args);
                List<Session> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(map(rs));
                    }
                }
                return out;
            }
        });
    }

    /** How a session is marked: automated (not a person's work), in the trash, or having held secrets. */
    public record Marks(boolean automated, boolean trashed, boolean heldSecrets) {}

    /** The session's marks; a session that does not exist has none. */
    public Marks marks(String id) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT automated, trashed, held_secrets FROM sessions WHERE id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? new Marks(rs.getInt(1) == 1, rs.getInt(2) == 1, rs.getInt(3) == 1)
                            : new Marks(false, false, false);
                }
            }
        });
    }

    public long count() {
        return db.read(c -> Rows.count(c, "SELECT count(*) FROM sessions"));
    }

    public List<Message> messages(String sessionId, int fromOrdinal, int toOrdinal) {
        return db.read(c -> messages(c, sessionId, fromOrdinal, toOrdinal));
    }

    public List<Message> messages(String sessionId) {
        return messages(sessionId, 0, Integer.MAX_VALUE);
    }

    static List<Message> messages(Connection c, String sessionId, int from, int to) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT * FROM messages WHERE session_id = ? AND ordinal BETWEEN ? AND ? ORDER BY ordinal""")) {
            ps.setString(1, sessionId);
            ps.setInt(2, from);
            ps.setInt(3, to);
            List<Message> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(message(rs));
                }
            }
            return out;
        }
    }

    static Message message(ResultSet rs) throws SQLException {
        return new Message(rs.getString("session_id"), rs.getInt("ordinal"), rs.getString("role"),
                rs.getString("text"), rs.getString("tool_name"), rs.getString("tool_input"),
                rs.getString("source_uuid"), Times.parse(rs.getString("timestamp")), rs.getString("content_digest"));
    }

    static Session map(ResultSet rs) throws SQLException {
        return new Session(rs.getString("id"), rs.getString("agent"), rs.getString("project"), rs.getString("cwd"),
                rs.getString("git_branch"), Times.parse(rs.getString("started_at")),
                Times.parse(rs.getString("ended_at")), rs.getString("source_kind"), rs.getString("source_path"),
                rs.getLong("transcript_revision"), rs.getString("model"));
    }
}
