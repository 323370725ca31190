package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TarGzEntriesTest {
    @TempDir
    Path dir;

    private Map<String, String> readAll(Path archive) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        TarGzEntries.forEach(archive, (name, content) -> out.put(name, new String(content, StandardCharsets.UTF_8)));
        return out;
    }

    @Test
    void readsRegularFilesInOrderAndSkipsDirectories() throws IOException {
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        TarFixture.member(tar, "docs/", '5', "");
        TarFixture.member(tar, "docs/a.html", '0', "x".repeat(513));
        TarFixture.member(tar, "docs/b.html", '0', "");
        tar.write(new byte[1024]);
        Map<String, String> members = readAll(TarFixture.gzip(dir.resolve("t.tar.gz"), tar.toByteArray()));
        assertEquals(Map.of("docs/a.html", "x".repeat(513), "docs/b.html", ""), members);
        assertEquals("docs/a.html", members.keySet().iterator().next());
    }

    @Test
    void gnuLongNameAppliesToTheNextMember() throws IOException {
        String longName = "d/".repeat(60) + "CACM-0001.html";
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        TarFixture.member(tar, "././@LongLink", 'L', longName + "\0");
        TarFixture.member(tar, longName.substring(0, 99), '0', "body");
        TarFixture.member(tar, "short.html", '0', "second");
        tar.write(new byte[1024]);
        assertEquals(Map.of(longName, "body", "short.html", "second"),
                readAll(TarFixture.gzip(dir.resolve("t.tar.gz"), tar.toByteArray())));
    }

    @Test
    void missingEndBlocksAreTolerated() throws IOException {
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        TarFixture.member(tar, "a", '0', "text");
        assertEquals(Map.of("a", "text"), readAll(TarFixture.gzip(dir.resolve("t.tar.gz"), tar.toByteArray())));
    }

    @Test
    void truncatedMemberIsReported() throws IOException {
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        TarFixture.member(tar, "a", '0', "y".repeat(2000));
        byte[] cut = Arrays.copyOf(tar.toByteArray(), 1000);
        Path archive = TarFixture.gzip(dir.resolve("t.tar.gz"), cut);
        CollectionException e = assertThrows(CollectionException.class, () -> readAll(archive));
        assertEquals(archive + ": tar archive truncated inside a member", e.getMessage());
    }
}
