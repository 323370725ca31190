package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** recall eval on a tiny BEIR-layout collection written here. */
class EvalCliTest {
    @TempDir
    Path tmp;

    Path data;
    Path beir;

    @BeforeEach
    void setUp() throws Exception {
        data = tmp.resolve("data");
        beir = tmp.resolve("tiny");
        Files.createDirectories(beir.resolve("qrels"));
        Files.writeString(beir.resolve("corpus.jsonl"), String.join("\n",
                "{\"_id\":\"d1\",\"title\":\"Sourdough\",\"text\":\"Feed the starter, let the dough rise overnight, bake it hot.\"}",
                "{\"_id\":\"d2\",\"title\":\"Tides\",\"text\":\"The gravity of the moon pulls the oceans: high and low water twice a day.\"}",
                "{\"_id\":\"d3\",\"title\":\"Photosynthesis\",\"text\":\"Plants turn sunlight, water and carbon dioxide into sugar.\"}",
                "{\"_id\":\"d4\",\"title\":\"Git\",\"text\":\"Rebase replays local commits on the upstream branch.\"}") + "\n");
        Files.writeString(beir.resolve("queries.jsonl"), String.join("\n",
                "{\"_id\":\"q1\",\"text\":\"how do plants make sugar from sunlight\"}",
                "{\"_id\":\"q2\",\"text\":\"why does the sea rise and fall\"}") + "\n");
        Files.writeString(beir.resolve("qrels/test.tsv"), "query-id\tcorpus-id\tscore\nq1\td3\t1\nq2\td2\t1\n");
    }

    private static <T> List<T> iterable(java.util.Iterator<T> it) {
        List<T> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }

    private static void assertMeasures(JsonNode j) {
        for (String key : List.of("ndcg_cut_10", "map", "P_30", "recall_100")) {
            assertTrue(j.get(key).isNumber(), key + " in " + j);
            double v = j.get(key).asDouble();
            assertTrue(v >= 0 && v <= 1, key + " = " + v);
        }
        assertEquals(2, j.get("queries").asInt());
    }

    @Test
    void lexicalJsonHasTheTrecEvalKeys() {
        CliRun r = CliRun.run(data, "eval", "--collection", beir.toString(), "--json");
        assertEquals(0, r.code(), r.toString());
        JsonNode j = r.json();
        assertMeasures(j);
        assertEquals("lexical", j.get("mode").asText());
        assertEquals("code", j.get("settings").get("analyzer").asText());
        assertEquals(1.2, j.get("settings").get("k1").asDouble(), 1e-6);
        assertFalse(j.has("vectors"));
        assertFalse(Files.exists(data.resolve("cache").resolve("eval")), "a lexical run embeds nothing");

        assertFalse(j.has("per_query"));

        JsonNode anserini = CliRun.run(data, "eval", "--collection", beir.toString(), "--json", "--per-query",
                "--analyzer", "english", "--k1", "0.9", "--b", "0.4").json();
        assertEquals(List.of("q1", "q2"), (iterable(anserini.get("per_query").fieldNames())));
        assertTrue(anserini.get("per_query").get("q2").get("ndcg_cut_10").isNumber());
        assertEquals("english", anserini.get("settings").get("analyzer").asText());
        assertEquals(0.4, anserini.get("settings").get("b").asDouble(), 1e-6);
    }

    @Test
    void hybridAndVectorRunsEmbedOnceThenReadTheCache() {
        CliRun hybrid = CliRun.run(data, "eval", "--collection", beir.toString(), "--mode", "hybrid", "--json");
        assertEquals(0, hybrid.code(), hybrid.toString());
        JsonNode j = hybrid.json();
        assertMeasures(j);
        assertEquals("hybrid", j.get("mode").asText());
        assertEquals("adaptive", j.get("settings").get("fusion").asText(), "the product's default fusion");
        assertEquals(200, j.get("settings").get("window").asInt(), "the product's window");
        assertEquals("bge-small-en-v1.5-q", j.get("vectors").get("model").asText());
        assertFalse(j.get("vectors").get("cached").asBoolean());
        assertTrue(j.get("vectors").get("cache_file").asText().startsWith(data.resolve("cache/eval").toString()));
        assertTrue(hybrid.err().contains("embedding"), "progress on stderr: " + hybrid.err());

        CliRun vector = CliRun.run(data, "eval", "--collection", beir.toString(), "--mode", "vector");
        assertEquals(0, vector.code(), vector.toString());
        assertTrue(vector.out().contains("ndcg_cut_10 1.0000"), vector.out());
        assertTrue(vector.out().contains("document vectors: cached"), vector.out());
    }

    @Test
    void missingCollectionDirIsAUsageErrorNamingIt() {
        Path nowhere = tmp.resolve("no-such-collection");
        CliRun r = CliRun.run(data, "eval", "--collection", nowhere.toString());
        assertEquals(2, r.code(), r.toString());
        assertEquals("recall: collection directory not found: " + nowhere, r.err().strip());
    }

    @Test
    void malformedOrIncompleteCollectionIsRejectedNamingTheFile() throws Exception {
        Files.writeString(beir.resolve("corpus.jsonl"), "{\"_id\":\"d1\",\"text\":\"fine\"}\n{not json\n");
        CliRun r = CliRun.run(data, "eval", "--collection", beir.toString());
        assertEquals(3, r.code(), r.toString());
        assertTrue(r.err().startsWith("recall: " + beir.resolve("corpus.jsonl") + ":2: not a JSON object"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());

        Files.writeString(beir.resolve("corpus.jsonl"), "{\"_id\":\"d1\",\"text\":\"fine\"}\n");
        Files.delete(beir.resolve("qrels/test.tsv"));
        CliRun missing = CliRun.run(data, "eval", "--collection", beir.toString());
        assertEquals(3, missing.code(), missing.toString());
        assertTrue(missing.err().contains(beir.resolve("qrels/test.tsv") + ": qrels file not found"), missing.err());
    }

    @Test
    void unknownOptionValuesAreUsageErrors() {
        for (String[] args : List.of(new String[] {"--mode", "semantic"}, new String[] {"--collection-format", "csv"},
                new String[] {"--format", "csv"},
                new String[] {"--fusion", "max"}, new String[] {"--analyzer", "klingon"},
                new String[] {"--encoding", "int4"}, new String[] {"--window", "0"})) {
            List<String> all = new java.util.ArrayList<>(List.of("eval", "--collection", beir.toString()));
            all.addAll(List.of(args));
            CliRun r = CliRun.run(data, all.toArray(String[]::new));
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r);
        }
    }
}
