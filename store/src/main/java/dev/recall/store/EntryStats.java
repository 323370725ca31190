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
        if (filter.equals(EntryFilter.ANY)) {
            return EntryCounts.all(db); // kept beside the writes: no scan of the store
        }
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

    /**
     * What each map counts, in the record's order after {@code total}: one expression per attribute. Package-private
     * so a test can count them one GROUP BY at a time, as SQLite would.
     */
    static final List<String> ATTRIBUTES = List.of("type", "scope", "status",
            "CASE WHEN review_state = '' THEN 'unreviewed_auto' ELSE review_state END", none("project"), none("agent"),
            TRUSTED, LIFECYCLE, none("cwd"), none("git_branch"), none("extractor_method"), none("source_session_id"),
            none("source_episode_id"), none("source_run_id"),
            "CASE WHEN transferable = 1 THEN 'transferable' ELSE 'not_transferable' END",
            "CASE WHEN provenance_ok = 1 THEN 'provenance_ok' ELSE 'provenance_revoked' END", EVIDENCE);

    /** Each attribute's name in the kept counts (recall_entry_counts, V28), in the order of {@link #ATTRIBUTES}. */
    static final List<String> NAMES = List.of("type", "scope", "status", "review_state", "project", "agent", "trusted",
            "lifecycle", "cwd", "git_branch", "extractor", "source_session", "source_episode", "source_run",
            "transferability", "provenance", "evidence");

    /**
     * One pass over the selected rows, every attribute counted at once: a GROUP BY per attribute read the whole table
     * seventeen times (a minute or two at 1M entries, docs/benchmarks.md, issue 14).
     */
    private static EntryStats of(Connection c, String where, List<Object> args) throws SQLException {
        return tally(c, where, args).stats();
    }

    /** Each attribute's counts, unordered, and how many rows were counted. */
    record Tally(long total, List<Map<String, Long>> counts) {
        EntryStats stats() {
            List<Map<String, Long>> m = counts.stream().map(EntryStats::ordered).toList();
            return new EntryStats(total, m.get(0), m.get(1), m.get(2), m.get(3), m.get(4), m.get(5), m.get(6),
                    m.get(7), m.get(8), m.get(9), m.get(10), m.get(11), m.get(12), m.get(13), m.get(14), m.get(15),
                    m.get(16));
        }
    }

    static Tally tally(Connection c, String where, List<Object> args) throws SQLException {
        List<Map<String, Long>> counts = new ArrayList<>();
        ATTRIBUTES.forEach(a -> counts.add(new java.util.HashMap<>()));
        long total = 0;
        String sql = "SELECT " + String.join(", ", ATTRIBUTES) + " FROM recall_entries WHERE " + where;
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            Entries.bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    total++;
                    for (int i = 0; i < counts.size(); i++) {
                        counts.get(i).merge(rs.getString(i + 1), 1L, Long::sum);
                    }
                }
            }
        }
        return new Tally(total, counts);
    }

    /** Largest count first, then the value as SQLite orders text (its bytes; a missing value first). */
    private static Map<String, Long> ordered(Map<String, Long> counts) {
        List<Map.Entry<String, Long>> entries = new ArrayList<>(counts.entrySet());
        entries.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry::getKey,
                java.util.Comparator.nullsFirst((a, b) -> java.util.Arrays.compareUnsigned(
                        a.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        b.getBytes(java.nio.charset.StandardCharsets.UTF_8)))));
        Map<String, Long> out = new LinkedHashMap<>();
        entries.forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    private static String none(String column) {
        return "coalesce(nullif(" + column + ", ''), '(none)')";
    }
}
