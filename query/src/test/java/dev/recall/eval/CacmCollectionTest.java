package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CacmCollectionTest {
    @TempDir
    Path dir;

    private void writeCollection() throws IOException {
        Map<String, String> docs = new LinkedHashMap<>();
        docs.put("CACM-0001.html", "<html>\n<pre>\n\n\nPreliminary Report-International Algebraic Language\n</pre>\n</html>\n");
        docs.put("CACM-0002.html", "<html>\n<pre>\nIf a < b and c > d then <i>x</i>\n</pre>\n</html>\n");
        TarFixture.write(dir.resolve("cacm.tar.gz"), docs);
        Files.writeString(dir.resolve("topics.cacm.txt"), """
                <DOC>
                <DOCNO> 1 </DOCNO>


                 What articles exist which deal with TSS (Time Sharing System), an
                operating system for IBM computers?

                </DOC>
                <DOC>
                <DOCNO> 2 </DOCNO>
                 Algebraic language
                </DOC>
                """);
        Files.writeString(dir.resolve("qrels.cacm.txt"), "1 Q0 CACM-0002 1\n");
    }

    @Test
    void readsDocumentsStraightFromTheArchive() throws IOException {
        writeCollection();
        TestCollection c = CacmCollection.read(dir);
        assertEquals(List.of("CACM-0001", "CACM-0002"), c.docs().stream().map(CollectionDoc::id).toList());
        assertEquals("\n\n\n\nPreliminary Report-International Algebraic Language\n\n\n", c.docs().get(0).text());
        assertEquals("", c.docs().get(0).title());
    }

    @Test
    void removesOnlyTheFourWrapperTags() throws IOException {
        writeCollection();
        // "<i>" and the text between "<" and ">" stay, as in Anserini's extraction
        assertEquals("\n\nIf a < b and c > d then <i>x</i>\n\n\n", CacmCollection.read(dir).docs().get(1).text());
    }

    @Test
    void readsTopicsWithWhitespaceCollapsed() throws IOException {
        writeCollection();
        TestCollection c = CacmCollection.read(dir);
        assertEquals(new Topic("1", "What articles exist which deal with TSS (Time Sharing System), an "
                + "operating system for IBM computers?"), c.topics().get(0));
        assertEquals(new Topic("2", "Algebraic language"), c.topics().get(1));
        assertEquals(List.of("1"), c.judgedTopics().stream().map(Topic::id).toList());
    }

    @Test
    void missingArchiveIsNamed() throws IOException {
        writeCollection();
        Files.delete(dir.resolve("cacm.tar.gz"));
        CollectionException e = assertThrows(CollectionException.class, () -> CacmCollection.read(dir));
        assertEquals(dir.resolve("cacm.tar.gz") + ": archive not found", e.getMessage());
    }

    @Test
    void archiveThatIsNotGzipIsReported() throws IOException {
        writeCollection();
        Files.writeString(dir.resolve("cacm.tar.gz"), "plain text");
        CollectionException e = assertThrows(CollectionException.class, () -> CacmCollection.read(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve("cacm.tar.gz") + ": not a gzip file"), e.getMessage());
    }

    @Test
    void gzipThatIsNotTarIsReported() throws IOException {
        writeCollection();
        try (var out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("cacm.tar.gz")))) {
            out.write("x".repeat(2000).getBytes());
        }
        CollectionException e = assertThrows(CollectionException.class, () -> CacmCollection.read(dir));
        assertTrue(e.getMessage().contains("bad tar header checksum"), e.getMessage());
    }

    @Test
    void malformedTopicIsReportedWithItsLine() throws IOException {
        writeCollection();
        Files.writeString(dir.resolve("topics.cacm.txt"), "<DOC>\n<DOCNO> 1 </DOCNO>\ntext\n</DOC>\n<DOC>\n<DOCNO> 2\n");
        CollectionException e = assertThrows(CollectionException.class, () -> CacmCollection.read(dir));
        assertEquals(dir.resolve("topics.cacm.txt") + ":5: unterminated or malformed <DOC> block", e.getMessage());
    }

    @Test
    void judgedQueryWithoutATopicIsRefused() throws IOException {
        writeCollection();
        Files.writeString(dir.resolve("qrels.cacm.txt"), "9 Q0 CACM-0002 1\n");
        CollectionException e = assertThrows(CollectionException.class, () -> CacmCollection.read(dir));
        assertTrue(e.getMessage().contains("qrels judge query 9 but there is no such topic"), e.getMessage());
    }
}
