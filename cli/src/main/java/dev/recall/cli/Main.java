package dev.recall.cli;

import picocli.CommandLine;

/** Entry point of the {@code recall} command. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs recall in this JVM and returns the exit code; tests call this directly. */
    public static int run(String... args) {
        // DJL calls home on every tokenizer load unless told it is offline; recall never does that.
        if (System.getProperty("ai.djl.offline") == null) {
            System.setProperty("ai.djl.offline", "true");
        }
        CommandLine cli = RecallCommand.commandLine();
        return cli.execute(args);
    }
}
