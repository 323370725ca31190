package dev.recall.service;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.extract.Extraction;
import dev.recall.extract.Review;
import dev.recall.index.VectorBuilder;
import dev.recall.search.SearchMode;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With consent in config.toml, every change of the served corpus is followed by a vector build: an extraction
 * generation activated and a review applied, not only an import. Real store, real bundled model.
 */
class AutoEmbeddingTest {
    static final Path TESTDATA = Path.of(System.getProperty("user.dir")).resolve("../testdata").normalize();

    @TempDir
    Path tmp;

    @Test
    void activationAndReviewKeepVectorsCurrent() throws Exception {
        Path data = tmp.resolve("data");
        Files.createDirectories(data);
        Files.writeString(data.resolve("config.toml"), "[vector.embed]\nrecall = true\n");
        try (RecallService s = new RecallService(data, Map.of(), Clock.systemUTC(), n -> {})) {
            s.sessions().sync(new SessionService.SyncRequest(List.of(TESTDATA.resolve("transcripts"))),
                    dev.recall.sessions.SyncProgress.none());
            Extraction.RunReport run = s.extraction().run(Extraction.RunOptions.all());
            assertTrue(run.inserted() > 0, run.toString());

            var activated = s.extraction().activate(null, VectorBuilder.Progress.NONE);
            assertNotNull(activated.autoEmbedded(), "activation served new entries, so vectors were built");
            assertEquals(activated.activation().inserted(), activated.autoEmbedded().embedded());
            assertTrue(s.embeddings().status("recall").verdict().fresh());

            StringWriter out = new StringWriter();
            assertTrue(s.review().export(Review.Selection.all(), out) > 0);
            ObjectMapper json = new ObjectMapper();
            ObjectNode first = (ObjectNode) json.readTree(out.toString().lines().findFirst().orElseThrow());
            first.put("label", "correct");
            first.put("title", first.get("title").asText() + " (reviewed)");
            Path file = tmp.resolve("review.jsonl");
            Files.writeString(file, json.writeValueAsString(first) + "\n");
            var reviewed = s.review().importFile(new ReviewService.ImportRequest(file, true),
                    VectorBuilder.Progress.NONE);
            assertTrue(reviewed.report().ok(), reviewed.report().toString());
            assertNotNull(reviewed.autoEmbedded(), "an edited title changes what is embedded");
            assertEquals(1, reviewed.autoEmbedded().embedded());
            assertTrue(s.embeddings().status("recall").verdict().fresh());

            var hybrid = s.search().query(SearchService.QueryRequest.builder(first.get("title").asText())
                    .mode(SearchMode.HYBRID).recording(Recording.NONE).build());
            assertFalse(hybrid.result().hits().isEmpty(), "hybrid answers at once, without an explicit build");
        }
    }

    @Test
    void withoutConsentNothingIsBuilt() throws Exception {
        Path data = tmp.resolve("data");
        List<String> notices = new ArrayList<>();
        try (RecallService s = new RecallService(data, Map.of(), Clock.systemUTC(), notices::add)) {
            s.sessions().sync(new SessionService.SyncRequest(List.of(TESTDATA.resolve("transcripts"))),
                    dev.recall.sessions.SyncProgress.none());
            s.extraction().run(Extraction.RunOptions.all());
            var activated = s.extraction().activate(null, VectorBuilder.Progress.NONE);
            assertTrue(activated.activation().inserted() > 0);
            assertNull(activated.autoEmbedded());
            assertFalse(s.embeddings().list("recall").generations().stream().findAny().isPresent());
        }
    }
}
