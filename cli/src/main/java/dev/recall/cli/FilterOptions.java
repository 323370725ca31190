package dev.recall.cli;

import dev.recall.service.Filters;
import dev.recall.sessions.ProjectIdentity;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.ReviewState;
import dev.recall.store.Scope;
import dev.recall.store.SessionFilter;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/** The entry filters shared by list, query and brief. */
final class FilterOptions {
    @Option(names = "--project", description = "Only entries of this project.")
    String project;

    @Option(names = "--cwd", description = "Only entries recorded in this working directory.")
    String cwd;

    @Option(names = "--git-branch", description = "Only entries recorded on this branch.")
    String gitBranch;

    @Option(names = "--agent", description = "Only entries from this agent (claude-code, codex, ...).")
    String agent;

    @Option(names = "--type", description = "fact, decision, procedure, debugging_method, warning, preference, open_question.")
    String type;

    @Option(names = "--scope", description = "global, project, repository, branch, file, tool, agent.")
    String scope;

    @Option(names = "--status", description = "accepted or archived.")
    String status;

    @Option(names = "--review-state", description = "human_reviewed, unreviewed_auto, calibrated_auto, eval_raw.")
    String reviewState;

    @Option(names = "--trusted-only", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL",
            description = "Only trusted entries (accepted, human-reviewed, transferable, provenance intact);"
                    + " brief defaults to true, other commands to false.")
    Boolean trustedOnly;

    @Option(names = "--current-project", description = "Filter by the project of the working directory (its git top-level dir's name).")
    boolean currentProject;

    @Option(names = "--current-cwd", description = "Filter by the current working directory.")
    boolean currentCwd;

    @Option(names = "--current-git-branch", description = "Filter by the git branch checked out in the working directory.")
    boolean currentGitBranch;

    /**
     * The same options as a session filter, for `recall query --store sessions`: session attributes only; the entry
     * attributes (type, scope, status, review state, trust) are refused rather than ignored.
     */
    SessionFilter toSessionFilter(App app) {
        if (type != null || scope != null || status != null || reviewState != null || trustedOnly != null) {
            throw new CliException(ExitCode.USAGE, "--type, --scope, --status, --review-state and --trusted-only"
                    + " filter entries; passages of the archive filter by --project, --cwd, --git-branch and --agent");
        }
        EntryFilter f = toFilters(app).given();
        return new SessionFilter(f.project(), f.agent(), f.cwd(), f.gitBranch(), null, null, false);
    }

    /** The filters as given; each operation adds its own defaults for what is left unsaid. */
    Filters toFilters(App app) {
        EntryFilter.Builder f = EntryFilter.builder().project(project).cwd(cwd).gitBranch(gitBranch).agent(agent);
        if (currentCwd) {
            f.cwd(app.workingDir().toString());
        }
        if (currentProject || currentGitBranch) {
            ProjectIdentity here = app.service().identity(app.workingDir());
            if (currentProject) {
                f.project(here.project());
            }
            if (currentGitBranch) {
                if (here.branch() == null) {
                    throw new CliException(ExitCode.USAGE, "--current-git-branch: " + app.workingDir()
                            + " is not inside a git work tree with a checked-out branch");
                }
                f.gitBranch(here.branch());
            }
        }
        if (status != null) {
            f.status(parse(() -> EntryStatus.parse(status), "--status"));
        }
        if (type != null) {
            f.type(parse(() -> EntryType.parse(type), "--type"));
        }
        if (scope != null) {
            f.scope(parse(() -> Scope.parse(scope), "--scope"));
        }
        if (reviewState != null) {
            f.reviewState(parse(() -> ReviewState.parse(reviewState), "--review-state"));
        }
        return new Filters(f.build(), trustedOnly);
    }

    private static <T> T parse(Supplier<T> parser, String option) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, option + ": " + e.getMessage());
        }
    }
}
