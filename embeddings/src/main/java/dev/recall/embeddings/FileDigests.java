package dev.recall.embeddings;

import dev.recall.store.AtomicFiles;
import dev.recall.store.Digests;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.DigestInputStream;
import java.security.MessageDigest;

/**
 * SHA-256 of a user's model file, remembered under {@code <cacheDir>/digests/} against the
 * file's size and modification time: hashing a model of a few hundred MB on every start would
 * cost seconds in a cold JVM.
 */
final class FileDigests {

    private final Path root;

    /** @param cacheDir where to remember digests; {@code null} to hash every time */
    FileDigests(Path cacheDir) {
        this.root = cacheDir == null ? null : cacheDir.resolve("digests");
    }

    String sha256(Path file) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        BasicFileAttributes attributes = Files.readAttributes(absolute, BasicFileAttributes.class);
        String stamp = attributes.size() + " " + attributes.lastModifiedTime().toMillis() + " "
                + attributes.fileKey();
        Path memo = root == null ? null : root.resolve(
                Digests.sha256Hex(absolute.toString().getBytes(StandardCharsets.UTF_8)));
        if (memo != null && Files.isRegularFile(memo)) {
            String[] remembered = Files.readString(memo, StandardCharsets.UTF_8).split("\n", -1);
            if (remembered.length >= 2 && remembered[0].equals(stamp)) {
                return remembered[1];
            }
        }
        String digest = hash(absolute);
        if (memo != null) {
            byte[] content = (stamp + "\n" + digest + "\n").getBytes(StandardCharsets.UTF_8);
            AtomicFiles.write(memo, out -> out.write(content));
        }
        return digest;
    }

    private static String hash(Path file) throws IOException {
        MessageDigest digest = Digests.newDigest();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return Digests.hex(digest);
    }
}
