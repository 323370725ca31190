package dev.recall.cli;

import java.io.Console;
import java.util.Map;

/** Whether output goes to a person at a terminal: live progress bars and highlighting only then. */
final class Terminal {
    private Terminal() {}

    /**
     * A console attached to a terminal. From JDK 22 System.console() may return a console for redirected streams
     * too, and says so with isTerminal(), which recall (built for JDK 21) reads by name.
     */
    static boolean attached() {
        Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(c);
        } catch (ReflectiveOperationException e) {
            return true; // JDK 21: a console is a terminal
        }
    }

    /** Highlighting: at a terminal, unless NO_COLOR (no-color.org) or TERM=dumb says otherwise. */
    static boolean colours(Map<String, String> env) {
        return attached() && env.get("NO_COLOR") == null && !"dumb".equals(env.get("TERM"));
    }
}
