package dev.recall.eval;

import dev.recall.embeddings.Embedder;
import dev.recall.fusion.RankedHit;
import dev.recall.index.ExactVectors;
import dev.recall.index.LexicalIndex;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.index.VectorIndex;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.RecallSearch;
import dev.recall.search.SearchBackend;
import dev.recall.search.SearchHit;
import dev.recall.search.SearchRequest;
import dev.recall.search.SearchResult;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A throwaway recall store holding a test collection as entries, in a temp directory deleted on close: the
 * product's SQLite store, lexical index and (for vector and hybrid runs) vector generation, searched by the
 * product's {@link RecallSearch}. What the evaluation measures is therefore what `recall query` runs.
 */
public final class CollectionStore implements AutoCloseable {
    private final Path dir;
    private final Database db;
    private final LexicalIndex lexical;
    private final Optional<VectorIndex> vectors;
    private final Optional<VectorIndex.Searcher> hnsw;
    private final RecallSearch search;
    private final Supplier<Embedder> embedder;
    private final Consumer<String> notices;
    /** Searches over other backends of this store, closed with it. */
    private final List<RecallSearch> others = new ArrayList<>();

    private CollectionStore(Path dir, Database db, LexicalIndex lexical, Optional<VectorIndex> vectors,
            RecallSearch search, Supplier<Embedder> embedder, Consumer<String> notices) {
        this.dir = dir;
        this.db = db;
        this.lexical = lexical;
        this.vectors = vectors;
        this.hnsw = vectors.map(VectorIndex::searcher);
        this.search = search;
        this.embedder = embedder;
        this.notices = notices;
    }

    /**
     * Loads the collection into a new store and indexes it. With an embedder, a vector generation is built too
     * (through the product's {@link VectorBuilder}, so the HNSW graph is the one a user's build makes).
     */
    public static CollectionStore build(TestCollection collection, AnalyzerKind analysis, Optional<Embedder> embedder,
            VectorEncoding encoding, VectorBuilder.Progress progress, Consumer<String> notices) throws IOException {
        Path dir = Files.createTempDirectory("recall-eval-");
        Database db = null;
        LexicalIndex lexical = null;
        try {
            db = Database.open(dir);
            load(db, collection);
            lexical = LexicalIndex.open(dir.resolve("index/lexical"), db, notices, analysis);
            lexical.rebuild();
            Optional<VectorIndex> vectorIndex = Optional.empty();
            if (embedder.isPresent()) {
                VectorBuilder.Report built = new VectorBuilder(db, embedder.get(), dir.resolve("vectors"), encoding,
                        VectorBuilder.DEFAULT_COMMIT_EVERY).build(true, progress);
                vectorIndex = Optional.of(VectorIndex.open(built.generation().indexPath()));
            }
            // undated entries: a clock at the epoch keeps any recency weight from depending on today's date
            RecallSearch search = new RecallSearch(db, lexical, embedder::orElseThrow, UNDATED_CLOCK, notices);
            return new CollectionStore(dir, db, lexical, vectorIndex, search, embedder::orElseThrow, notices);
        } catch (RuntimeException e) {
            if (lexical != null) {
                lexical.close();
            }
            if (db != null) {
                db.close();
            }
            deleteTree(dir);
            throw e;
        }
    }

    private static void load(Database db, TestCollection collection) {
        Entries entries = new Entries(db);
        db.transaction(() -> {
            new Sessions(db).insert(new Session(CollectionEntries.SESSION, "eval", null, null, null, null, null,
                    Session.PLACEHOLDER, null, 0));
            for (CollectionDoc doc : collection.docs()) {
                entries.insert(CollectionEntries.of(doc), List.of());
            }
        });
    }

    /** Undated entries: a clock at the epoch keeps any recency weight from depending on today's date. */
    private static final Clock UNDATED_CLOCK = Clock.fixed(CollectionEntries.UNDATED, ZoneOffset.UTC);

    /** Runs each topic as `recall query` would, with these settings, as deep as the evaluation asks. */
    public Retriever retriever(EvalSettings settings) {
        return retriever(search, settings);
    }

    /**
     * As {@link #retriever(EvalSettings)}, with the legs on another backend of this store (made from its database):
     * how the OpenSearch backend is measured against the embedded one on the same collection.
     */
    public Retriever retriever(EvalSettings settings, Function<Database, SearchBackend> backend) {
        RecallSearch other = new RecallSearch(db, backend.apply(db), embedder, UNDATED_CLOCK, notices);
        others.add(other);
        return retriever(other, settings);
    }

    private static Retriever retriever(RecallSearch search, EvalSettings settings) {
        return (text, topN) -> {
            List<SearchHit> hits = search.search(settings.request(text, topN)).hits();
            List<RankedHit> ranked = new ArrayList<>(hits.size());
            for (SearchHit h : hits) {
                ranked.add(new RankedHit(h.entry().id(), h.score(), ranked.size() + 1));
            }
            return ranked;
        };
    }

    /** One request through the product's search, as `recall query` sends it. */
    SearchResult search(SearchRequest request) {
        return search.search(request);
    }

    /** The vector generation's own HNSW search (k candidates), for measuring it against exact search. */
    public Optional<VectorSearch> hnsw() {
        return hnsw.map(searcher -> (query, k) -> {
            List<RankedHit> hits = new ArrayList<>();
            for (VectorIndex.Hit h : searcher.nearest(query, k)) {
                hits.add(new RankedHit(h.id(), h.cosine(), hits.size() + 1));
            }
            return hits;
        });
    }

    /** Brute-force search over the very vectors the generation holds: what its HNSW graph is measured against. */
    public Optional<VectorSearch> exact() {
        return vectors.map(index -> {
            ExactVectors exact = ExactVectors.readFrom(index.path());
            return (query, k) -> {
                ExactVectors.Top top = exact.top(query, k);
                List<RankedHit> hits = new ArrayList<>(top.rows().length);
                for (int i = 0; i < top.rows().length; i++) {
                    hits.add(new RankedHit(exact.id(top.rows()[i]), top.scores()[i], i + 1));
                }
                return hits;
            };
        });
    }

    /** Bytes per file extension of the vector generation's index (vec, veq, vex...), empty without one. */
    public Map<String, Long> vectorIndexFiles() {
        return vectors.map(VectorIndex::bytesByExtension).orElse(Map.of());
    }

    /** The lexical index, for checks of what it holds (term statistics). */
    LexicalIndex lexicalIndex() {
        return lexical;
    }

    @Override
    public void close() throws IOException {
        try {
            others.forEach(RecallSearch::close);
            search.close();
            hnsw.ifPresent(VectorIndex.Searcher::close);
            vectors.ifPresent(VectorIndex::close);
            lexical.close();
            db.close();
        } finally {
            deleteTree(dir);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
