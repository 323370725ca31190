package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.StoreSql;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** issue 12 items 3 and 12: `recall doctor` says what is wrong and what to do; generation dirs do not pile up. */
class DoctorCliTest {
    @TempDir
    Path tmp;

    private static List<Path> generationDirs(Path data) throws Exception {
        try (Stream<Path> dirs = Files.list(data.resolve("vectors/recall"))) {
            return dirs.sorted().toList();
        }
    }

    @Test
    void doctorFindsAndFixesWhatGoesWrongAndGenerationsLeaveNoDebris() throws Exception {
        Path data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()).code());
        assertEquals(0, CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes").code());
        assertEquals(0, CliRun.run(data, "embeddings", "build").code());
        assertEquals(0, CliRun.run(data, "query", "tests").code());
        CliRun healthy = CliRun.run(data, "doctor");
        assertEquals(0, healthy.code(), healthy.toString());
        assertTrue(healthy.out().contains("integrity_check ok") && healthy.out().contains("healthy"), healthy.out());

        // a finished full rebuild removes the generation it replaced
        Path first = generationDirs(data).getFirst();
        assertEquals(0, CliRun.run(data, "embeddings", "build", "--full-rebuild").code());
        assertEquals(1, generationDirs(data).size());
        assertFalse(Files.exists(first));

        // debris no generation names is reported, and --gc reclaims it
        Path orphan = Files.createDirectories(data.resolve("vectors/recall/gen-99-abcdefabcdef"));
        Files.write(orphan.resolve("_0.vec"), new byte[4096]);
        CliRun dirty = CliRun.run(data, "doctor", "--json");
        assertEquals(1, dirty.code(), dirty.toString());
        assertFalse(dirty.json().get("healthy").asBoolean());
        assertTrue(dirty.out().contains("recall doctor --gc"), dirty.out());
        // the checkup gives a typed remedy; the command line words it
        assertTrue(StreamSupport.stream(dirty.json().get("findings").spliterator(), false)
                .anyMatch(f -> f.get("remedy").asText().equals("collect_unused")
                        && f.get("fix").asText().equals("recall doctor --gc")), dirty.out());
        CliRun gc = CliRun.run(data, "doctor", "--gc", "--json");
        assertEquals(0, gc.code(), gc.toString());
        assertEquals(1, gc.json().get("reclaimed_dirs").size());
        assertEquals(orphan.toString(), gc.json().get("reclaimed_dirs").get(0).asText());
        assertFalse(Files.exists(orphan));

        // loose permissions are named with the chmod that fixes them
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwxr-xr-x"));
        CliRun loose = CliRun.run(data, "doctor");
        assertEquals(1, loose.code());
        assertTrue(loose.out().contains("FIX  permissions") && loose.out().contains("chmod 700 " + data), loose.out());
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwx------"));

        // a missing index is named with the build that repairs it
        Path active = generationDirs(data).getFirst();
        try (Stream<Path> all = Files.walk(active)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
        CliRun missing = CliRun.run(data, "doctor");
        assertEquals(1, missing.code());
        assertTrue(missing.out().contains("is missing") && missing.out().contains("recall embeddings build --store recall"),
                missing.out());
        assertEquals(0, CliRun.run(data, "embeddings", "build").code());
        assertEquals(0, CliRun.run(data, "doctor").code());

        // issue 22: the generations as a table with a header, counts and dates
        CliRun table = CliRun.run(data, "embeddings", "list");
        List<String> rows = table.out().lines().toList();
        assertTrue(rows.get(0).matches("id +state +model +dims +vectors +revision +fingerprint +created +activated"),
                table.out());
        assertTrue(rows.stream().anyMatch(l -> l.matches(" *\\d+ +active +\\S+ +384 +\\d+ +\\d+ \\(fresh\\) .*"
                + "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d")), table.out());

        // retiring removes the files; a retired generation cannot come back without them
        var generations = CliRun.run(data, "embeddings", "list", "--json").json().get("generations");
        long activeId = generations.get(generations.size() - 1).get("id").asLong();
        assertEquals(0, CliRun.run(data, "embeddings", "retire", Long.toString(activeId)).code());
        assertEquals(List.of(), generationDirs(data));
        CliRun back = CliRun.run(data, "embeddings", "activate", Long.toString(activeId));
        assertEquals(4, back.code(), back.toString());
        assertTrue(back.err().contains("cannot activate generation " + activeId), back.err());
    }

    /** issue 12 item 3: text changed outside recall is found by its digest, named, and accepted by a rebuild. */
    @Test
    void entryTextChangedOutsideRecallIsFoundAndARebuildAcceptsIt() throws Exception {
        Path data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()).code());
        assertEquals(0, CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes").code());
        assertEquals(0, CliRun.run(data, "embeddings", "build").code());
        CliRun clean = CliRun.run(data, "doctor");
        assertEquals(0, clean.code(), clean.toString());
        assertTrue(clean.out().contains("ok   entries: the text of all"), clean.out());

        // a hand edit that bypasses recall (and its triggers): the indexes cannot know
        String id = CliRun.run(data, "list", "--limit", "1", "--json").json().get("entries").get(0).get("id").asText();
        StoreSql.onFile(data.resolve("recall.db"), List.of("DROP TRIGGER recall_entries_corpus_update",
                "DROP TRIGGER recall_entries_query_update",
                "UPDATE recall_entries SET body = 'Run the tests with the zebracorn harness' WHERE id = ?"), id);
        CliRun dirty = CliRun.run(data, "doctor");
        assertEquals(1, dirty.code(), dirty.toString());
        assertTrue(dirty.out().contains("FIX  entries: 1 entry's text changed outside recall: " + id), dirty.out());
        assertTrue(dirty.out().contains("recall index rebuild --vectors"), dirty.out());

        CliRun rebuilt = CliRun.run(data, "index", "rebuild");
        assertEquals(0, rebuilt.code(), rebuilt.toString());
        assertTrue(rebuilt.out().contains("recorded the text of 1 entry changed outside recall as intended"), rebuilt.out());
        assertEquals(4, CliRun.run(data, "query", "zebracorn harness", "--mode", "hybrid").code(),
                "vectors of the old text are refused until rebuilt");
        assertEquals(0, CliRun.run(data, "embeddings", "build").code());
        CliRun found = CliRun.run(data, "query", "zebracorn", "--json");
        assertEquals(id, found.json().get("entries").get(0).get("id").asText(), found.out());
        assertEquals(0, CliRun.run(data, "doctor").code());
    }
}
