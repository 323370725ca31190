package dev.recall.cli;

import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.ReviewState;
import dev.recall.store.Scope;
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

    @Option(names = "--trusted-only", description = "Only trusted entries (accepted, human-reviewed, transferable, provenance intact).")
    boolean trustedOnly;

    @Option(names = "--current-cwd", description = "Filter by the current working directory.")
    boolean currentCwd;

    @Option(names = "--current-git-branch", description = "Filter by the git branch checked out in the working directory.")
    boolean currentGitBranch;

    EntryFilter toFilter(App app) {
        return toFilter(app, null, trustedOnly);
    }

    /** With a default status for commands that search only live entries unless told otherwise. */
    EntryFilter toFilter(App app, EntryStatus defaultStatus, boolean trusted) {
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
        EntryStatus statusValue = status == null ? (trusted ? null : defaultStatus) : parse(() -> EntryStatus.parse(status), "--status");
        return new EntryFilter(project, cwdValue, branch, agent,
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
