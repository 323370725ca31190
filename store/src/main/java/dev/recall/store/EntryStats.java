package dev.recall.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/** Counts of entries by each attribute. */
public record EntryStats(
        long total,
        Map<String, Long> byType,
        Map<String, Long> byScope,
        Map<String, Long> byStatus,
        Map<String, Long> byReviewState,
        Map<String, Long> byProject,
        Map<String, Long> byAgent,
        Map<String, Long> byTrusted,
        Map<String, Long> byLifecycle) {

    private static final String TRUSTED = "CASE WHEN status = 'accepted' AND review_state = 'human_reviewed'"
            + " AND transferable = 1 AND provenance_ok = 1 THEN 'trusted' ELSE 'untrusted' END";
    private static final String LIFECYCLE = "CASE WHEN superseded_by_entry_id IS NOT NULL THEN 'superseded'"
            + " WHEN status = 'archived' THEN 'archived'"
            + " WHEN supersedes_entry_id IS NOT NULL THEN 'replacement' ELSE 'current' END";

    public static EntryStats of(Database db) {
        return db.read(c -> new EntryStats(
                groups(c, "'all'").getOrDefault("all", 0L),
                groups(c, "type"),
                groups(c, "scope"),
                groups(c, "status"),
                groups(c, "CASE WHEN review_state = '' THEN 'unreviewed_auto' ELSE review_state END"),
                groups(c, "coalesce(project, '(none)')"),
                groups(c, "coalesce(agent, '(none)')"),
                groups(c, TRUSTED),
                groups(c, LIFECYCLE)));
    }

    private static Map<String, Long> groups(Connection c, String expression) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        String sql = "SELECT " + expression + " AS k, count(*) FROM recall_entries GROUP BY k ORDER BY count(*) DESC, k";
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getLong(2));
            }
        }
        return out;
    }
}
