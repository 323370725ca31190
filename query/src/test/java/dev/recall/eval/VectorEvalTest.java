package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.Embedders;
import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.fusion.RankedHit;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.FusionMethod;
import dev.recall.search.SearchMode;
import dev.recall.search.SearchRequest;
import dev.recall.store.EntryFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
                VectorBuilder.Progress.NONE, notices::add);
    }

    private static EvalSettings settings(SearchMode mode) {
        return EvalSettings.defaults(mode);
    }

    @Test
    void vectorSearchFindsParaphrasesThroughTheProductsHnsw() throws Exception {
        EvalReport hnsw = evaluation().run(collection, settings(SearchMode.VECTOR));
        assertEquals(3, hnsw.result().queries());
        assertEquals(1.0, hnsw.result().ndcgCut10(), 1e-9, hnsw.result().toString());
        VectorReport v = hnsw.vectors().orElseThrow();
        assertEquals(1.0, v.hnswRecall10(), 1e-9);
        assertTrue(v.indexBytes() > 0);
        assertEquals(6, hnsw.depth(), "all six documents, fewer than the window of 200");
        assertEquals(3, v.queriesEmbedded(), "each query embedded once although searched three times");
        assertEquals(3, hnsw.queryLatencies().count());

        EvalReport again = evaluation().run(collection, settings(SearchMode.VECTOR));
        assertTrue(again.vectors().orElseThrow().cached(), "the second run reads the document vectors from disk");
        assertEquals(hnsw.result().perQuery(), again.result().perQuery());
        assertEquals(List.of(), notices);
    }

    @Test
    void int8IndexAnswersToo() throws Exception {
        EvalReport r = evaluation().run(collection, settings(SearchMode.VECTOR).withEncoding(VectorEncoding.INT8));
        assertEquals(1.0, r.result().ndcgCut10(), 1e-9);
        VectorReport v = r.vectors().orElseThrow();
        assertTrue(v.indexBytes() > 0);
        // the quantised vectors are stored beside the float ones, which rescoring and merging read
        assertTrue(v.indexFiles().containsKey("veq") && v.indexFiles().containsKey("vec"), v.indexFiles().toString());
    }

    @Test
    void hybridFusesBothLegsWithRrfOrConvex() throws Exception {
        EvalReport rrf = evaluation().run(collection, settings(SearchMode.HYBRID));
        EvalReport lexical = evaluation().run(collection, settings(SearchMode.LEXICAL));
        assertTrue(lexical.vectors().isEmpty());
        // the paraphrases share few words with their documents: the vector leg carries the hybrid
        assertTrue(rrf.result().ndcgCut10() > lexical.result().ndcgCut10(), rrf.result() + " vs " + lexical.result());

        EvalSettings convex = settings(SearchMode.HYBRID).withFusion(FusionMethod.CONVEX, 60, 0.5, 200);
        EvalReport c = evaluation().run(collection, convex);
        assertTrue(c.result().ndcgCut10() > lexical.result().ndcgCut10(), c.result() + " vs " + lexical.result());
    }

    @Test
    void evaluationRanksExactlyAsTheProductsQueryDoes() throws Exception {
        // the same store, searched once through the evaluation's retriever and once as a plain query request
        EvalEmbedder docs = new EvalEmbedder(model, java.util.Map.of());
        try (CollectionStore store = CollectionStore.build(collection, AnalyzerKind.CODE, Optional.of(docs),
                VectorEncoding.FLOAT32, VectorBuilder.Progress.NONE, notices::add)) {
            for (Topic t : collection.judgedTopics()) {
                List<RankedHit> run = store.retriever(settings(SearchMode.HYBRID)).retrieve(t.text(), 10);
                List<String> query = store.search(SearchRequest.of(t.text(), SearchMode.HYBRID, EntryFilter.ANY, 10))
                        .hits().stream().map(h -> h.entry().id()).toList();
                assertEquals(query, run.stream().map(RankedHit::docId).toList(), t.text());
            }
        }
    }
}
