package dev.recall.embeddings;

import dev.recall.store.AtomicFiles;
import dev.recall.store.Digests;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;

/**
 * Cache files no reader, in this process or another, ever sees half-written ({@link AtomicFiles}), staged with
 * their SHA-256 and size so that a copy is checked before it is published under its final name.
 */
final class CacheFiles {

    /** A finished temp file, not yet visible under its final name. */
    record Staged(Path temp, String sha256, long size) {}

    private CacheFiles() {}

    static Staged stage(InputStream source, Path target) throws IOException {
        MessageDigest digest = Digests.newDigest();
        long[] size = new long[1];
        Path temp = AtomicFiles.stage(target, out -> size[0] = source.transferTo(new DigestOutputStream(out, digest)));
        return new Staged(temp, Digests.hex(digest), size[0]);
    }

    static void publish(Staged staged, Path target) throws IOException {
        AtomicFiles.publish(staged.temp(), target);
    }

    static void discard(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // A stray temp file in a cache directory is harmless; the caller's error matters more.
        }
    }
}
