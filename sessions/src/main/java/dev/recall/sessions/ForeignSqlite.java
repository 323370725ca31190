package dev.recall.sessions;

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
 * never holds it longer than one read. These queries read the agent's schema; recall's own SQL lives in store.
 */
final class ForeignSqlite implements AutoCloseable {
    private final Connection connection;

    private ForeignSqlite(Connection connection) {
        this.connection = connection;
    }

    static ForeignSqlite open(Path file) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        config.setBusyTimeout(3000);
        return new ForeignSqlite(DriverManager.getConnection("jdbc:sqlite:" + file, config.toProperties()));
    }

    Connection connection() {
        return connection;
    }

    boolean hasTable(String name) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    boolean hasColumn(String table, String column) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT 1 FROM pragma_table_info(?) WHERE name = ?")) {
            ps.setString(1, table);
            ps.setString(2, column);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
