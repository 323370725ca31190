package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ledger of agents' tool calls (MCP tools, the prompt-time hook): one append-only row per call, failures
 * included. A call that searched links to the query event it recorded.
 */
public final class ToolCalls {
    /**
     * @param errorKind the failure's kind (invalid, rejected, stale, not_found...), or null when it answered
     * @param resultCount how many results it returned, or null when that means nothing for the tool
     * @param queryEventId the query event it recorded, or null
     */
    public record Call(String surface, String tool, boolean ok, String errorKind, Integer resultCount,
            Long queryEventId, long elapsedMillis) {}

    private final Database db;

    public ToolCalls(Database db) {
        this.db = db;
    }

    /**
     * Appends the call. While a deferring store check runs (the daemon's, at start) it is queued behind its query's
     * event and written once the check passes ({@link WriteCheck}), so the agent's answer does not wait for it.
     */
    public void record(Call call, Instant at) {
        Database.Work<Void> append = c -> insert(c, call, at);
        if (!db.writeCheck().defer(append)) {
            db.inTransaction(append);
        }
    }

    private static Void insert(Connection c, Call call, Instant at) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO recall_tool_calls (created_at, surface, tool, ok, error_kind, result_count,
                    query_event_id, elapsed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""")) {
            ps.setString(1, Times.format(at));
            ps.setString(2, call.surface());
            ps.setString(3, call.tool());
            ps.setInt(4, call.ok() ? 1 : 0);
            ps.setString(5, call.errorKind());
            ps.setObject(6, call.resultCount());
            ps.setObject(7, call.queryEventId());
            ps.setLong(8, Math.max(0, call.elapsedMillis()));
            ps.executeUpdate();
        }
        return null;
    }

    /** Calls per surface and tool ("mcp recall_query"), and how many of them failed. */
    public Map<String, long[]> counts() {
        return db.read(c -> {
            Map<String, long[]> out = new LinkedHashMap<>();
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT surface, tool, count(*), sum(1 - ok) FROM recall_tool_calls GROUP BY surface, tool"
                            + " ORDER BY surface, tool")) {
                while (rs.next()) {
                    out.put(rs.getString(1) + " " + rs.getString(2), new long[] {rs.getLong(3), rs.getLong(4)});
                }
            }
            return out;
        });
    }
}
