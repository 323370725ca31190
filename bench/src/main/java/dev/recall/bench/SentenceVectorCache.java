package dev.recall.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.zip.CRC32;

/**
 * The model's vectors of the corpus units on disk, so a rerun does not embed them again. One file per key (model
 * fingerprint and corpus units); the key is in the header too, with the shape and a CRC32 of the floats, so a file
 * that is truncated, corrupt or made for another model or corpus is rejected, never half-used.
 */
final class SentenceVectorCache {
    private static final long MAGIC = 0x5245_4341_4C4C_5356L; // "RECALLSV"
    private static final int VERSION = 1;

    private final Path dir;
    private final Consumer<String> log;

    SentenceVectorCache(Path dir, Consumer<String> log) {
        this.dir = dir;
        this.log = log;
    }

    Path file(String key) {
        return dir.resolve("sentence-vectors-" + key.substring(0, 16) + ".bin");
    }

    /** The cached vectors for {@code key}, or empty (saying why when a file was there but unusable). */
    Optional<float[][]> read(String key, int count, int dims) {
        Path file = file(key);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            if (in.readLong() != MAGIC) {
                return rejected(file, "it is not a sentence-vector cache file");
            }
            int version = in.readInt();
            if (version != VERSION) {
                return rejected(file, "it has format version " + version + ", expected " + VERSION);
            }
            String fileKey = in.readUTF();
            if (!fileKey.equals(key)) {
                return rejected(file, "it was made for another model or corpus (key " + abbreviate(fileKey)
                        + ", expected " + abbreviate(key) + ")");
            }
            int fileCount = in.readInt();
            int fileDims = in.readInt();
            if (fileCount != count || fileDims != dims) {
                return rejected(file, "it holds " + fileCount + " vectors of " + fileDims + " dimensions, expected "
                        + count + " of " + dims);
            }
            CRC32 crc = new CRC32();
            float[][] vectors = new float[count][dims];
            byte[] row = new byte[4 * dims];
            for (float[] v : vectors) {
                in.readFully(row);
                crc.update(row);
                java.nio.ByteBuffer.wrap(row).asFloatBuffer().get(v);
            }
            if (in.readLong() != crc.getValue()) {
                return rejected(file, "its checksum does not match its vectors (corrupt)");
            }
            if (in.read() != -1) {
                return rejected(file, "it has bytes after its checksum (corrupt)");
            }
            return Optional.of(vectors);
        } catch (EOFException e) {
            return rejected(file, "it is truncated");
        } catch (IOException e) {
            return rejected(file, "it cannot be read: " + e.getMessage());
        }
    }

    /** Writes through a temp file and a rename, so a killed run never leaves a half-written cache behind. */
    void write(String key, float[][] vectors) {
        Path file = file(key);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.createDirectories(dir);
            try (DataOutputStream out = new DataOutputStream(
                    new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16))) {
                out.writeLong(MAGIC);
                out.writeInt(VERSION);
                out.writeUTF(key);
                out.writeInt(vectors.length);
                int dims = vectors.length == 0 ? 0 : vectors[0].length;
                out.writeInt(dims);
                CRC32 crc = new CRC32();
                byte[] row = new byte[4 * dims];
                for (float[] v : vectors) {
                    java.nio.ByteBuffer.wrap(row).asFloatBuffer().put(v);
                    crc.update(row);
                    out.write(row);
                }
                out.writeLong(crc.getValue());
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new BenchException("cannot write the sentence-vector cache " + file + ": " + e.getMessage(), e);
        }
    }

    private Optional<float[][]> rejected(Path file, String why) {
        log.accept("sentence vectors: ignoring cache file " + file + " because " + why + "; embedding again");
        return Optional.empty();
    }

    private static String abbreviate(String key) {
        return key.length() > 16 ? key.substring(0, 16) + "..." : key;
    }
}
