package dev.recall.store;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/** The archive by agent: how many sessions and messages each agent's transcripts contributed. */
public record SessionStats(long sessions, long messages, Map<String, PerAgent> byAgent) {

    /** One agent's share of the archive. */
    public record PerAgent(long sessions, long messages) {}

    public static SessionStats of(Database db) {
        return db.read(c -> {
            Map<String, PerAgent> by = new LinkedHashMap<>();
            long sessions = 0;
            long messages = 0;
            String sql = """
                    SELECT s.agent, count(*), coalesce(sum(m.n), 0) FROM sessions s
                    LEFT JOIN (SELECT session_id, count(*) AS n FROM messages GROUP BY session_id) m
                      ON m.session_id = s.id
                    GROUP BY s.agent ORDER BY count(*) DESC, s.agent""";
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                while (rs.next()) {
                    PerAgent p = new PerAgent(rs.getLong(2), rs.getLong(3));
                    by.put(rs.getString(1), p);
                    sessions += p.sessions();
                    messages += p.messages();
                }
            }
            return new SessionStats(sessions, messages, by);
        });
    }
}
