package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** issue 12, items 1-2 through the command line: missing or damaged vectors refuse with exit 4, and the named command repairs them. */
class DamagedVectorsCliTest {
    @TempDir
    Path tmp;

    @Test
    void deletedVectorsRefuseAsStaleAndEitherRebuildCommandRepairsThem() throws Exception {
        Path data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sessions", "import", CliRun.TESTDATA.resolve("sessions/part-a.jsonl").toString()).code());
        assertEquals(0, CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes").code());
        assertEquals(0, CliRun.run(data, "embeddings", "build", "--store", "recall").code());
        assertEquals(0, CliRun.run(data, "query", "integration tests", "--mode", "hybrid").code());

        wipe(data.resolve("vectors"));
        CliRun refused = CliRun.run(data, "query", "integration tests", "--mode", "hybrid");
        assertEquals(4, refused.code(), refused.toString());
        assertTrue(refused.err().contains("is missing") && refused.err().contains("recall embeddings build --store recall"),
                refused.err());
        assertEquals(1, refused.err().lines().count(), refused.err());

        CliRun build = CliRun.run(data, "embeddings", "build", "--store", "recall");
        assertEquals(0, build.code(), build.toString());
        assertTrue(build.out().contains("rebuilt in full"), build.out());
        assertEquals(0, CliRun.run(data, "query", "integration tests", "--mode", "hybrid").code());

        wipe(data.resolve("vectors"));
        CliRun rebuild = CliRun.run(data, "index", "rebuild", "--vectors", "--json");
        assertEquals(0, rebuild.code(), rebuild.toString());
        assertTrue(rebuild.json().get("vectors_embedded").asInt() > 100, rebuild.out());
        assertEquals(0, CliRun.run(data, "query", "integration tests", "--mode", "vector").code());
    }

    private static void wipe(Path root) throws Exception {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
