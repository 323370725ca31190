package dev.recall.eval;

import dev.recall.embeddings.Embedder;
import dev.recall.fusion.RankedHit;
import dev.recall.index.VectorBuilder;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs one evaluation end to end: builds throwaway indexes of the collection (BM25 in memory, HNSW in a temp dir,
 * document vectors from the cache), runs every judged topic and measures. Lexical runs never load the model.
 */
public final class Evaluation {
    private static final int NEIGHBOURS = 10;

    private final EmbeddingCache cache;
    private final Supplier<Embedder> embedder;
    private final VectorBuilder.Progress progress;

    public Evaluation(EmbeddingCache cache, Supplier<Embedder> embedder, VectorBuilder.Progress progress) {
        this.cache = cache;
        this.embedder = embedder;
        this.progress = progress;
    }

    public EvalReport run(TestCollection collection, EvalSettings settings) throws IOException {
        long started = System.nanoTime();
        DepthTracking tracking;
        EvalResult result;
        Optional<VectorReport> vectors = Optional.empty();
        if (settings.mode() == EvalMode.LEXICAL) {
            try (LexicalCollectionIndex lexical = LexicalCollectionIndex.build(collection, settings.lexical())) {
                tracking = new DepthTracking(lexical.retriever());
                result = new EvalRunner().run(collection, tracking);
            }
        } else {
            Embedder model = embedder.get();
            EmbeddingCache.Result docs = cache.vectors(collection, model, progress);
            QueryEncoder encoder = new QueryEncoder(model);
            ExactVectorSearch exact = new ExactVectorSearch(docs.vectors());
            try (LexicalCollectionIndex lexical = settings.mode() == EvalMode.HYBRID
                    ? LexicalCollectionIndex.build(collection, settings.lexical()) : null;
                    VectorCollectionIndex hnsw = settings.exact() ? null
                            : VectorCollectionIndex.build(docs.vectors(), settings.encoding())) {
                VectorSearch search = settings.exact() ? exact : hnsw;
                VectorRetriever vector = new VectorRetriever(encoder, search, settings.candidates());
                Retriever retriever = lexical == null ? vector
                        : new HybridRetriever(lexical.retriever(), vector, settings.window(), settings.fusion());
                tracking = new DepthTracking(retriever);
                result = new EvalRunner().run(collection, tracking);
                double recall = Double.NaN;
                double recallAtK10 = Double.NaN;
                if (hnsw != null) {
                    // every judged topic was embedded by the run: these come from the encoder's memory
                    List<float[]> queries = collection.judgedTopics().stream().map(t -> encoder.encode(t.text()))
                            .toList();
                    recall = NeighbourRecall.at(NEIGHBOURS, queries, hnsw, settings.candidates(), exact);
                    recallAtK10 = NeighbourRecall.at(NEIGHBOURS, queries, hnsw, NEIGHBOURS, exact);
                }
                vectors = Optional.of(new VectorReport(model.identity().modelId(),
                        EmbeddingCache.documentFingerprint(model.identity()), docs.cached(), docs.file(),
                        docs.elapsed().toNanos() / 1e9, docs.docsPerSecond(), settings.candidates(), recall,
                        recallAtK10, hnsw == null ? 0 : hnsw.bytesOnDisk(),
                        hnsw == null ? Map.of() : hnsw.bytesByExtension(), encoder.latencies().count(),
                        encoder.latencies().p50Millis(), vector.searchLatencies().p50Millis()));
            }
        }
        return new EvalReport(settings, collection.docs().size(), result, tracking.depth, vectors,
                Duration.ofNanos(System.nanoTime() - started));
    }

    /** Remembers the deepest run it passed on: the figure MAP and recall are "at". */
    private static final class DepthTracking implements Retriever {
        private final Retriever inner;
        private int depth;

        DepthTracking(Retriever inner) {
            this.inner = inner;
        }

        @Override
        public List<RankedHit> retrieve(String queryText, int topN) throws IOException {
            List<RankedHit> hits = inner.retrieve(queryText, topN);
            depth = Math.max(depth, hits.size());
            return hits;
        }
    }
}
