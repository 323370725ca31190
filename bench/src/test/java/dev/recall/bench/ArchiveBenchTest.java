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
                true, Duration.ZERO, false, null), log::add).run();
        assertEquals(31, r.sessions(), "the tier plus the one incremental session");
        assertEquals(248, r.messages());
        assertEquals(31 * 2, r.passages(), "8 messages a session: two user turns");
        assertEquals(8, r.incrementalMessages());
        assertEquals(5, r.lexical().queries());
        assertEquals(5, r.hybrid().queries());
        assertEquals(5, r.hybridSearch().queries());
        assertNull(r.modelQueryEmbedding(), "no model cache given: not measured");
        assertNotNull(r.writeSeconds());
        assertNotNull(r.indexBuildSeconds());
        assertTrue(r.writeCpuSeconds() > 0 && r.indexBuildCpuSeconds() > 0, r.toString());
        assertTrue(r.databaseBytes() > 0 && r.passageIndexBytes() > 0 && r.vectorBytes() > 0, r.toString());
        assertTrue(log.stream().anyMatch(l -> l.contains("incremental sync of 1 session")), log.toString());
        assertTrue(Files.isDirectory(dir.resolve("work").resolve("archive-240")), "kept with keep = true");
        String table = ArchiveBench.markdown(r);
        assertTrue(table.contains("| 31 | 248 | 62 |"), table);
        assertTrue(table.contains("hybrid (search alone, query vectors precomputed)"), table);

        // the kept archive's queries are timed again without writing or indexing anything
        List<String> again = new ArrayList<>();
        ArchiveBench.Result reused = new ArchiveBench(new ArchiveBench.Options(30, 240, 5, 7, corpus,
                dir.resolve("work"), true, Duration.ZERO, true, null), again::add).run();
        assertEquals(31, reused.sessions());
        assertEquals(62, reused.passages());
        assertNull(reused.writeSeconds());
        assertNull(reused.indexBuildSeconds());
        assertNull(reused.vectorBuildSeconds());
        assertEquals(5, reused.hybrid().queries(), "the kept session vectors are current: hybrid is answered");
        assertTrue(again.stream().noneMatch(l -> l.contains("written")), again.toString());
        assertTrue(ArchiveBench.markdown(reused).contains("| kept (kept) |"), ArchiveBench.markdown(reused));

        // a kept archive that moved since (as an interrupted run leaves it) is brought up to date, untimed
        try (dev.recall.store.Database db = dev.recall.store.Database.open(dir.resolve("work").resolve("archive-240"))) {
            ArchiveGenerator g = new ArchiveGenerator(SentenceCorpus.load(corpus), 7);
            new dev.recall.store.Sessions(db).insert(g.session(500), g.messages(500, 8));
        }
        List<String> moved = new ArrayList<>();
        ArchiveBench.Result caughtUp = new ArchiveBench(new ArchiveBench.Options(30, 240, 5, 7, corpus,
                dir.resolve("work"), true, Duration.ZERO, true, null), moved::add).run();
        assertEquals(32, caughtUp.sessions());
        assertEquals(64, caughtUp.passages());
        assertEquals(5, caughtUp.hybrid().queries());
        assertTrue(moved.stream().anyMatch(l -> l.contains("session vectors were not current: 2 passages")),
                moved.toString());
    }

    @Test
    void reusingNeedsAKeptArchive() throws Exception {
        Path corpus = TinyCorpus.write(dir, "a");
        BenchException e = assertThrows(BenchException.class, () -> new ArchiveBench(new ArchiveBench.Options(30,
                240, 5, 7, corpus, dir.resolve("empty"), true, Duration.ZERO, true, null), l -> {}).run());
        assertTrue(e.getMessage().contains("no kept archive"), e.getMessage());
    }
}
