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
            InsightsCommand.Delete.class, SessionsTrashCommand.class);
    /**
     * Commands that write only with one option: the secrets backfill redacts the stored text, the doctor's --gc deletes
     * generation dirs (one may be the daemon's build in progress). Members add and revoke are let through on purpose:
     * a team adds a member to the service it runs, which reads the members on every request.
     */
    private static final java.util.Map<Class<?>, String> WRITES_WITH = java.util.Map.of(SecretsCommand.Scan.class,
            "--backfill", DoctorCommand.class, "--gc");

    /**
     * What the daemon runs for its light client ({@link Launch#READ_COMMANDS} by name): commands that only read the
     * archive and print. Their hook forms read stdin and are never handed over.
     */
    static final Set<Class<?>> HANDED_OVER = Set.of(QueryCommand.class, BriefCommand.class, ListCommand.class,
            GetCommand.class, StatsCommand.class, ShowCommand.class);

    private DaemonGuard() {}

    /**
     * In the daemon, before a handed-over command runs: why it may not run there, if it may not. It must be one of
     * {@link #HANDED_OVER}, not in its hook form or asking for help, and on the daemon's own data dir; else nothing
     * runs and the client runs it in-process. The light client chose by the command's name; this is the check on what
     * picocli actually parsed.
     */
    static Optional<String> notHandedOver(App app, ParseResult parsed) {
        if (!app.handedOver()) {
            return Optional.empty();
        }
        ParseResult leaf = parsed;
        int depth = 0;
        while (leaf.subcommand() != null) {
            leaf = leaf.subcommand();
            depth++;
        }
        Object command = leaf.commandSpec().userObject();
        if (depth != 1 || command == null || !HANDED_OVER.contains(command.getClass())) {
            return Optional.of("only the read commands (" + String.join(", ",
                    Launch.READ_COMMANDS.stream().sorted().toList()) + ") run in the daemon");
        }
        if (leaf.hasMatchedOption("--hook") || parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested()
                || leaf.isUsageHelpRequested() || leaf.isVersionHelpRequested()) {
            return Optional.of("hook forms and help run in-process");
        }
        if (!app.dataDir().equals(app.service().dataDir().toAbsolutePath().normalize())) {
            return Optional.of("the command names " + app.dataDir() + ", not the daemon's data dir");
        }
        return Optional.empty();
    }

    /** Why the parsed command may not run now, if it may not. */
    static Optional<String> refusal(App app, ParseResult parsed) {
        ParseResult leaf = parsed;
        while (leaf.subcommand() != null) {
            leaf = leaf.subcommand();
        }
        Object command = leaf.commandSpec().userObject();
        boolean writes = command != null && (WRITES.contains(command.getClass())
                || (WRITES_WITH.containsKey(command.getClass()) && leaf.hasMatchedOption(WRITES_WITH.get(command.getClass()))));
        if (!writes || leaf.hasMatchedOption("--hook")
                || leaf.hasMatchedOption("--dry-run") || leaf.isUsageHelpRequested()) {
            return Optional.empty();
        }
        return app.remote().filter(Remote::local).map(d -> d.describe() + " owns " + app.dataDir()
                + " and is its only writer; stop it with `recall serve --stop` and run this again (or set"
                + " RECALL_NO_DAEMON=1 to write in-process anyway)");
    }
}
