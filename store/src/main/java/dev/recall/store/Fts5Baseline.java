package dev.recall.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The peers' engine, the baseline `recall bench` measures the lexical index against: an SQLite FTS5 table (porter
 * unicode61) over the entries' title, body and trigger text, in a file of its own, searched with bm25() ORDER BY
 * ... LIMIT k. Contentless, so its size is the index alone, as Lucene's is (recall keeps the text in the store).
 */
public final class Fts5Baseline implements AutoCloseable {
    private final Connection connection;
    private final PreparedStatement search;

    private Fts5Baseline(Connection connection) throws SQLException {
        this.connection = connection;
        this.search = connection.prepareStatement(
                "SELECT rowid FROM entries_fts WHERE entries_fts MATCH ? ORDER BY bm25(entries_fts) LIMIT ?");
    }

    /**
     * Builds the index from the store file's entries (every status, as recall's lexical index holds), then runs
     * FTS5's optimize so queries meet one merged segment: the kindest set-up for the baseline.
     */
    public static Fts5Baseline build(Path file, Path storeFile) {
        try {
            Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
            try (Statement st = c.createStatement()) {
                st.execute("CREATE VIRTUAL TABLE entries_fts USING fts5(title, body, trigger, content='',"
                        + " tokenize='porter unicode61')");
                try (PreparedStatement attach = c.prepareStatement("ATTACH DATABASE ? AS store")) {
                    attach.setString(1, storeFile.toString());
                    attach.execute();
                }
                c.setAutoCommit(false);
                st.execute("INSERT INTO entries_fts (rowid, title, body, trigger)"
                        + " SELECT rowid, title, body, trigger FROM store.recall_entries");
                st.execute("INSERT INTO entries_fts (entries_fts) VALUES ('optimize')");
                c.commit();
                c.setAutoCommit(true);
                st.execute("DETACH DATABASE store");
                st.execute("VACUUM");
            }
            return new Fts5Baseline(c);
        } catch (SQLException e) {
            throw new StoreException("cannot build the FTS5 index " + file + ": " + e.getMessage(), e);
        }
    }

    public static Fts5Baseline open(Path file) {
        try {
            return new Fts5Baseline(DriverManager.getConnection("jdbc:sqlite:" + file));
        } catch (SQLException e) {
            throw new StoreException("cannot open the FTS5 index " + file + ": " + e.getMessage(), e);
        }
    }

    /** The top k rowids by bm25 for an FTS5 MATCH expression. */
    public List<Long> top(String match, int k) {
        try {
            search.setString(1, match);
            search.setInt(2, k);
            List<Long> out = new ArrayList<>(k);
            try (ResultSet rs = search.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getLong(1));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new StoreException("FTS5 query failed for '" + match + "': " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            search.close();
            connection.close();
        } catch (SQLException e) {
            throw new StoreException("cannot close the FTS5 index: " + e.getMessage(), e);
        }
    }
}
