package dev.recall.eval;

import dev.recall.embeddings.Embedder;
import dev.recall.fusion.RankedHit;
import dev.recall.index.VectorBuilder;
import dev.recall.search.RecallSearch;
import dev.recall.search.SearchBackend;
import dev.recall.store.Database;
import dev.recall.search.SearchMode;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs one evaluation end to end: loads the collection into a throwaway recall store (SQLite, lexical index,
 * vector generation built from the cached document vectors), runs every judged topic through the product's
 * {@link RecallSearch} as `recall query` would, and measures. Lexical runs never load the model.
 */
public final class Evaluation {
    private static final int NEIGHBOURS = 10;

    private final EmbeddingCache cache;
    private final Supplier<Embedder> embedder;
    private final VectorBuilder.Progress progress;
    private final Consumer<String> notices;

    public Evaluation(EmbeddingCache cache, Supplier<Embedder> embedder, VectorBuilder.Progress progress,
            Consumer<String> notices) {
        this.cache = cache;
        this.embedder = embedder;
        this.progress = progress;
        this.notices = notices;
    }

    public EvalReport run(TestCollection collection, EvalSettings settings) throws IOException {
        return run(collection, settings, Optional.empty());
    }

    /**
     * As {@link #run(TestCollection, EvalSettings)}, the legs on {@code backend} when given (made from the
     * throwaway store's database: the OpenSearch backend publishes that store), else on the embedded indexes.
     */
    public EvalReport run(TestCollection collection, EvalSettings settings,
            Optional<Function<Database, SearchBackend>> backend) throws IOException {
        long started = System.nanoTime();
        if (settings.mode() == SearchMode.LEXICAL) {
            try (CollectionStore store = CollectionStore.build(collection, settings.analysis(), Optional.empty(),
                    settings.encoding(), progress, notices)) {
                Timed timed = new Timed(retriever(store, settings, backend));
                EvalResult result = new EvalRunner().run(collection, timed);
                return new EvalReport(settings, collection.docs().size(), result, timed.depth, Optional.empty(),
                        timed.latencies, Duration.ofNanos(System.nanoTime() - started));
            }
        }
        Embedder model = embedder.get();
        EmbeddingCache.Result docs = cache.vectors(collection, model, progress);
        List<String> texts = collection.docs().stream().map(DocumentText::of).toList();
        Map<String, float[]> byText = new HashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            byText.put(texts.get(i), docs.vectors().vector(i));
        }
        EvalEmbedder evalModel = new EvalEmbedder(model, byText);
        try (CollectionStore store = CollectionStore.build(collection, settings.analysis(), Optional.of(evalModel),
                settings.encoding(), progress, notices)) {
            Timed timed = new Timed(retriever(store, settings, backend));
            EvalResult result = new EvalRunner().run(collection, timed);
            // every judged topic was embedded by the run: these come from the embedder's memory
            List<float[]> queries = collection.judgedTopics().stream().map(t -> evalModel.embedQuery(t.text()))
                    .toList();
            VectorSearch hnsw = store.hnsw().orElseThrow();
            VectorSearch exact = store.exact().orElseThrow();
            int candidates = Math.max(settings.window(), RecallSearch.VECTOR_CANDIDATES);
            double recall = NeighbourRecall.at(NEIGHBOURS, queries, hnsw, candidates, exact);
            double recallAtK10 = NeighbourRecall.at(NEIGHBOURS, queries, hnsw, NEIGHBOURS, exact);
            Map<String, Long> files = store.vectorIndexFiles();
            VectorReport vectors = new VectorReport(model.identity().modelId(),
                    EmbeddingCache.documentFingerprint(model.identity()), docs.cached(), docs.file(),
                    docs.elapsed().toNanos() / 1e9, docs.docsPerSecond(), candidates, recall, recallAtK10,
                    files.values().stream().mapToLong(Long::longValue).sum(), files,
                    evalModel.latencies().count(), evalModel.latencies().p50Millis());
            return new EvalReport(settings, collection.docs().size(), result, timed.depth, Optional.of(vectors),
                    timed.latencies, Duration.ofNanos(System.nanoTime() - started));
        }
    }

    private static Retriever retriever(CollectionStore store, EvalSettings settings,
            Optional<Function<Database, SearchBackend>> backend) {
        return backend.map(b -> store.retriever(settings, b)).orElseGet(() -> store.retriever(settings));
    }

    /** Remembers the deepest run it passed on (the figure MAP and recall are "at") and times each query. */
    private static final class Timed implements Retriever {
        private final Retriever inner;
        private final Latencies latencies = new Latencies();
        private int depth;

        Timed(Retriever inner) {
            this.inner = inner;
        }

        @Override
        public List<RankedHit> retrieve(String queryText, int topN) throws IOException {
            long started = System.nanoTime();
            List<RankedHit> hits = inner.retrieve(queryText, topN);
            latencies.add(System.nanoTime() - started);
            depth = Math.max(depth, hits.size());
            return hits;
        }
    }
}
