package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The revision counters the triggers keep: the corpus revision (embedded text changed) and the query-state
 * revision (any entry or evidence changed), with the journals of which entries moved at which revision.
 */
public final class Counters {
    private final Database db;

    public Counters(Database db) {
        this.db = db;
    }

    public long corpusRevision() {
        return single("SELECT revision FROM recall_corpus_state WHERE id = 1");
    }

    /** Read on every search (its index's sync, its cursor), so kept compiled. */
    public long queryStateRevision() {
        return single("SELECT revision FROM recall_query_state WHERE id = 1");
    }

    /** The query-state and corpus revisions as one statement reads them (one snapshot). */
    public record Revisions(long queryState, long corpus) {}

    /** Both entry counters in one read: what a search stamps its answer with. */
    public Revisions revisions() {
        return db.readKept("SELECT (SELECT revision FROM recall_query_state WHERE id = 1),"
                + " (SELECT revision FROM recall_corpus_state WHERE id = 1)", ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                long queryState = rs.getLong(1);
                boolean missing = rs.wasNull();
                long corpus = rs.getLong(2);
                if (missing || rs.wasNull()) {
                    throw new StoreException("counter row missing: recall_query_state or recall_corpus_state");
                }
                return new Revisions(queryState, corpus);
            }
        });
    }

    /** One counter row's revision, by a statement kept compiled on the connection. */
    private long single(String sql) {
        return db.readKept(sql, ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new StoreException("counter row missing: " + sql);
                }
                return rs.getLong(1);
            }
        });
    }

    /**
     * The session archive's revision: moves when a message is added, changed or removed, a transcript is re-read,
     * or a session is trashed, marked automated or re-attributed. The passage index and session vectors follow it.
     */
    public long archiveRevision() {
        return db.read(c -> single(c, "SELECT revision FROM archive_state WHERE id = 1"));
    }

    /** Sessions that changed after the given archive revision, with the revision of their last change. */
    public Map<String, Long> archiveChangesSince(long archiveRevision) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT session_id, revision FROM archive_changes"
                    + " WHERE revision > ? ORDER BY revision, session_id")) {
                ps.setLong(1, archiveRevision);
                Map<String, Long> out = new LinkedHashMap<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getString(1), rs.getLong(2));
                    }
                }
                return out;
            }
        });
    }

    /** Entries whose embedded text changed after the given corpus revision, with the revision of the change. */
    public Map<String, Long> embeddingChangesSince(long corpusRevision) {
        return db.read(c -> journal(c, "recall_embedding_changes", corpusRevision));
    }

    /** Entries (or their evidence) that changed after the given query-state revision. */
    public Map<String, Long> entryChangesSince(long queryStateRevision) {
        return db.read(c -> journal(c, "recall_entry_changes", queryStateRevision));
    }

    private static Map<String, Long> journal(Connection c, String table, long after) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT entry_id, revision FROM " + table + " WHERE revision > ? ORDER BY revision, entry_id")) {
            ps.setLong(1, after);
            Map<String, Long> out = new LinkedHashMap<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getLong(2));
                }
            }
            return out;
        }
    }

    private static long single(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            if (!rs.next()) {
                throw new StoreException("counter row missing: " + sql);
            }
            return rs.getLong(1);
        }
    }
}
