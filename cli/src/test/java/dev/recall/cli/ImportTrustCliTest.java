package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** issue 12 item 9: a dry run writes nothing, and the real (default) store is not imported into by accident. */
class ImportTrustCliTest {
    @TempDir
    Path tmp;

    static final String ENTRIES = CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString();

    @Test
    void aDryRunAgainstAMissingDataDirCreatesNothing() {
        Path data = tmp.resolve("never");
        CliRun r = CliRun.run(data, "import", ENTRIES, "--dry-run", "--allow-placeholder-sessions", "--json");
        assertEquals(0, r.code(), r.toString());
        assertEquals(192, r.json().get("would_insert").asInt());
        assertFalse(Files.exists(data), "a dry run created " + data);
    }

    @Test
    void importingIntoTheDefaultDataDirNeedsItsOwnFlag() {
        Map<String, String> env = Map.of("XDG_DATA_HOME", tmp.toString());
        Path production = tmp.resolve("recall");
        assertEquals(0, CliRun.runIn(null, tmp, env, "sessions", "import",
                CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()).code());

        CliRun refused = CliRun.runIn(null, tmp, env, "import", ENTRIES, "--yes");
        assertEquals(2, refused.code(), refused.toString());
        assertTrue(refused.err().contains("default data dir " + production) && refused.err().contains("--allow-production-import"),
                refused.err());
        assertEquals(0, CliRun.runIn(null, tmp, env, "stats", "--json").json().get("total").asInt());

        assertEquals(0, CliRun.runIn(null, tmp, env, "import", ENTRIES, "--dry-run").code(), "a dry run is harmless");
        CliRun allowed = CliRun.runIn(null, tmp, env, "import", ENTRIES, "--yes", "--allow-production-import", "--json");
        assertEquals(0, allowed.code(), allowed.toString());
        assertEquals(192, allowed.json().get("inserted").asInt());

        Path scratch = tmp.resolve("scratch");
        assertEquals(0, CliRun.runIn(null, tmp, Map.of("XDG_DATA_HOME", tmp.toString(), "RECALL_DATA_DIR", scratch.toString()),
                "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()).code());
        assertEquals(0, CliRun.runIn(null, tmp, Map.of("XDG_DATA_HOME", tmp.toString(), "RECALL_DATA_DIR", scratch.toString()),
                "import", ENTRIES, "--yes").code(), "another data dir needs no flag");
    }
}
