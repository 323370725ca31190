package dev.recall.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;

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
}
