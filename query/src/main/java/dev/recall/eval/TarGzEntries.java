package dev.recall.eval;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * Reads the regular files of a {@code .tar.gz} in order, in memory, without extracting anything to disk
 * (commons-compress reads the tar: ustar, GNU and pax headers, long names).
 */
final class TarGzEntries {
    /** Receives one archive member: its path inside the archive and its whole content. */
    @FunctionalInterface
    interface Visitor {
        void accept(String name, byte[] content) throws IOException;
    }

    private TarGzEntries() {}

    static void forEach(Path archive, Visitor visitor) throws IOException {
        try (InputStream gz = new GZIPInputStream(new BufferedInputStream(Files.newInputStream(archive)), 1 << 16);
                TarArchiveInputStream tar = new TarArchiveInputStream(gz)) {
            TarArchiveEntry entry;
            while ((entry = next(archive, tar)) != null) {
                if (!entry.isFile()) {
                    continue; // directories, links: nothing to read
                }
                if (entry.getSize() > Integer.MAX_VALUE - 8) {
                    throw new CollectionException(archive, "tar member too large: " + entry.getSize() + " bytes");
                }
                byte[] content;
                try {
                    content = tar.readNBytes((int) entry.getSize());
                } catch (IOException e) {
                    content = new byte[0]; // commons-compress: "Truncated TAR archive"
                }
                if (content.length != entry.getSize()) {
                    throw new CollectionException(archive, "tar archive truncated inside a member");
                }
                visitor.accept(entry.getName(), content);
            }
        } catch (NoSuchFileException e) {
            throw new CollectionException(archive, "archive not found");
        } catch (ZipException e) {
            throw new CollectionException(archive, "not a gzip file: " + e.getMessage());
        } catch (EOFException e) {
            throw new CollectionException(archive, "archive is truncated");
        }
    }

    private static TarArchiveEntry next(Path archive, TarArchiveInputStream tar) throws IOException {
        try {
            return tar.getNextEntry();
        } catch (EOFException | CollectionException e) {
            throw e;
        } catch (IOException e) {
            throw new CollectionException(archive, "not a tar archive (bad tar header checksum, or a damaged header): "
                    + e.getMessage());
        }
    }
}
