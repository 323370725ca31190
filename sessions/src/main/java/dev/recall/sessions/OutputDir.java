package dev.recall.sessions;

import dev.recall.store.AtomicFiles;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * The directory recall writes context.md and history.md to. It must resolve inside the project: an absolute path or a
 * {@code ..} segment is refused, every existing segment that is a symlink must resolve inside the project, and a
 * symlink as the file itself is never followed: not to read, not to write, not to append. What is written is
 * markdown made from transcripts: control characters are escaped so that viewing it never runs an escape sequence.
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
        byte[] bytes = ControlCharacters.escape(content).getBytes(StandardCharsets.UTF_8);
        Path tmp = AtomicFiles.stage(f, out -> out.write(bytes));
        try {
            file(name); // checked again just before the rename: the rename replaces a link, it never follows one
        } catch (UnsafePathException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        AtomicFiles.publish(tmp, f);
        return f;
    }

    /**
     * Appends to a plain file with one link, created private (0600) if missing. A FIFO or device would block or
     * leak the write, and a hard link would carry it into a file outside the project: both are refused.
     */
    public Path append(String name, String content) throws IOException {
        Path f = file(name);
        ensureDir();
        requirePlainFile(f);
        try (var out = Channels.newOutputStream(Files.newByteChannel(f, Set.of(StandardOpenOption.CREATE,
                StandardOpenOption.APPEND, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), PRIVATE))) {
            out.write(ControlCharacters.escape(content).getBytes(StandardCharsets.UTF_8));
        }
        return f;
    }

    private static final FileAttribute<Set<PosixFilePermission>> PRIVATE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    private static void requirePlainFile(Path f) throws IOException {
        if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        BasicFileAttributes attrs = Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!attrs.isRegularFile()) {
            throw new UnsafePathException(f + " is not a regular file (a FIFO, device or directory); recall only"
                    + " writes plain files");
        }
        Object links = Files.getAttribute(f, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        if (links instanceof Integer n && n > 1) {
            throw new UnsafePathException(f + " has " + n + " links; recall never writes through a hard link (it"
                    + " would change the other file too)");
        }
    }

    public Optional<String> read(String name) throws IOException {
        Path f = file(name);
        if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty(); // a FIFO is never opened: reading it would block
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
