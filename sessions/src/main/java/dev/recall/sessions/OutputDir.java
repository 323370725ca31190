package dev.recall.sessions;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The directory recall writes context.md and history.md to. It must resolve inside the project: an absolute path or a
 * {@code ..} segment is refused, every existing segment that is a symlink must resolve inside the project, and a
 * symlink as the file itself is never followed: not to read, not to write, not to append.
 */
public final class OutputDir {
    public static final String DEFAULT = ".recall";

    /** The requested output location would leave the project, or would follow a symlink recall refuses. */
    public static final class UnsafePathException extends dev.recall.store.RecallException {
        UnsafePathException(String message) {
            super(Kind.REJECTED, message);
        }
    }

    private final Path projectRoot;
    private final Path dir;

    private OutputDir(Path projectRoot, Path dir) {
        this.projectRoot = projectRoot;
        this.dir = dir;
    }

    /** Resolves (without creating) {@code relative} inside {@code projectDir}. */
    public static OutputDir resolve(Path projectDir, String relative) {
        if (relative == null || relative.isBlank()) {
            throw new UnsafePathException("the output dir must be a relative path inside the project");
        }
        Path rel = Path.of(relative);
        if (rel.isAbsolute() || relative.startsWith("~")) {
            throw new UnsafePathException("output dir '" + relative + "' is absolute; give a path inside the project");
        }
        for (Path segment : rel) {
            if (segment.toString().equals("..")) {
                throw new UnsafePathException("output dir '" + relative + "' contains '..'; it must stay inside the"
                        + " project");
            }
        }
        Path root;
        try {
            root = projectDir.toRealPath();
        } catch (IOException e) {
            throw new UnsafePathException("project dir " + projectDir + " does not exist");
        }
        Path current = root;
        for (Path segment : rel.normalize()) {
            if (segment.toString().isEmpty() || segment.toString().equals(".")) {
                continue;
            }
            Path next = current.resolve(segment.toString());
            if (Files.isSymbolicLink(next)) {
                Path target;
                try {
                    target = next.toRealPath();
                } catch (IOException e) {
                    throw new UnsafePathException("output dir segment " + next + " is a dangling symlink");
                }
                if (!target.startsWith(root)) {
                    throw new UnsafePathException("output dir segment " + next + " is a symlink leading outside the"
                            + " project (to " + target + ")");
                }
                next = target;
            }
            current = next;
        }
        return new OutputDir(root, current);
    }

    public Path dir() {
        return dir;
    }

    public Path projectRoot() {
        return projectRoot;
    }

    /** The file's path after checking it is a plain name and not a symlink. */
    public Path file(String name) {
        if (name.contains("/") || name.contains("\\") || name.equals("..") || name.equals(".")) {
            throw new UnsafePathException("'" + name + "' is not a plain file name");
        }
        Path f = dir.resolve(name);
        if (Files.isSymbolicLink(f)) {
            throw new UnsafePathException(f + " is a symlink; recall never follows a symlink it writes or reads");
        }
        return f;
    }

    /** Replaces the file atomically: readers see the old or the new content, never half of it. */
    public Path write(String name, String content) throws IOException {
        Path f = file(name);
        ensureDir();
        Path tmp = Files.createTempFile(dir, "." + name + ".", ".tmp");
        try {
            Files.writeString(tmp, content, StandardCharsets.UTF_8);
            file(name); // checked again just before the rename: the rename replaces a link, it never follows one
            Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return f;
    }

    public Path append(String name, String content) throws IOException {
        Path f = file(name);
        ensureDir();
        try (OutputStream out = Files.newOutputStream(f, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
            out.write(content.getBytes(StandardCharsets.UTF_8));
        }
        return f;
    }

    public Optional<String> read(String name) throws IOException {
        Path f = file(name);
        if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try (var in = Files.newInputStream(f, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    public boolean exists(String name) {
        return Files.isRegularFile(file(name), LinkOption.NOFOLLOW_LINKS);
    }

    private void ensureDir() throws IOException {
        // Created one segment at a time from the project root, so no segment can be swapped for a link unseen.
        Path rel = projectRoot.relativize(dir);
        Path current = projectRoot;
        for (Path segment : rel) {
            if (segment.toString().isEmpty()) {
                continue;
            }
            current = current.resolve(segment.toString());
            if (Files.isSymbolicLink(current)) {
                Path target = current.toRealPath();
                if (!target.startsWith(projectRoot)) {
                    throw new UnsafePathException(current + " became a symlink leading outside the project");
                }
            } else if (!Files.isDirectory(current)) {
                Files.createDirectory(current);
                if (current.equals(dir)) {
                    // Context and history describe private work: kept out of git unless the user decides otherwise.
                    Files.writeString(current.resolve(".gitignore"), "# created by recall; delete to commit these"
                            + " files\n*\n");
                }
            }
        }
    }
}
