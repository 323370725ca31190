package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Secrets found in the archive: where (session, message, field), which rule, how sure, and whether the ingest or a
 * backfill found it. Never the value: the value was redacted before anything was written.
 */
public final class SecretFindings {
    /** One finding as stored. {@code backfillId} is null for a finding made when the message was archived. */
    public record Finding(long id, String sessionId, Integer messageOrdinal, String location, String rule,
            String confidence, Integer start, Integer end, String createdAt, Long backfillId) {}

    /** A finding to record, before it has an id. */
    public record New(String sessionId, int messageOrdinal, String field, Redactor.Mark mark) {
        String location() {
            return "message " + messageOrdinal + " " + field;
        }
    }

    private final Database db;

    public SecretFindings(Database db) {
        this.db = db;
    }

    /** Records findings (one transaction, or the caller's). */
    public void insert(List<New> findings, Long backfillId, Instant now) {
        db.inTransaction(c -> {
            insert(c, findings, backfillId, now);
            return null;
        });
    }

    static void insert(Connection c, List<New> findings, Long backfillId, Instant now) throws SQLException {
        if (findings.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO secret_findings (session_id, message_ordinal, location, rule, tier, start_offset,
                                             end_offset, created_at, backfill_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            for (New f : findings) {
                ps.setString(1, f.sessionId());
                ps.setInt(2, f.messageOrdinal());
                ps.setString(3, f.location());
                ps.setString(4, f.mark().rule());
                ps.setString(5, f.mark().confidence());
                ps.setInt(6, f.mark().start());
                ps.setInt(7, f.mark().end());
                ps.setString(8, Times.format(now));
                if (backfillId == null) {
                    ps.setNull(9, java.sql.Types.INTEGER);
                } else {
                    ps.setLong(9, backfillId);
                }
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** Findings, newest session first, filtered by session and rule when given. */
    public List<Finding> list(String sessionId, String rule, int limit) {
        return db.read(c -> {
            StringBuilder sql = new StringBuilder("""
                    SELECT f.id, f.session_id, f.message_ordinal, f.location, f.rule, f.tier, f.start_offset,
                           f.end_offset, f.created_at, f.backfill_id
                    FROM secret_findings f LEFT JOIN sessions s ON s.id = f.session_id WHERE 1 = 1""");
            List<String> args = new ArrayList<>();
            if (sessionId != null) {
                sql.append(" AND f.session_id = ?");
                args.add(sessionId);
            }
            if (rule != null) {
                sql.append(" AND f.rule = ?");
                args.add(rule);
            }
            sql.append(" ORDER BY coalesce(s.started_at, s.created_at) DESC, f.session_id, f.message_ordinal, f.id"
                    + " LIMIT ?");
            try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                int i = 1;
                for (String a : args) {
                    ps.setString(i++, a);
                }
                ps.setInt(i, limit);
                List<Finding> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Finding(rs.getLong(1), rs.getString(2), integer(rs, 3), rs.getString(4),
                                rs.getString(5), rs.getString(6), integer(rs, 7), integer(rs, 8), rs.getString(9),
                                rs.getObject(10) == null ? null : rs.getLong(10)));
                    }
                }
                return out;
            }
        });
    }

    private static Integer integer(ResultSet rs, int column) throws SQLException {
        return rs.getObject(column) == null ? null : rs.getInt(column);
    }

    /** How many findings match the filter (the list may be cut at its limit). */
    public int count(String sessionId, String rule) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT count(*) FROM secret_findings WHERE (?1 IS NULL OR session_id = ?1)
                      AND (?2 IS NULL OR rule = ?2)""")) {
                ps.setString(1, sessionId);
                ps.setString(2, rule);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getInt(1) : 0;
                }
            }
        });
    }
}
