package dev.recall.cli;

import picocli.CommandLine;

/**
 * The full {@code recall} command line, in this JVM. The jar's entry point is {@link Launch}, which hands read
 * commands to a running daemon and comes here for everything else.
 */
public final class Main {
    // Held so the level sticks (JUL keeps loggers weakly); Lucene's start-up note is not for recall's users.
    private static final java.util.logging.Logger LUCENE_VECTORIZATION =
            java.util.logging.Logger.getLogger("org.apache.lucene.internal.vectorization");

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(null, args));
    }

    /**
     * Runs recall in this JVM and returns the exit code. {@code requestId} names the invocation (null: none) when
     * {@link Launch} tried the daemon first: the ledger records its query once, even if the daemon recorded it.
     */
    static int run(String requestId, String[] args) {
        // DJL calls home on every tokenizer load unless told it is offline; recall never does that.
        if (System.getProperty("ai.djl.offline") == null) {
            System.setProperty("ai.djl.offline", "true");
        }
        // SEVERE: most commands run without the incubating vector module, or with C1 alone (see ./recall), where
        // Lucene rightly skips its SIMD code and says so
        LUCENE_VECTORIZATION.setLevel(java.util.logging.Level.SEVERE);
        CommandLine cli = RecallCommand.commandLine(requestId, args);
        return cli.execute(args);
    }
}
