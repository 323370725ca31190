package dev.recall.embeddings;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;

/**
 * Writes cache files so that no reader, in this process or another, ever sees a half-written
 * one: content goes to a temp file in the target's directory and is renamed into place.
 */
final class CacheFiles {

    /** A finished temp file, not yet visible under its final name. */
    record Staged(Path temp, String sha256, long size) {}

    private CacheFiles() {}

    static Staged stage(InputStream source, Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, target.getFileName() + ".", ".tmp");
        try {
            MessageDigest digest = Sha256.newDigest();
            long size;
            try (OutputStream out = new DigestOutputStream(Files.newOutputStream(temp), digest)) {
                size = source.transferTo(out);
            }
            // Without this a crash right after the rename can leave an empty file under the
            // final name on file systems with delayed allocation.
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            return new Staged(temp, Sha256.hex(digest), size);
        } catch (IOException | RuntimeException e) {
            discard(temp);
            throw e;
        }
    }

    static void publish(Staged staged, Path target) throws IOException {
        try {
            Files.move(staged.temp(), target,
                    StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(staged.temp(), target, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            discard(staged.temp());
        }
    }

    static void discard(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // A stray temp file in a cache directory is harmless; the caller's error matters more.
        }
    }
}
