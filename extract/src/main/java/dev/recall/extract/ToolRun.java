package dev.recall.extract;

import java.util.List;

/**
 * A tool message as the local rules see it: a shell command with its outcome and the program keys it ran
 * ("go test", "make migrate-test"), or an edit with the files it touched.
 */
record ToolRun(
        int ordinal,
        String tool,
        Kind kind,
        String command,
        List<String> keys,
        boolean routine,
        boolean failed,
        String errorLine,
        List<String> files) {

    enum Kind { SHELL, EDIT, OTHER }

    boolean shell() {
        return kind == Kind.SHELL;
    }

    boolean succeeded() {
        return kind == Kind.SHELL && !failed;
    }

    /** Shares a program key with another run: the same thing run again. */
    boolean sameTask(ToolRun other) {
        for (String k : keys) {
            if (other.keys.contains(k)) {
                return true;
            }
        }
        return false;
    }
}
