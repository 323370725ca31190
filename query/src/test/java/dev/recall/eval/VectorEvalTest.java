package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.embeddings.Embedders;
import dev.recall.fusion.ConvexFusion;
import dev.recall.fusion.RankedHit;
import dev.recall.fusion.ReciprocalRankFusion;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Vector and hybrid evaluation on a tiny BEIR-layout collection with the real bundled model. */
class VectorEvalTest {
    @TempDir
    static Path dir;

    private static Embedder model;
    private static TestCollection collection;
    private static final List<String> notices = new ArrayList<>();

    @BeforeAll
    static void setUp() throws Exception {
        model = Embedders.open(EmbeddingConfig.defaults(), Path.of("target", "test-cache").toAbsolutePath());
        Path beir = dir.resolve("tiny");
        Files.createDirectories(beir.resolve("qrels"));
        Files.writeString(beir.resolve("corpus.jsonl"), String.join("\n",
                doc("d1", "Sourdough bread", "Feed the starter with flour and water, let the dough rise overnight, then bake it hot."),
                doc("d2", "Kafka consumers", "Lower max.poll.records when consumer group members time out during a rebalance."),
                doc("d3", "Tides", "The gravity of the moon pulls on the oceans, giving high and low water twice a day."),
                doc("d4", "Git rebase", "Replay local commits on top of the upstream branch to keep the history linear."),
                doc("d5", "Photosynthesis", "Plants turn sunlight, water and carbon dioxide into sugar and oxygen."),
                doc("d6", "Marathon training", "Build weekly mileage slowly and include one long run every week.")) + "\n");
        Files.writeString(beir.resolve("queries.jsonl"), String.join("\n",
                "{\"_id\":\"q1\",\"text\":\"how do green leaves make food from light\"}",
                "{\"_id\":\"q2\",\"text\":\"why does the sea rise and fall\"}",
                "{\"_id\":\"q3\",\"text\":\"baking a loaf with wild yeast\"}",
                "{\"_id\":\"q4\",\"text\":\"unjudged query\"}") + "\n");
        Files.writeString(beir.resolve("qrels/test.tsv"), "query-id\tcorpus-id\tscore\nq1\td5\t1\nq2\td3\t1\nq3\td1\t1\n");
        collection = BeirCollection.read(beir);
    }

    @AfterAll
    static void tearDown() {
        if (model != null) {
            model.close();
        }
    }

    private static String doc(String id, String title, String text) {
        return "{\"_id\":\"" + id + "\",\"title\":\"" + title + "\",\"text\":\"" + text + "\"}";
    }

    private static Evaluation evaluation() {
        return new Evaluation(new EmbeddingCache(dir.resolve("cache"), notices::add), () -> model,
                VectorBuilder.Progress.NONE);
    }

    private static EvalSettings settings(EvalMode mode) {
        return EvalSettings.defaults(mode);
    }

    @Test
    void vectorSearchFindsParaphrasesExactlyAndThroughHnsw() throws Exception {
        EvalReport hnsw = evaluation().run(collection, settings(EvalMode.VECTOR));
        assertEquals(3, hnsw.result().queries());
        assertEquals(1.0, hnsw.result().ndcgCut10(), 1e-9, hnsw.result().toString());
        VectorReport v = hnsw.vectors().orElseThrow();
        assertEquals(1.0, v.hnswRecall10(), 1e-9);
        assertTrue(v.indexBytes() > 0);
        assertEquals(6, hnsw.depth(), "all six documents, fewer than the 100 candidates asked for");
        assertEquals(3, v.queriesEmbedded(), "each query embedded once although searched three times");

        EvalSettings exactSettings = new EvalSettings(EvalMode.VECTOR, LexicalSettings.recommended(),
                new ReciprocalRankFusion(), 100, VectorEncoding.FLOAT32, true);
        EvalReport exact = evaluation().run(collection, exactSettings);
        assertTrue(exact.vectors().orElseThrow().cached(), "the second run reads the document vectors from disk");
        assertEquals(hnsw.result().perQuery(), exact.result().perQuery());
        assertTrue(Double.isNaN(exact.vectors().orElseThrow().hnswRecall10()));
        assertEquals(List.of(), notices);
    }

    @Test
    void int8IndexAnswersToo() throws Exception {
        EvalSettings int8 = new EvalSettings(EvalMode.VECTOR, LexicalSettings.recommended(),
                new ReciprocalRankFusion(), 100, VectorEncoding.INT8, false);
        EvalReport r = evaluation().run(collection, int8);
        assertEquals(1.0, r.result().ndcgCut10(), 1e-9);
        VectorReport v = r.vectors().orElseThrow();
        assertTrue(v.indexBytes() > 0);
        // the quantised vectors are stored beside the float ones, which rescoring and merging read
        assertTrue(v.indexFiles().containsKey("veq") && v.indexFiles().containsKey("vec"), v.indexFiles().toString());
    }

    @Test
    void hybridFusesBothLegsWithRrfOrConvex() throws Exception {
        EvalReport rrf = evaluation().run(collection, settings(EvalMode.HYBRID));
        EvalReport lexical = evaluation().run(collection, settings(EvalMode.LEXICAL));
        assertTrue(lexical.vectors().isEmpty());
        // the paraphrases share few words with their documents: the vector leg carries the hybrid
        assertTrue(rrf.result().ndcgCut10() > lexical.result().ndcgCut10(), rrf.result() + " vs " + lexical.result());

        EvalSettings convex = new EvalSettings(EvalMode.HYBRID, LexicalSettings.recommended(), new ConvexFusion(0.5),
                100, VectorEncoding.FLOAT32, false);
        EvalReport c = evaluation().run(collection, convex);
        assertTrue(c.result().ndcgCut10() > lexical.result().ndcgCut10(), c.result() + " vs " + lexical.result());
    }

    @Test
    void throwawayHnswIndexIsDeletedOnClose() throws Exception {
        CollectionVectors vectors = new EmbeddingCache(dir.resolve("cache"), notices::add)
                .vectors(collection, model, VectorBuilder.Progress.NONE).vectors();
        Path indexDir;
        try (VectorCollectionIndex index = VectorCollectionIndex.build(vectors, VectorEncoding.FLOAT32)) {
            indexDir = index.dir();
            assertEquals(6, index.size());
            List<RankedHit> hits = index.nearest(model.embedQuery("moon and oceans"), 3);
            assertEquals("d3", hits.getFirst().docId());
            List<RankedHit> exact = new ExactVectorSearch(vectors).nearest(model.embedQuery("moon and oceans"), 3);
            assertEquals(exact.stream().map(RankedHit::docId).toList(), hits.stream().map(RankedHit::docId).toList());
            assertEquals(exact.getFirst().score(), hits.getFirst().score(), 1e-5);
        }
        assertFalse(Files.exists(indexDir));
    }
}
