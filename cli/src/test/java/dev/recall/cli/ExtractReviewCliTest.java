package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** issue 8 through the command line: sync, extract, activate, review export and import. */
class ExtractReviewCliTest {
    @TempDir
    Path tmp;

    @Test
    void extractedEntriesBecomeTrustedOnlyThroughReview() throws Exception {
        Path data = tmp.resolve("data");
        assertEquals(0, CliRun.run(data, "sync", "--path", CliRun.TESTDATA.resolve("transcripts").toString()).code());
        CliRun run = CliRun.run(data, "extract", "run", "--json");
        assertEquals(0, run.code(), run.toString());
        assertEquals(0, CliRun.run(data, "stats", "--json").json().get("total").asInt(), "a building generation serves nothing");
        assertEquals(0, CliRun.run(data, "extract", "activate").code());
        var stats = CliRun.run(data, "stats", "--json").json();
        int total = stats.get("total").asInt();
        assertTrue(total > 0);
        assertEquals(total, stats.get("by_review_state").get("unreviewed_auto").asInt(), "never trusted until reviewed");
        assertEquals(0, CliRun.run(data, "extract", "run", "--json").code());
        assertEquals(total, CliRun.run(data, "stats", "--json").json().get("total").asInt(), "deterministic and idempotent");

        Path export = tmp.resolve("review.jsonl");
        assertEquals(0, CliRun.run(data, "review", "export", "--out", export.toString()).code());
        ObjectMapper json = new ObjectMapper();
        List<String> lines = Files.readAllLines(export);
        assertTrue(lines.size() >= 3);
        ObjectNode first = (ObjectNode) json.readTree(lines.get(0));
        first.put("label", "correct");
        ObjectNode second = (ObjectNode) json.readTree(lines.get(1));
        second.put("label", "reject");
        String accepted = first.get("id").asText();
        String rejected = second.get("id").asText();
        Files.write(export, List.of(json.writeValueAsString(first), json.writeValueAsString(second)));
        CliRun imported = CliRun.run(data, "review", "import", export.toString(), "--yes");
        assertEquals(0, imported.code(), imported.toString());
        var a = CliRun.run(data, "get", accepted, "--json").json();
        assertEquals("human_reviewed", a.get("review_state").asText());
        assertTrue(a.get("trusted").asBoolean(), a.toString());
        assertEquals("archived", CliRun.run(data, "get", rejected, "--json").json().get("status").asText());

        Path bad = tmp.resolve("bad.jsonl");
        ObjectNode forged = (ObjectNode) json.readTree(lines.get(2));
        forged.put("label", "correct");
        forged.put("review_state", "human_reviewed");
        Files.writeString(bad, json.writeValueAsString(forged) + "\n");
        CliRun refused = CliRun.run(data, "review", "import", bad.toString(), "--yes");
        assertEquals(3, refused.code(), refused.toString());
        assertTrue(refused.err().contains("line 1") && refused.err().contains("review_state"), refused.err());
    }
}
