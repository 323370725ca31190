package dev.recall.eval;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads the regular files of a {@code .tar.gz} in order, in memory, without extracting anything to disk. Just
 * enough of tar for collection archives: ustar and GNU headers, GNU long names and pax {@code path} records.
 */
final class TarGzEntries {
    private static final int BLOCK = 512;

    /** Receives one archive member: its path inside the archive and its whole content. */
    @FunctionalInterface
    interface Visitor {
        void accept(String name, byte[] content) throws IOException;
    }

    private TarGzEntries() {}

    static void forEach(Path archive, Visitor visitor) throws IOException {
        try (InputStream in = new GZIPInputStream(new BufferedInputStream(Files.newInputStream(archive)), 1 << 16)) {
            read(archive, in, visitor);
        } catch (NoSuchFileException e) {
            throw new CollectionException(archive, "archive not found");
        } catch (ZipException e) {
            throw new CollectionException(archive, "not a gzip file: " + e.getMessage());
        } catch (EOFException e) {
            throw new CollectionException(archive, "archive is truncated");
        }
    }

    private static void read(Path archive, InputStream in, Visitor visitor) throws IOException {
        byte[] header = new byte[BLOCK];
        String pendingName = null;
        long offset = 0;
        while (true) {
            int read = in.readNBytes(header, 0, BLOCK);
            if (read == 0 || (read == BLOCK && isZero(header))) {
                // the end-of-archive blocks; some writers leave them out, which loses nothing
                return;
            }
            if (read < BLOCK) {
                throw new CollectionException(archive, "archive is truncated inside a tar header");
            }
            if (!checksumMatches(header)) {
                throw new CollectionException(archive, "bad tar header checksum at byte " + offset + " (not a tar archive?)");
            }
            long size = octal(archive, header, 124, 12);
            if (size > Integer.MAX_VALUE - 8) {
                throw new CollectionException(archive, "tar member too large: " + size + " bytes");
            }
            byte[] content = in.readNBytes((int) size);
            if (content.length != size) {
                throw new CollectionException(archive, "tar archive truncated inside a member");
            }
            long padding = (BLOCK - size % BLOCK) % BLOCK;
            in.skipNBytes(padding);
            offset += BLOCK + size + padding;
            char type = (char) header[156];
            switch (type) {
                case 'L' -> pendingName = cString(content, 0, content.length);
                case 'x' -> pendingName = paxPath(content, pendingName);
                case '0', '\0', '7' -> {
                    String name = pendingName != null ? pendingName : headerName(header);
                    pendingName = null;
                    visitor.accept(name, content);
                }
                default -> pendingName = null; // directories, links, global pax headers: nothing to read
            }
        }
    }

    private static boolean isZero(byte[] block) {
        for (byte b : block) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The header checksum is the byte sum of the header with its own 8-byte field read as spaces; some old
     * writers summed signed bytes, so either sum is accepted.
     */
    private static boolean checksumMatches(byte[] header) {
        long unsigned = 0;
        long signed = 0;
        for (int i = 0; i < BLOCK; i++) {
            boolean inField = i >= 148 && i < 156;
            unsigned += inField ? ' ' : (header[i] & 0xff);
            signed += inField ? ' ' : header[i];
        }
        String field = cString(header, 148, 8).strip();
        try {
            long stored = Long.parseLong(field, 8);
            return stored == unsigned || stored == signed;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String headerName(byte[] header) {
        String name = cString(header, 0, 100);
        boolean posixUstar = header[257] == 'u' && header[262] == 0; // "ustar\0"; GNU writes "ustar  \0" there
        String prefix = posixUstar ? cString(header, 345, 155) : "";
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    private static long octal(Path archive, byte[] header, int start, int length) throws IOException {
        String field = cString(header, start, length).strip();
        try {
            return field.isEmpty() ? 0 : Long.parseLong(field, 8);
        } catch (NumberFormatException e) {
            throw new CollectionException(archive, "tar header has a non-octal size '" + field + "'");
        }
    }

    private static String cString(byte[] bytes, int start, int length) {
        int end = start;
        while (end < start + length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, start, end - start, StandardCharsets.UTF_8);
    }

    /** Pax records are {@code "<len> <key>=<value>\n"}; only {@code path} matters here. */
    private static String paxPath(byte[] content, String fallback) {
        String records = new String(content, StandardCharsets.UTF_8);
        for (String record : records.split("\n")) {
            int space = record.indexOf(' ');
            if (space > 0 && record.startsWith("path=", space + 1)) {
                return record.substring(space + 1 + "path=".length());
            }
        }
        return fallback;
    }
}
