package dev.recall.cli;

import java.io.Console;
import java.util.Map;

/** Whether output goes to a person at a terminal: live progress bars and highlighting only then. */
final class Terminal {
    /** Set by the launchers to 1 when stdin and stdout are terminals, else 0. */
    static final String PROPERTY = "recall.terminal";

    private Terminal() {}

    /**
     * A console attached to a terminal. From JDK 22 System.console() may return a console for redirected streams
     * too, and says so with isTerminal(), which recall (built for JDK 21) reads by name.
     */
    static boolean attached() {
        // The launchers ask the shell ([ -t 0 ] && [ -t 1 ]: what the JDK's console checks) and pass the answer: the
        // JDK's console lookup loads every console provider (JLine's and JShell's among them) in a cold JVM.
        String told = System.getProperty(PROPERTY);
        if (told != null && (told.equals("1") || told.equals("0"))) {
            return told.equals("1");
        }
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

    /**
     * Highlighting: at a terminal ({@code attached}: {@link App#terminal()}), unless NO_COLOR (no-color.org) or
     * TERM=dumb says otherwise.
     */
    static boolean colours(boolean attached, Map<String, String> env) {
        return attached && env.get("NO_COLOR") == null && !"dumb".equals(env.get("TERM"));
    }
}
