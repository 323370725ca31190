package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Grouping texts by length into batches run in parallel must not change any vector: the vector generation's
 * fingerprint says nothing about batching, so a text must get the vector it gets alone. Real models, the sample
 * entries (as the product embeds them: title, trigger, body) and texts past both models' token limits.
 */
class BatchedEmbeddingTest {

    @ParameterizedTest
    @ValueSource(strings = {EmbeddingConfig.BGE_SMALL, EmbeddingConfig.MINILM})
    void everyBatchedVectorEqualsTheTextEmbeddedAlone(String model) throws IOException {
        List<String> texts = sampleTexts();
        try (Embedder embedder = Embedders.open(EmbeddingConfig.bundled(model).withThreads(2), TestCache.dir())) {
            List<float[]> batched = embedder.embedDocuments(texts);
            assertEquals(texts.size(), batched.size());
            double worst = 1;
            for (int i = 0; i < texts.size(); i++) {
                float[] alone = embedder.embedDocuments(List.of(texts.get(i))).get(0);
                double cosine = Vectors.cosine(alone, batched.get(i));
                worst = Math.min(worst, cosine);
                assertTrue(cosine >= 0.9999, model + ", text " + i + ": cosine " + cosine + " to the text alone");
            }
            assertTrue(worst < 1.0000001, "cosine above 1: " + worst);
        }
    }

    /** The sample entries, plus long texts stitched from their bodies that run past 512 tokens. */
    private static List<String> sampleTexts() throws IOException {
        Path entries = testdata().resolve("entries");
        JsonMapper mapper = new JsonMapper();
        List<String> texts = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        for (String part : List.of("part-a.jsonl")) {
            for (String line : Files.readAllLines(entries.resolve(part))) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode entry = mapper.readTree(line);
                StringBuilder text = new StringBuilder(entry.path("title").asText()).append('\n');
                String trigger = entry.path("trigger").asText("");
                if (!trigger.isBlank()) {
                    text.append(trigger).append('\n');
                }
                texts.add(text.append(entry.path("body").asText()).toString());
                bodies.add(entry.path("body").asText());
            }
        }
        for (int start = 0; start + 12 <= bodies.size() && texts.size() < 200; start += 12) {
            texts.add(String.join(" ", bodies.subList(start, start + 12)));
        }
        return texts;
    }

    private static Path testdata() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("testdata"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("no testdata directory above " + Path.of("").toAbsolutePath());
        }
        return dir.resolve("testdata");
    }
}
