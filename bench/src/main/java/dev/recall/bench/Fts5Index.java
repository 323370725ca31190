package dev.recall.bench;

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
 * The peers' engine: an SQLite FTS5 table (porter unicode61) over the same title, body and trigger text, in a
 * file of its own, searched with bm25() ORDER BY ... LIMIT k. Contentless, so its size is the index alone, as
 * Lucene's is (recall keeps the text in the store).
 */
final class Fts5Index implements AutoCloseable {
    private final Connection connection;
    private final PreparedStatement search;

    private Fts5Index(Connection connection) throws SQLException {
        this.connection = connection;
        this.search = connection.prepareStatement(
                "SELECT rowid FROM entries_fts WHERE entries_fts MATCH ? ORDER BY bm25(entries_fts) LIMIT ?");
    }

    /**
     * Builds the index from the store file's entries (every status, as recall's lexical index holds), then runs
     * FTS5's optimize so queries meet one merged segment: the kindest set-up for the baseline.
     */
    static Fts5Index build(Path file, Path storeFile) {
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
            return new Fts5Index(c);
        } catch (SQLException e) {
            throw new BenchException("cannot build the FTS5 index " + file + ": " + e.getMessage(), e);
        }
    }

    static Fts5Index open(Path file) {
        try {
            return new Fts5Index(DriverManager.getConnection("jdbc:sqlite:" + file));
        } catch (SQLException e) {
            throw new BenchException("cannot open the FTS5 index " + file + ": " + e.getMessage(), e);
        }
    }

    /** The top k rowids by bm25 for a query given as recall receives it. */
    List<Long> top(String query, int k) {
        String match = matchExpression(query);
        if (match.isEmpty()) {
            return List.of();
        }
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
            throw new BenchException("FTS5 query failed for '" + query + "': " + e.getMessage(), e);
        }
    }

    /**
     * An OR of the query's words, each quoted, as the peers send it. Stopwords are dropped, as recall's analyzer
     * drops them: the peers keep them, which only makes FTS5 slower, so this favours the baseline.
     */
    static String matchExpression(String query) {
        List<String> terms = new ArrayList<>();
        for (String w : Words.contentWords(query)) {
            terms.add('"' + w.replace("\"", "\"\"") + '"');
        }
        return String.join(" OR ", terms);
    }

    @Override
    public void close() {
        try {
            search.close();
            connection.close();
        } catch (SQLException e) {
            throw new BenchException("cannot close the FTS5 index: " + e.getMessage(), e);
        }
    }
}
