package dev.recall.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Raw SQL for tests in any module (the store's test-jar): setting up states the product cannot reach on purpose
 * (a damaged row, a tampered digest) and reading back what a test asserts. Product code outside the store never
 * writes SQL; tests that need it come here, so the statements stay in the store's hands.
 */
public final class StoreSql {
    private StoreSql() {}

    /** Runs a statement in its own transaction; returns how many rows it changed. */
    public static int exec(Database db, String sql, Object... args) {
        return db.inTransaction(c -> Rows.update(c, sql, args));
    }

    /** The number the query's first row and column hold (count, sum, ...). */
    public static long count(Database db, String sql, Object... args) {
        return db.read(c -> Rows.count(c, sql, args));
    }

    /** The text the query's first row and column hold; null when there is no row. */
    public static String text(Database db, String sql, Object... args) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) {
                    ps.setObject(i + 1, args[i]);
                }
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getString(1) : null;
                }
            }
        });
    }

    /** Every row the query returns, each as column label to value, in order. */
    public static List<Map<String, Object>> rows(Database db, String sql, Object... args) {
        return db.read(c -> rows(c, sql, args));
    }

    /**
     * Runs statements on any SQLite file (an agent's store a fixture builds, or recall.db while another process
     * holds it) in one transaction; each statement gets the arguments it has placeholders for, in order.
     */
    public static void onFile(Path file, List<String> statements, Object... args) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            c.setAutoCommit(false);
            int next = 0;
            for (String sql : statements) {
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    for (int i = 1; i <= ps.getParameterMetaData().getParameterCount(); i++) {
                        ps.setObject(i, args[next++]);
                    }
                    ps.execute();
                }
            }
            c.commit();
        } catch (SQLException e) {
            throw new IllegalStateException("fixture SQL on " + file + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * Builds the store an older recall left: {@code <dataDir>/recall.db} from the migrations before
     * {@code firstMissing} alone (later ones cannot be undone by hand), at that schema version, then runs
     * {@code statements} (its rows, written in SQL). Opening it with {@link Database#open} migrates it from there.
     */
    public static void oldStore(Path dataDir, String firstMissing, String... statements) {
        int version = Database.MIGRATIONS.indexOf(firstMissing);
        if (version < 0) {
            throw new IllegalArgumentException("no migration " + firstMissing);
        }
        try {
            java.nio.file.Files.createDirectories(dataDir);
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dataDir.resolve(Database.FILE_NAME));
                    java.sql.Statement st = c.createStatement()) {
                for (String name : Database.MIGRATIONS.subList(0, version)) {
                    try (var in = Database.class.getResourceAsStream("migrations/" + name)) {
                        for (String statement : SqlScript.split(new String(in.readAllBytes(),
                                java.nio.charset.StandardCharsets.UTF_8))) {
                            st.execute(statement);
                        }
                    }
                }
                for (String statement : statements) {
                    st.execute(statement);
                }
                st.execute("PRAGMA user_version = " + version);
            }
        } catch (java.io.IOException | SQLException e) {
            throw new IllegalStateException("cannot build a store before " + firstMissing + ": " + e.getMessage(), e);
        }
    }

    /** Every row a query on any SQLite file returns (see {@link #onFile}). */
    public static List<Map<String, Object>> rowsOfFile(Path file, String sql, Object... args) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            return rows(c, sql, args);
        } catch (SQLException e) {
            throw new IllegalStateException("fixture SQL on " + file + " failed: " + e.getMessage(), e);
        }
    }

    private static List<Map<String, Object>> rows(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            List<Map<String, Object>> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int i = 1; i <= n; i++) {
                        row.put(rs.getMetaData().getColumnLabel(i), rs.getObject(i));
                    }
                    out.add(row);
                }
            }
            return out;
        }
    }
}
