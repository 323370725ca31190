package dev.recall.store;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replacing a file so that readers see the old content or the new, never half of it, and a crash right after the
 * rename cannot leave an empty file under the final name (the content is forced to disk first). The temp file is
 * created beside the target (a rename across file systems is a copy) and, on POSIX, readable by the owner only.
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    /** What goes into the file; the stream is buffered and closed by the caller. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes the file's new content and puts it in place. */
    public static void write(Path target, Content content) throws IOException {
        publish(stage(target, content), target);
    }

    /**
     * Writes the content to a temp file beside the target, forced to disk, not yet visible under the target's name:
     * the caller checks it (a digest, a size, the target's path again) and then {@link #publish}es or deletes it.
     */
    public static Path stage(Path target, Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
            content.writeTo(out);
            out.flush();
            channel.force(true);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        return temp;
    }

    /** Renames a staged file over the target (atomically where the file system can); the temp is gone either way. */
    public static void publish(Path temp, Path target) throws IOException {
        try {
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
