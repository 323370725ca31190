package dev.recall.sessions;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The git work tree a directory is in, as git itself reports it (through {@link HardenedGit}, so nothing the
 * repository configures runs): its top-level directory and the branch checked out there.
 */
public final class GitCheckout {
    private final HardenedGit git;

    public GitCheckout() {
        this(new HardenedGit());
    }

    GitCheckout(HardenedGit git) {
        this.git = git;
    }

    /** The work tree's top-level directory, or empty outside a git work tree (or without git). */
    public Optional<Path> root(Path dir) {
        return git.run(dir, "rev-parse", "--show-toplevel").map(String::strip).filter(s -> !s.isEmpty())
                .map(Path::of);
    }

    /** The checked-out branch's short name ({@code git symbolic-ref}); empty on a detached HEAD or outside git. */
    public Optional<String> branch(Path dir) {
        return git.run(dir, "symbolic-ref", "--quiet", "--short", "HEAD").map(String::strip)
                .filter(s -> !s.isEmpty());
    }
}
