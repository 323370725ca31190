package dev.recall.sessions;

import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads a transcript file as complete lines from a byte offset. Offsets count uncompressed bytes, so a
 * {@code .jsonl.zst} rollout is handled like a plain file. A trailing line without its newline is left for the
 * next read, because the agent may still be writing it; compressed files are written once, so theirs is complete.
 */
final class LineSource {
    static final int HEAD_LENGTH = 4096;

    /** Receives each complete line with the byte offset where it starts. */
    @FunctionalInterface
    interface LineHandler {
        void line(String text, long startOffset);
    }

    /** Where reading stopped: the end of the last complete line, and whether a partial line is pending. */
    record End(long offset, boolean partialTail) {}

    private final Path path;

    LineSource(Path path) {
        this.path = path;
    }

    boolean compressed() {
        return path.getFileName().toString().endsWith(".zst");
    }

    End read(long fromOffset, LineHandler handler) throws IOException {
        try (InputStream in = open(fromOffset)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream(512);
            byte[] buf = new byte[1 << 16];
            long offset = fromOffset;
            long lineStart = fromOffset;
            int n;
            while ((n = in.read(buf)) != -1) {
                int from = 0;
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        line.write(buf, from, i - from);
                        handler.line(decode(line), lineStart);
                        line.reset();
                        from = i + 1;
                        lineStart = offset + from;
                    }
                }
                line.write(buf, from, n - from);
                offset += n;
            }
            if (line.size() == 0) {
                return new End(offset, false);
            }
            if (compressed()) {
                handler.line(decode(line), lineStart);
                return new End(offset, false);
            }
            return new End(lineStart, true);
        }
    }

    /** SHA-256 of the first {@code length} bytes, or null when the file is now shorter than that. */
    String headDigest(long length) throws IOException {
        if (length <= 0) {
            return null;
        }
        try (InputStream in = open(0)) {
            byte[] head = in.readNBytes((int) length);
            if (head.length < length) {
                return null;
            }
            return dev.recall.store.Digests.sha256Hex(head);
        }
    }

    /** The first non-blank line, for telling formats apart. */
    String firstLine() throws IOException {
        try (InputStream in = open(0)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream(512);
            int b;
            while ((b = in.read()) != -1) {
                if (b == '\n') {
                    if (!decode(line).isBlank()) {
                        return decode(line);
                    }
                    line.reset();
                } else if (line.size() < 1 << 20) {
                    line.write(b);
                }
            }
            return decode(line);
        }
    }

    private InputStream open(long offset) throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
        try {
            if (compressed()) {
                InputStream in = new BufferedInputStream(new ZstdInputStream(Channels.newInputStream(channel)),
                        1 << 16);
                in.skipNBytes(offset);
                return in;
            }
            channel.position(offset);
            return new BufferedInputStream(Channels.newInputStream(channel), 1 << 16);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private static String decode(ByteArrayOutputStream line) {
        int n = line.size();
        String s = line.toString(StandardCharsets.UTF_8);
        return n > 0 && s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
}
