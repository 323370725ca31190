package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole path from transcripts with planted secrets to every derived store: sync, extract entries, build the
 * lexical index. No planted secret may appear in any byte under the data dir (context.md and history.md are
 * covered by the sessions module's SecretsEndToEndTest).
 */
class SecretsNeverIndexedTest {
    @TempDir
    Path tmp;

    @Test
    void plantedSecretsReachNoDatabaseIndexOrContextFile() throws Exception {
        Path data = tmp.resolve("data");
        Path transcripts = CliRun.TESTDATA.resolve("transcripts");
        Files.createDirectories(data);
        CliRun sync = CliRun.run(data, "sync", "--path", transcripts.toString(), "--json");
        assertEquals(0, sync.code(), sync.toString());
        assertTrue(sync.json().get("secrets_redacted").asInt() > 0, sync.out());
        CliRun extract = CliRun.run(data, "extract", "run", "--json");
        assertEquals(0, extract.code(), extract.toString());
        CliRun activate = CliRun.run(data, "extract", "activate");
        assertEquals(0, activate.code(), activate.toString());
        assertEquals(0, CliRun.run(data, "index", "rebuild").code());
        assertTrue(CliRun.run(data, "stats", "--json").json().get("total").asInt() > 0, "extraction made entries");


        List<String> secrets = new ArrayList<>();
        for (String line : Files.readAllLines(transcripts.resolve("planted-secrets.tsv"))) {
            if (!line.startsWith("#") && line.contains("\t")) {
                secrets.add(line.substring(line.indexOf('\t') + 1).strip());
            }
        }
        assertTrue(secrets.size() >= 19, "every definite rule is planted: " + secrets.size());

        List<Path> written;
        try (var walk = Files.walk(data)) {
            written = walk.filter(Files::isRegularFile).toList();
        }
        assertTrue(written.stream().anyMatch(p -> p.toString().contains("index")), written.toString());
        for (Path f : written) {
            String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            for (String secret : secrets) {
                assertFalse(bytes.contains(secret), "secret " + secret.substring(0, 6) + "... found in " + f);
            }
        }
    }
}
