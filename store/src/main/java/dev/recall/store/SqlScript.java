package dev.recall.store;

import java.util.ArrayList;
import java.util.List;

/** Splits a migration script into statements; trigger bodies hold semicolons, so they end at {@code END;}. */
final class SqlScript {
    private SqlScript() {}

    static List<String> split(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inTrigger = false;
        for (String line : script.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("--")) {
                continue;
            }
            if (current.isEmpty() && trimmed.toUpperCase().startsWith("CREATE TRIGGER")) {
                inTrigger = true;
            }
            current.append(line).append('\n');
            boolean ends = inTrigger ? trimmed.toUpperCase().endsWith("END;") : trimmed.endsWith(";");
            if (ends) {
                statements.add(current.toString().strip());
                current.setLength(0);
                inTrigger = false;
            }
        }
        if (!current.toString().isBlank()) {
            throw new StoreException("migration script ends inside a statement: " + current.toString().strip());
        }
        return statements;
    }
}
