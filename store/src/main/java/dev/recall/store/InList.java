package dev.recall.store;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/**
 * The placeholders of an {@code IN (...)} list, padded to a few sizes so that a statement kept compiled serves lists
 * of any length up to its size: the padding is bound to NULL, which no row's value equals (an IN list with a NULL
 * is NULL, not true, for every value it does not hold), so the rows and their order are those of the exact list.
 */
final class InList {
    private InList() {}

    /** How many placeholders a list of {@code n} values gets: a multiple of 8 up to 64, of 64 above. */
    static int size(int n) {
        int step = n <= 64 ? 8 : 64;
        return Math.max(step, (n + step - 1) / step * step);
    }

    /** "?,?,...": {@link #size(int)} placeholders for {@code n} values. */
    static String marks(int n) {
        int size = size(n);
        StringBuilder b = new StringBuilder(size * 2);
        for (int i = 0; i < size; i++) {
            b.append(i == 0 ? "?" : ",?");
        }
        return b.toString();
    }

    /** Binds the values from the first parameter on, and NULL to the rest of the padded list. */
    static void bind(PreparedStatement ps, List<String> values) throws SQLException {
        int size = size(values.size());
        for (int i = 0; i < size; i++) {
            if (i < values.size()) {
                ps.setString(i + 1, values.get(i));
            } else {
                ps.setNull(i + 1, Types.VARCHAR);
            }
        }
    }
}
