package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The statistics of every entry as V28's triggers keep them (recall_entry_counts): a read of a few thousand rows
 * instead of a scan of the whole store (over 30 s at 1M entries, docs/benchmarks.md, issue 14). A store migrated
 * with entries in it counts only the changes since until its baseline is added: the first full count adds it.
 */
public final class EntryCounts {
    private EntryCounts() {}

    /** The statistics of every entry: the kept counts, or one scan that also completes them. */
    static EntryStats all(Database db) {
        EntryStats.Tally kept = db.snapshot(c -> complete(c) ? kept(c) : null);
        return kept != null ? kept.stats() : completeFromScan(db).stats();
    }

    /**
     * Adds the baseline if the counts lack it (one scan of the store, outside any write lock; the daemon does it in
     * the background at start). True if it scanned.
     */
    public static boolean complete(Database db) {
        if (db.snapshot(EntryCounts::complete)) {
            return false;
        }
        completeFromScan(db);
        return true;
    }

    /**
     * The scan and the changes counted since the migration, read in one snapshot: what the store held when the
     * triggers began is their difference, whatever was written since. Adding it is one short write; a process that
     * added it first wins, and a failed write (a busy or damaged store) leaves the next count to scan again.
     */
    private static EntryStats.Tally completeFromScan(Database db) {
        record Seen(EntryStats.Tally scan, EntryStats.Tally since) {}
        Seen seen = db.snapshot(c -> new Seen(EntryStats.tally(c, "1 = 1", List.of()), kept(c)));
        if (db.writeCheck().defersAppends()) {
            // the daemon's store check has no verdict yet: a read does not wait for it (the daemon adds the
            // baseline itself once the check has passed)
            return seen.scan();
        }
        try {
            db.inTransaction(c -> {
                try (Statement st = c.createStatement()) {
                    if (st.executeUpdate("UPDATE recall_entry_counts_state SET complete = 1"
                            + " WHERE id = 1 AND complete = 0") == 0) {
                        return null;
                    }
                }
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO recall_entry_counts (attribute, value, n)"
                        + " VALUES (?, ?, ?) ON CONFLICT (attribute, value) DO UPDATE SET n = n + excluded.n")) {
                    for (int i = 0; i < EntryStats.NAMES.size(); i++) {
                        Map<String, Long> since = seen.since().counts().get(i);
                        for (var e : seen.scan().counts().get(i).entrySet()) {
                            long before = e.getValue() - since.getOrDefault(e.getKey(), 0L);
                            ps.setString(1, EntryStats.NAMES.get(i));
                            ps.setString(2, e.getKey());
                            ps.setLong(3, before);
                            ps.addBatch();
                        }
                        // a value counted since but gone from the scan: every entry that held it changed since
                        for (var e : since.entrySet()) {
                            if (!seen.scan().counts().get(i).containsKey(e.getKey())) {
                                ps.setString(1, EntryStats.NAMES.get(i));
                                ps.setString(2, e.getKey());
                                ps.setLong(3, -e.getValue());
                                ps.addBatch();
                            }
                        }
                    }
                    ps.executeBatch();
                }
                return null;
            });
        } catch (StoreException e) {
            // the answer is the scan's either way; only the next count's speed depends on this write
        }
        return seen.scan();
    }

    private static boolean complete(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT complete FROM recall_entry_counts_state WHERE id = 1")) {
            return rs.next() && rs.getInt(1) == 1;
        }
    }

    /** The kept counts, by attribute; the total is the sum of one attribute's counts (every entry has a type). */
    private static EntryStats.Tally kept(Connection c) throws SQLException {
        List<Map<String, Long>> counts = new ArrayList<>();
        EntryStats.NAMES.forEach(n -> counts.add(new HashMap<>()));
        long total = 0;
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT attribute, value, n FROM recall_entry_counts WHERE n <> 0")) {
            while (rs.next()) {
                int i = EntryStats.NAMES.indexOf(rs.getString(1));
                if (i < 0) {
                    throw new StoreException("recall_entry_counts holds an unknown attribute " + rs.getString(1));
                }
                counts.get(i).put(rs.getString(2), rs.getLong(3));
                if (i == 0) {
                    total += rs.getLong(3);
                }
            }
        }
        return new EntryStats.Tally(total, counts);
    }
}
