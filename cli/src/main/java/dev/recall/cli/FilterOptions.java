package dev.recall.cli;

import dev.recall.service.Filters;
import dev.recall.sessions.ProjectIdentity;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.ReviewState;
import dev.recall.store.Scope;
import dev.recall.store.SessionFilter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The entry filters shared by list, query, brief and stats (the reference tool's flags, plus recall's own). */
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

    @Option(names = "--extractor-method", paramLabel = "METHOD",
            description = "Only entries made by this extractor (manual, local-v1, endpoint-v1, ...).")
    String extractorMethod;

    @Option(names = "--source-session-id", paramLabel = "ID", description = "Only entries distilled from this session.")
    String sourceSessionId;

    @Option(names = "--source-episode-id", paramLabel = "ID", description = "Only entries of this source episode.")
    String sourceEpisodeId;

    @Option(names = "--source-run-id", paramLabel = "ID", description = "Only entries of this source run.")
    String sourceRunId;

    @Option(names = "--supersedes-entry-id", paramLabel = "ID", description = "Only the entry that supersedes this one.")
    String supersedesEntryId;

    @Option(names = "--superseded-by-entry-id", paramLabel = "ID",
            description = "Only the entry this one superseded (add --status archived: superseded entries are archived).")
    String supersededByEntryId;

    @Option(names = "--current-project", description = "Filter by the project of the working directory (its git top-level dir's name).")
    boolean currentProject;

    @Option(names = "--current-cwd", description = "Filter by the current working directory (instead of --cwd).")
    boolean currentCwd;

    @Option(names = "--current-git-branch",
            description = "Filter by the branch checked out in the working directory (git symbolic-ref; instead of --git-branch).")
    boolean currentGitBranch;

    @Option(names = "--current-worktree", description = "Filter by the current git work tree: its top-level"
            + " directory as the cwd and its checked-out branch (not with --cwd, --current-cwd, --git-branch or"
            + " --current-git-branch).")
    boolean currentWorktree;

    /**
     * The same options as a session filter, for `recall query --store sessions`: session attributes only; the entry
     * attributes (type, scope, status, review state, trust, lineage) are refused rather than ignored.
     */
    SessionFilter toSessionFilter(App app) {
        if (type != null || scope != null || status != null || reviewState != null || trustedOnly != null
                || extractorMethod != null || sourceSessionId != null || sourceEpisodeId != null || sourceRunId != null
                || supersedesEntryId != null || supersededByEntryId != null) {
            throw new CliException(ExitCode.USAGE, "--type, --scope, --status, --review-state, --trusted-only and"
                    + " the lineage filters select entries; passages of the archive filter by --project, --cwd,"
                    + " --git-branch and --agent");
        }
        EntryFilter f = toFilters(app).given();
        return new SessionFilter(f.project(), f.agent(), f.cwd(), f.gitBranch(), null, null, false);
    }

    /** The filters as given; each operation adds its own defaults for what is left unsaid. */
    Filters toFilters(App app) {
        EntryFilter.Builder f = EntryFilter.builder().project(project).cwd(cwd).gitBranch(gitBranch).agent(agent)
                .extractorMethod(extractorMethod).sourceSessionId(sourceSessionId).sourceEpisodeId(sourceEpisodeId)
                .sourceRunId(sourceRunId).supersedesEntryId(supersedesEntryId)
                .supersededByEntryId(supersededByEntryId);
        currentScope(app, f);
        if (currentProject) {
            f.project(app.service().identity(app.workingDir()).project());
        }
        if (status != null) {
            f.status(EntryStatus.parse(status));
        }
        if (type != null) {
            f.type(EntryType.parse(type));
        }
        if (scope != null) {
            f.scope(Scope.parse(scope));
        }
        if (reviewState != null) {
            f.reviewState(ReviewState.parse(reviewState));
        }
        return new Filters(f.build(), trustedOnly);
    }

    /** --current-cwd, --current-git-branch and --current-worktree: the shell's directory and git state. */
    private void currentScope(App app, EntryFilter.Builder f) {
        Path here = app.workingDir().toAbsolutePath().normalize();
        if (currentWorktree) {
            if (currentCwd || cwd != null || currentGitBranch || gitBranch != null) {
                throw new CliException(ExitCode.USAGE, "use --current-worktree without --cwd, --current-cwd,"
                        + " --git-branch or --current-git-branch");
            }
            var checkout = app.service().checkout();
            Path root = checkout.root(here).orElseThrow(() -> new CliException(ExitCode.USAGE,
                    "--current-worktree: " + here + " is not inside a git work tree"));
            f.cwd(root.toString()).gitBranch(branch(app, here, "--current-worktree"));
            return;
        }
        if (currentCwd) {
            if (cwd != null) {
                throw new CliException(ExitCode.USAGE, "use either --cwd or --current-cwd, not both");
            }
            f.cwd(here.toString());
        }
        if (currentGitBranch) {
            if (gitBranch != null) {
                throw new CliException(ExitCode.USAGE, "use either --git-branch or --current-git-branch, not both");
            }
            f.gitBranch(branch(app, here, "--current-git-branch"));
        }
    }

    private static String branch(App app, Path here, String option) {
        return app.service().checkout().branch(here).orElseThrow(() -> new CliException(ExitCode.USAGE,
                option + ": " + here + " has no checked-out branch (not a git work tree, or a detached HEAD)"));
    }
}
