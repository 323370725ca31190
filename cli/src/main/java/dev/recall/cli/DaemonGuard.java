package dev.recall.cli;

import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.ParseResult;

/**
 * While a daemon owns the data dir, commands that write to the archive are refused (as the reference tool does):
 * the daemon's schedulers and API are its one writer. Hooks are let through (they are routed to the daemon, and
 * must never fail a session), and {@code RECALL_NO_DAEMON=1} writes in-process anyway.
 */
final class DaemonGuard {
    private static final Set<Class<?>> WRITES = Set.of(ImportCommand.class, SessionsCommand.Import.class,
            SyncCommand.class, SaveCommand.class, CaptureCommand.class, EmbeddingsCommand.Build.class,
            EmbeddingsCommand.Activate.class, EmbeddingsCommand.Retire.class, ExtractCommand.Run.class,
            ExtractCommand.Activate.class, ExtractCommand.Retire.class, ReviewCommand.Import.class,
            ReviewCommand.Interactive.class, IndexCommand.Rebuild.class, InsightsCommand.Generate.class,
            InsightsCommand.Delete.class);

    private DaemonGuard() {}

    /** Why the parsed command may not run now, if it may not. */
    static Optional<String> refusal(App app, ParseResult parsed) {
        ParseResult leaf = parsed;
        while (leaf.subcommand() != null) {
            leaf = leaf.subcommand();
        }
        Object command = leaf.commandSpec().userObject();
        if (command == null || !WRITES.contains(command.getClass()) || leaf.hasMatchedOption("--hook")
                || leaf.hasMatchedOption("--dry-run") || leaf.isUsageHelpRequested()) {
            return Optional.empty();
        }
        return app.remote().filter(Remote::local).map(d -> d.describe() + " owns " + app.dataDir()
                + " and is its only writer; stop it with `recall serve --stop` and run this again (or set"
                + " RECALL_NO_DAEMON=1 to write in-process anyway)");
    }
}
