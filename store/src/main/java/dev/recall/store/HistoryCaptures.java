package dev.recall.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;

/** How far each history.md has captured each session (table history_captures), so a capture only appends. */
public final class HistoryCaptures {
    private final Database db;

    public HistoryCaptures(Database db) {
        this.db = db;
    }

    /** The last message ordinal of the session that history file holds; -1 when it holds none. */
    public int lastOrdinal(String historyPath, String sessionId) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT last_ordinal FROM history_captures WHERE history_path = ? AND session_id = ?")) {
                ps.setString(1, historyPath);
                ps.setString(2, sessionId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getInt(1) : -1;
                }
            }
        });
    }

    public void remember(String historyPath, String sessionId, int lastOrdinal, Instant now) {
        db.inTransaction(c -> Rows.update(c, """
                INSERT INTO history_captures (history_path, session_id, last_ordinal, updated_at)
                VALUES (?, ?, ?, ?)
                ON CONFLICT (history_path, session_id) DO UPDATE SET last_ordinal = excluded.last_ordinal,
                  updated_at = excluded.updated_at""", historyPath, sessionId, lastOrdinal, Times.format(now)));
    }

    /** Forgets what a history file held (it was deleted or replaced): the next capture starts over. */
    public void forget(String historyPath) {
        db.inTransaction(c -> Rows.update(c, "DELETE FROM history_captures WHERE history_path = ?", historyPath));
    }
}
