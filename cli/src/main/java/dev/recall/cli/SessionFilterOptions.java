package dev.recall.cli;

import dev.recall.store.SessionFilter;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.Option;

/** The session filters shared by `sessions list` and `search`. */
final class SessionFilterOptions {
    @Option(names = "--project", description = "Only sessions of this project.")
    String project;

    @Option(names = "--agent", description = "Only sessions of this agent (claude-code, codex, ...).")
    String agent;

    @Option(names = "--cwd", description = "Only sessions recorded in this working directory.")
    String cwd;

    @Option(names = "--git-branch", description = "Only sessions recorded on this branch.")
    String gitBranch;

    @Option(names = "--from", paramLabel = "DATE", description = "Only sessions started on or after DATE (YYYY-MM-DD, UTC, or an ISO-8601 instant).")
    String from;

    @Option(names = "--to", paramLabel = "DATE", description = "Only sessions started before DATE (YYYY-MM-DD: before that day, UTC).")
    String to;

    @Option(names = "--current-project", description = "Filter by the project of the working directory (its git top-level dir's name).")
    boolean currentProject;

    SessionFilter toFilter(App app, boolean includeHidden) {
        String projectValue = currentProject ? app.service().identity(app.workingDir()).project() : project;
        // an empty date range is an INVALID RecallException, worded by Failures ("--from must be before to ...")
        return new SessionFilter(projectValue, agent, cwd, gitBranch, date("--from", from), date("--to", to),
                includeHidden);
    }

    static Instant date(String option, String value) {
        try {
            return SessionFilter.bound(value);
        } catch (DateTimeParseException e) {
            throw new CliException(ExitCode.USAGE, option + ": '" + value
                    + "' is not a date (YYYY-MM-DD) or an ISO-8601 instant (2026-09-01T10:00:00Z)");
        }
    }
}
