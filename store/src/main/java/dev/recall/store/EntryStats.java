package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts of entries by each attribute: of the whole store, of the entries a filter selects, or of a result set
 * (the summary of a list or query). Each map is ordered by count, largest first; a missing value counts as
 * {@code (none)}.
 */
public record EntryStats(
        long total,
        Map<String, Long> byType,
        Map<String, Long> byScope,
        Map<String, Long> byStatus,
        Map<String, Long> byReviewState,
        Map<String, Long> byProject,
        Map<String, Long> byAgent,
        Map<String, Long> byTrusted,
        Map<String, Long> byLifecycle,
        Map<String, Long> byCwd,
        Map<String, Long> byGitBranch,
        Map<String, Long> byExtractor,
        Map<String, Long> bySourceSession,
        Map<String, Long> bySourceEpisode,
        Map<String, Long> bySourceRun,
        Map<String, Long> byTransferability,
        Map<String, Long> byProvenance,
        Map<String, Long> byEvidence) {

    private static final String TRUSTED = "CASE WHEN status = 'accepted' AND review_state = 'human_reviewed'"
            + " AND transferable = 1 AND provenance_ok = 1 THEN 'trusted' ELSE 'untrusted' END";
    private static final String LIFECYCLE = "CASE WHEN superseded_by_entry_id IS NOT NULL THEN 'superseded'"
            + " WHEN status = 'archived' THEN 'archived'"
            + " WHEN supersedes_entry_id IS NOT NULL THEN 'replacement' ELSE 'current' END";
    private static final String EVIDENCE = "CASE WHEN EXISTS (SELECT 1 FROM recall_evidence ev"
            + " WHERE ev.entry_id = recall_entries.id) THEN 'with_evidence' ELSE 'without_evidence' END";

    /** Every entry in the store. */
    public static EntryStats of(Database db) {
        return of(db, EntryFilter.ANY);
    }

    /** The entries the filter selects. */
    public static EntryStats of(Database db, EntryFilter filter) {
        List<Object> args = new ArrayList<>();
        String where = filter.sql(args);
        return db.read(c -> of(c, where, args));
    }

    /** The entries with these ids: the summary of a result set. */
    public static EntryStats ofIds(Database db, Collection<String> ids) {
        if (ids.isEmpty()) {
            return db.read(c -> of(c, "0 = 1", List.of()));
        }
        String where = "id IN (" + String.join(", ", java.util.Collections.nCopies(ids.size(), "?")) + ")";
        return db.read(c -> of(c, where, List.copyOf(ids)));
    }

    private static EntryStats of(Connection c, String where, List<Object> args) throws SQLException {
        return new EntryStats(
                groups(c, "'all'", where, args).getOrDefault("all", 0L),
                groups(c, "type", where, args),
                groups(c, "scope", where, args),
                groups(c, "status", where, args),
                groups(c, "CASE WHEN review_state = '' THEN 'unreviewed_auto' ELSE review_state END", where, args),
                groups(c, none("project"), where, args),
                groups(c, none("agent"), where, args),
                groups(c, TRUSTED, where, args),
                groups(c, LIFECYCLE, where, args),
                groups(c, none("cwd"), where, args),
                groups(c, none("git_branch"), where, args),
                groups(c, none("extractor_method"), where, args),
                groups(c, none("source_session_id"), where, args),
                groups(c, none("source_episode_id"), where, args),
                groups(c, none("source_run_id"), where, args),
                groups(c, "CASE WHEN transferable = 1 THEN 'transferable' ELSE 'not_transferable' END", where, args),
                groups(c, "CASE WHEN provenance_ok = 1 THEN 'provenance_ok' ELSE 'provenance_revoked' END", where,
                        args),
                groups(c, EVIDENCE, where, args));
    }

    private static String none(String column) {
        return "coalesce(nullif(" + column + ", ''), '(none)')";
    }

    private static Map<String, Long> groups(Connection c, String expression, String where, List<Object> args)
            throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        String sql = "SELECT " + expression + " AS k, count(*) FROM recall_entries WHERE " + where
                + " GROUP BY k ORDER BY count(*) DESC, k";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            Entries.bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return out;
    }
}
