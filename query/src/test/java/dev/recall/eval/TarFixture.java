package dev.recall.eval;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/** Writes small ustar .tar.gz archives for tests, so no archive has to be checked in. */
final class TarFixture {
    private TarFixture() {}

    static Path write(Path file, Map<String, String> members) throws IOException {
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        for (Map.Entry<String, String> m : members.entrySet()) {
            member(tar, m.getKey(), '0', m.getValue());
        }
        tar.write(new byte[1024]);
        return gzip(file, tar.toByteArray());
    }

    static void member(ByteArrayOutputStream tar, String name, char type, String text) throws IOException {
        byte[] content = text.getBytes(StandardCharsets.UTF_8);
        tar.write(header(name, content.length, type));
        tar.write(content);
        tar.write(new byte[(512 - content.length % 512) % 512]);
    }

    static Path gzip(Path file, byte[] bytes) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(bytes);
        }
        return file;
    }

    static byte[] header(String name, long size, char type) {
        byte[] h = new byte[512];
        put(h, 0, name);
        put(h, 100, "0000644");
        put(h, 108, "0000000");
        put(h, 116, "0000000");
        put(h, 124, String.format("%011o", size));
        put(h, 136, "00000000000");
        h[156] = (byte) type;
        put(h, 257, "ustar");
        put(h, 263, "00");
        for (int i = 148; i < 156; i++) {
            h[i] = ' ';
        }
        long sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        put(h, 148, String.format("%06o", sum));
        h[154] = 0;
        h[155] = ' ';
        return h;
    }

    private static void put(byte[] h, int at, String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, h, at, b.length);
    }
}
