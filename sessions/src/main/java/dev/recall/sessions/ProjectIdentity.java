package dev.recall.sessions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Which project and branch a directory belongs to, computed one way for every caller: the project is the name of
 * the git work tree's top directory (else the directory's own name); the branch is read from the work tree's
 * HEAD file, no process started, and is null on a detached HEAD or outside git.
 *
 * @param dir the directory asked about, absolute and normalised
 * @param project the project name, or null for a root directory
 * @param branch the checked-out branch, or null (detached HEAD, not in a git work tree)
 */
public record ProjectIdentity(Path dir, String project, String branch) {
    private static final String HEAD_REF = "ref: refs/heads/";

    public static ProjectIdentity of(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        return gitTop(abs).map(top -> new ProjectIdentity(abs, top.getFileName().toString(),
                branch(top, top.resolve(".git")))).orElseGet(() -> new ProjectIdentity(abs,
                abs.getFileName() == null ? null : abs.getFileName().toString(), null));
    }

    /** The top directory of the git work tree holding {@code dir} (the nearest with a .git), if any. */
    public static java.util.Optional<Path> gitTop(Path dir) {
        for (Path d = dir.toAbsolutePath().normalize(); d != null && d.getFileName() != null; d = d.getParent()) {
            if (Files.exists(d.resolve(".git"))) {
                return java.util.Optional.of(d);
            }
        }
        return java.util.Optional.empty();
    }

    /** The project of a working directory recorded in a transcript; the text itself when it is not a path. */
    static String projectOf(String cwd) {
        if (cwd == null || cwd.isBlank()) {
            return null;
        }
        try {
            String project = of(Path.of(cwd)).project();
            return project == null ? cwd : project;
        } catch (InvalidPathException | SecurityException e) {
            return cwd;
        }
    }

    private static String branch(Path top, Path git) {
        try {
            if (Files.isRegularFile(git)) { // a worktree or submodule: "gitdir: <path>"
                String line = Files.readString(git).strip();
                if (!line.startsWith("gitdir:")) {
                    return null;
                }
                git = top.resolve(line.substring("gitdir:".length()).strip());
            }
            Path head = git.resolve("HEAD");
            if (!Files.isRegularFile(head)) {
                return null;
            }
            String ref = Files.readString(head).strip();
            return ref.startsWith(HEAD_REF) ? ref.substring(HEAD_REF.length()) : null;
        } catch (IOException | InvalidPathException e) {
            return null;
        }
    }
}
