package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The digest of each entry's text (title, body, trigger: what is indexed and embedded), stamped by every write recall
 * makes and checked by {@code recall doctor}. Text changed by anything else (a hand edit in sqlite3, another tool, a
 * damaged page SQLite still reads) no longer matches it, so the derived indexes may not reflect it and it is no longer
 * the text recall accepted.
 */
public final class EntryDigests {
    /** An entry whose text does not match its digest, or that has none. */
    public record Mismatch(String entryId, boolean unstamped) {}

    private final Database db;

    public EntryDigests(Database db) {
        this.db = db;
    }

    /** The digest of an entry's text. */
    public static String of(String title, String body, String trigger) {
        return Digests.sha256("entry-text", title, body, trigger);
    }

    /** Every entry whose text does not match its digest, in id order. */
    public List<Mismatch> verify() {
        return db.read(c -> {
            List<Mismatch> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT id, title, body, trigger, text_digest FROM recall_entries ORDER BY id");
                    ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String stored = rs.getString(5);
                    if (stored == null) {
                        out.add(new Mismatch(rs.getString(1), true));
                    } else if (!stored.equals(of(rs.getString(2), rs.getString(3), rs.getString(4)))) {
                        out.add(new Mismatch(rs.getString(1), false));
                    }
                }
            }
            return out;
        });
    }

    /** How many entries there are: what {@link #verify()} looked at. */
    public long count() {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM recall_entries");
                    ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        });
    }

    /**
     * Records every entry's current text as intended; returns how many digests changed. Those entries are journaled as
     * changed for the vectors too (the corpus revision moves), so vectors embedded from their old text are refused as
     * stale until a build re-embeds them; the digest's own update journals them for the lexical index.
     */
    public int stamp() {
        return db.inTransaction(c -> stamp(c, false));
    }

    /** Stamps the entries that have no digest yet (those written before digests existed). */
    static int stampMissing(Connection c) throws SQLException {
        return stamp(c, true);
    }

    private static int stamp(Connection c, boolean missingOnly) throws SQLException {
        List<String[]> changes = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT id, title, body, trigger, text_digest FROM recall_entries"
                + (missingOnly ? " WHERE text_digest IS NULL" : ""));
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String digest = of(rs.getString(2), rs.getString(3), rs.getString(4));
                if (!digest.equals(rs.getString(5))) {
                    changes.add(new String[] {digest, rs.getString(1)});
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement("UPDATE recall_entries SET text_digest = ? WHERE id = ?")) {
            for (String[] ch : changes) {
                ps.setString(1, ch[0]);
                ps.setString(2, ch[1]);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        if (!missingOnly && !changes.isEmpty()) {
            try (Statement st = c.createStatement()) {
                st.execute("UPDATE recall_corpus_state SET revision = revision + 1 WHERE id = 1");
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO recall_embedding_changes (entry_id, revision)
                    VALUES (?, (SELECT revision FROM recall_corpus_state WHERE id = 1))
                    ON CONFLICT (entry_id) DO UPDATE SET revision = excluded.revision""")) {
                for (String[] ch : changes) {
                    ps.setString(1, ch[1]);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
        return changes.size();
    }
}
