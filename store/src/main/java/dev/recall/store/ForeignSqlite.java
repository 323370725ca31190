package dev.recall.store;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Another application's SQLite store (an agent's session database), opened read-only: recall never writes to it and
 * never holds it longer than one read. The adapters that read one give the queries of the agent's schema; this class
 * keeps JDBC (and any write) out of their hands. recall's own tables are never read through it.
 */
public final class ForeignSqlite implements AutoCloseable {
    /** The file could not be opened or read as SQLite; the message is SQLite's. */
    public static final class Unreadable extends IOException {
        Unreadable(SQLException e) {
            super(e.getMessage(), e);
        }
    }

    /** The rows of one query, read forward; columns count from 1. */
    public static final class Cursor implements AutoCloseable {
        private final PreparedStatement statement;
        private final ResultSet rows;

        private Cursor(PreparedStatement statement, ResultSet rows) {
            this.statement = statement;
            this.rows = rows;
        }

        public boolean next() throws Unreadable {
            try {
                return rows.next();
            } catch (SQLException e) {
                throw new Unreadable(e);
            }
        }

        /** The column as text (numbers in their text form); null for NULL. */
        public String text(int column) throws Unreadable {
            try {
                return rows.getString(column);
            } catch (SQLException e) {
                throw new Unreadable(e);
            }
        }

        /** The column as an integer; 0 for NULL. */
        public long number(int column) throws Unreadable {
            try {
                return rows.getLong(column);
            } catch (SQLException e) {
                throw new Unreadable(e);
            }
        }

        public byte[] bytes(int column) throws Unreadable {
            try {
                return rows.getBytes(column);
            } catch (SQLException e) {
                throw new Unreadable(e);
            }
        }

        @Override
        public void close() throws Unreadable {
            try (statement; rows) {
                // both closed, rows first
            } catch (SQLException e) {
                throw new Unreadable(e);
            }
        }
    }

    private final Connection connection;

    private ForeignSqlite(Connection connection) {
        this.connection = connection;
    }

    public static ForeignSqlite open(Path file) throws Unreadable {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        config.setBusyTimeout(3000);
        try {
            return new ForeignSqlite(DriverManager.getConnection("jdbc:sqlite:" + file, config.toProperties()));
        } catch (SQLException e) {
            throw new Unreadable(e);
        }
    }

    /** Whether the file opens as SQLite and has every one of these tables: how an agent's store is recognised. */
    public static boolean hasTables(Path file, String... tables) {
        try (ForeignSqlite db = open(file)) {
            for (String t : tables) {
                if (!db.hasTable(t)) {
                    return false;
                }
            }
            return true;
        } catch (Unreadable e) {
            return false;
        }
    }

    /** Runs a query of the agent's schema with its parameters bound in order (the file is open read-only). */
    public Cursor query(String sql, Object... args) throws Unreadable {
        PreparedStatement ps = null;
        try {
            ps = connection.prepareStatement(sql);
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            return new Cursor(ps, ps.executeQuery());
        } catch (SQLException e) {
            closeQuietly(ps);
            throw new Unreadable(e);
        }
    }

    public boolean hasTable(String name) throws Unreadable {
        try (Cursor c = query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name)) {
            return c.next();
        }
    }

    public boolean hasColumn(String table, String column) throws Unreadable {
        try (Cursor c = query("SELECT 1 FROM pragma_table_info(?) WHERE name = ?", table, column)) {
            return c.next();
        }
    }

    private static void closeQuietly(PreparedStatement ps) {
        if (ps != null) {
            try {
                ps.close();
            } catch (SQLException ignored) {
                // the query failed already; that failure is the one reported
            }
        }
    }

    @Override
    public void close() throws Unreadable {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new Unreadable(e);
        }
    }
}
