package dev.recall.sessions;

import java.nio.file.Path;
import java.sql.SQLException;

/** Recognises an agent's SQLite store by the tables it must have. */
final class SqliteTables {
    private SqliteTables() {}

    static boolean has(Path file, String... tables) {
        try (ForeignSqlite db = ForeignSqlite.open(file)) {
            for (String t : tables) {
                if (!db.hasTable(t)) {
                    return false;
                }
            }
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
