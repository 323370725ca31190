package dev.recall.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The archive tier end to end on a tiny corpus: every phase runs through the product's code and reports. */
class ArchiveBenchTest {
    @TempDir
    Path dir;

    @Test
    void measuresEveryPhaseOfASmallArchive() throws Exception {
        Path corpus = TinyCorpus.write(dir, "a");
        List<String> log = new ArrayList<>();
        ArchiveBench.Result r = new ArchiveBench(new ArchiveBench.Options(30, 240, 5, 7, corpus, dir.resolve("work"),
                true, Duration.ZERO), log::add).run();
        assertEquals(31, r.sessions(), "the tier plus the one incremental session");
        assertEquals(248, r.messages());
        assertEquals(30 * 2, r.passages(), "8 messages a session: two user turns");
        assertEquals(8, r.incrementalMessages());
        assertEquals(5, r.lexical().queries());
        assertEquals(5, r.hybrid().queries());
        assertTrue(r.databaseBytes() > 0 && r.passageIndexBytes() > 0 && r.vectorBytes() > 0, r.toString());
        assertTrue(log.stream().anyMatch(l -> l.contains("incremental sync of 1 session")), log.toString());
        assertTrue(Files.isDirectory(dir.resolve("work").resolve("archive-240")), "kept with keep = true");
        String table = ArchiveBench.markdown(r);
        assertTrue(table.contains("| 31 | 248 | 60 |"), table);
    }
}
