package dev.recall.cli;

import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.ReviewState;
import dev.recall.store.Scope;
import dev.recall.store.SessionFilter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
     * The filter, with the command's defaults for what the user left unsaid: a status (searches serve accepted
     * entries unless told otherwise) and whether only trusted entries count.
     */
    EntryFilter toFilter(App app, EntryStatus defaultStatus, boolean trustedByDefault) {
        boolean trusted = trustedOnly != null ? trustedOnly : trustedByDefault;
        String cwdValue = cwd;
        if (currentCwd) {
            cwdValue = app.workingDir().toString();
        }
        String branch = gitBranch;
        if (currentGitBranch) {
            branch = currentBranch(app.workingDir());
            if (branch == null) {
                throw new CliException(ExitCode.USAGE, "--current-git-branch: " + app.workingDir()
                        + " is not inside a git work tree with a checked-out branch");
            }
        }
        String projectValue = project;
        if (currentProject) {
            projectValue = projectOf(app.workingDir());
        }
        EntryStatus statusValue = status == null ? (trusted ? null : defaultStatus) : parse(() -> EntryStatus.parse(status), "--status");
        try {
            return filter(projectValue, cwdValue, branch, statusValue, trusted);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
    }

    /**
     * The same options as a session filter, for `recall query --store sessions`: session attributes only; the entry
     * attributes (type, scope, status, review state, trust) are refused rather than ignored.
     */
    SessionFilter toSessionFilter(App app) {
        if (type != null || scope != null || status != null || reviewState != null || trustedOnly != null) {
            throw new CliException(ExitCode.USAGE, "--type, --scope, --status, --review-state and --trusted-only"
                    + " filter entries; passages of the archive filter by --project, --cwd, --git-branch and --agent");
        }
        EntryFilter f = toFilter(app, null, false);
        return new SessionFilter(f.project(), f.agent(), f.cwd(), f.gitBranch(), null, null, false);
    }

    private EntryFilter filter(String projectValue, String cwdValue, String branch, EntryStatus statusValue,
            boolean trusted) {
        return new EntryFilter(projectValue, cwdValue, branch, agent,
                type == null ? null : parse(() -> EntryType.parse(type), "--type"),
                scope == null ? null : parse(() -> Scope.parse(scope), "--scope"),
                statusValue,
                reviewState == null ? null : parse(() -> ReviewState.parse(reviewState), "--review-state"),
                trusted);
    }

    private static <T> T parse(java.util.function.Supplier<T> parser, String option) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, option + ": " + e.getMessage());
        }
    }

    /** The project a directory belongs to: the name of its git work tree's top directory, else its own name. */
    static String projectOf(Path dir) {
        for (Path d = dir.toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.exists(d.resolve(".git"))) {
                return d.getFileName() == null ? null : d.getFileName().toString();
            }
        }
        return dir.toAbsolutePath().getFileName() == null ? null : dir.toAbsolutePath().getFileName().toString();
    }

    /** Reads the branch from .git/HEAD directly: no process to start, nothing in the repository can run. */
    static String currentBranch(Path dir) {
        for (Path d = dir.toAbsolutePath(); d != null; d = d.getParent()) {
            Path git = d.resolve(".git");
            try {
                if (Files.isRegularFile(git)) { // a worktree or submodule: "gitdir: <path>"
                    String line = Files.readString(git).strip();
                    if (!line.startsWith("gitdir:")) {
                        return null;
                    }
                    git = d.resolve(line.substring("gitdir:".length()).strip());
                }
                Path head = git.resolve("HEAD");
                if (Files.isRegularFile(head)) {
                    String ref = Files.readString(head).strip();
                    return ref.startsWith("ref: refs/heads/") ? ref.substring("ref: refs/heads/".length()) : null;
                }
            } catch (IOException e) {
                return null;
            }
        }
        return null;
    }
}
