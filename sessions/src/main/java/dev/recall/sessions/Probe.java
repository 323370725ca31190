package dev.recall.sessions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** What an adapter looks at to tell whether a file is its: the name, the first line, the first bytes. Read once. */
public final class Probe {
    static final int HEAD_BYTES = 64 * 1024;
    private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    private final Path path;
    private byte[] head;
    private String firstLine;
    private java.util.List<com.fasterxml.jackson.databind.JsonNode> records;
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();

    Probe(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    public String name() {
        return path.getFileName().toString();
    }

    /** The first non-blank line (decompressed for .zst), or "" when unreadable. */
    public String firstLine() {
        if (firstLine == null) {
            try {
                firstLine = new LineSource(path).firstLine().strip();
            } catch (IOException | RuntimeException e) {
                firstLine = "";
            }
        }
        return firstLine;
    }

    /** The first few lines that parse as JSON objects (malformed ones skipped), from the first 64 KiB. */
    public java.util.List<com.fasterxml.jackson.databind.JsonNode> firstRecords() {
        if (records == null) {
            records = new java.util.ArrayList<>();
            String text = name().endsWith(".zst") ? firstLine() : head();
            for (String line : text.split("\n")) {
                if (records.size() == 5) {
                    break;
                }
                try {
                    com.fasterxml.jackson.databind.JsonNode n = JSON.readTree(line);
                    if (n != null && n.isObject()) {
                        records.add(n);
                    }
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    // a malformed line says nothing about whose file this is
                }
            }
        }
        return records;
    }

    /** Up to the first 64 KiB as text. */
    public String head() {
        return new String(bytes(), StandardCharsets.UTF_8);
    }

    public boolean sqlite() {
        byte[] b = bytes();
        if (b.length < SQLITE_MAGIC.length) {
            return false;
        }
        for (int i = 0; i < SQLITE_MAGIC.length; i++) {
            if (b[i] != SQLITE_MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    private byte[] bytes() {
        if (head == null) {
            try (InputStream in = Files.newInputStream(path)) {
                head = in.readNBytes(HEAD_BYTES);
            } catch (IOException e) {
                head = new byte[0];
            }
        }
        return head;
    }
}
