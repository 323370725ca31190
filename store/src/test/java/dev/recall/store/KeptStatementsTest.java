package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Statements a connection keeps compiled (the search's reads of candidates, their evidence and the counters): the
 * same rows as one compiled per call, for lists of every length around the padded sizes, and no read snapshot left
 * open between calls.
 */
class KeptStatementsTest {
    @TempDir
    Path dir;

    @Test
    void entriesAndEvidenceOfListsOfEveryLengthAreTheRowsThatExist() throws Exception {
        try (Database db = Fixtures.withSession(dir)) {
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < 150; i++) {
                lines.add(Fixtures.entry(String.format("e%03d", i), i % 3 == 0
                        ? "\"evidence\":[{\"start_ordinal\":1,\"end_ordinal\":2},{\"start_ordinal\":0,\"end_ordinal\":0}]"
                        : ""));
            }
            assertTrue(new EntryImport(db, Fixtures.NO_SECRETS).run(Fixtures.write(dir, "e.jsonl", lines),
                    new EntryImport.Options(false, false), true).ok());
            Entries entries = new Entries(db);
            for (int n = 0; n <= 140; n++) {
                // every other id absent, from the back of the list forwards: lists short of and past each padded size
                List<String> ids = IntStream.range(0, n).mapToObj(i -> i % 2 == 0 ? String.format("e%03d", 149 - i)
                        : "missing-" + i).toList();
                Map<String, RecallEntry> got = entries.getAll(ids);
                List<String> want = ids.stream().filter(id -> !id.startsWith("missing")).sorted().toList();
                assertEquals(want, List.copyOf(got.keySet()), n + " ids: the existing ones, in id order");
                for (String id : want) {
                    assertEquals(entries.get(id).orElseThrow(), got.get(id));
                }
                Map<String, List<Evidence>> evidence = entries.evidence(ids);
                for (String id : want) {
                    assertEquals(entries.evidence(id), evidence.getOrDefault(id, List.of()), id);
                }
                assertEquals(want.stream().filter(id -> Integer.parseInt(id.substring(1)) % 3 == 0).toList(),
                        List.copyOf(evidence.keySet()));
            }
        }
    }

    @Test
    void aKeptReadLeavesNoSnapshotOpen() throws Exception {
        try (Database reader = Fixtures.withSession(dir); Database writer = Database.open(dir.resolve("data"))) {
            Counters counters = new Counters(reader);
            long before = counters.queryStateRevision();
            Counters.Revisions both = counters.revisions();
            assertTrue(new EntryImport(writer, Fixtures.NO_SECRETS).run(Fixtures.write(dir, "e.jsonl",
                    List.of(Fixtures.entry("late", ""))), new EntryImport.Options(false, false), true).ok());
            assertTrue(counters.queryStateRevision() > before, "the kept statement sees the other connection's write");
            assertTrue(counters.revisions().corpus() > both.corpus());
            assertTrue(new Entries(reader).getAll(List.of("late")).containsKey("late"));
        }
    }

    @Test
    void moreShapesThanAreKeptAreCompiledForEachCall() throws Exception {
        try (Database db = Fixtures.withSession(dir)) {
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < Database.MAX_KEPT + 10; i++) {
                    int value = i;
                    assertEquals(Long.valueOf(value), db.<Long>readKept("SELECT " + value, ps -> {
                        try (var rs = ps.executeQuery()) {
                            rs.next();
                            return rs.getLong(1);
                        }
                    }));
                }
            }
        }
    }
}
