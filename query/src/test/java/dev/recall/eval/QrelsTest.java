package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QrelsTest {
    @TempDir
    Path dir;

    @Test
    void readsBeirTsvSkippingTheHeader() throws IOException {
        Path file = Files.writeString(dir.resolve("test.tsv"), "query-id\tcorpus-id\tscore\n1\t31715818\t1\n1\t7\t0\n3\t14717500\t2\n");
        Qrels qrels = Qrels.readBeirTsv(file);
        assertEquals(List.of("1", "3"), List.copyOf(qrels.queryIds()));
        assertEquals(Map.of("31715818", 1, "7", 0), qrels.judgments("1"));
        assertEquals(1, qrels.relevantCount("1"));
        assertEquals(2, qrels.judgments("3").get("14717500"));
        assertEquals(Map.of(), qrels.judgments("missing"));
    }

    @Test
    void readsTrecQrels() throws IOException {
        Path file = Files.writeString(dir.resolve("qrels.txt"), "1 Q0 CACM-1410 1\n1  0  CACM-1572 1\n\n2\tQ0\tCACM-0002\t0\n");
        Qrels qrels = Qrels.readTrec(file);
        assertEquals(2, qrels.relevantCount("1"));
        assertEquals(0, qrels.relevantCount("2"));
        assertEquals(Map.of("CACM-0002", 0), qrels.judgments("2"));
    }

    @Test
    void malformedLineIsReportedWithFileAndLine() throws IOException {
        Path file = Files.writeString(dir.resolve("qrels.txt"), "1 Q0 A 1\n1 Q0 B\n");
        CollectionException e = assertThrows(CollectionException.class, () -> Qrels.readTrec(file));
        assertTrue(e.getMessage().startsWith(file + ":2: expected 4 columns"), e.getMessage());
    }

    @Test
    void nonNumericGradeIsReported() throws IOException {
        Path file = Files.writeString(dir.resolve("test.tsv"), "query-id\tcorpus-id\tscore\n1\tA\tyes\n");
        CollectionException e = assertThrows(CollectionException.class, () -> Qrels.readBeirTsv(file));
        assertTrue(e.getMessage().startsWith(file + ":2: grade is not an integer"), e.getMessage());
    }

    @Test
    void conflictingDuplicateJudgmentIsRefusedButARepeatIsNot() throws IOException {
        Path repeat = Files.writeString(dir.resolve("a.txt"), "1 Q0 A 1\n1 Q0 A 1\n");
        assertEquals(1, Qrels.readTrec(repeat).relevantCount("1"));
        Path conflict = Files.writeString(dir.resolve("b.txt"), "1 Q0 A 1\n1 Q0 A 0\n");
        CollectionException e = assertThrows(CollectionException.class, () -> Qrels.readTrec(conflict));
        assertTrue(e.getMessage().startsWith(conflict + ":2:"), e.getMessage());
    }

    @Test
    void missingFileIsNamed() {
        Path missing = dir.resolve("nope.tsv");
        CollectionException e = assertThrows(CollectionException.class, () -> Qrels.readBeirTsv(missing));
        assertEquals(missing + ": qrels file not found", e.getMessage());
    }
}
