package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.index.LexicalIndex;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.Fts5Baseline;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Builds one tier with the product's own code paths, timing each index: entries through the store, the lexical
 * index by {@link LexicalIndex#rebuild()}, the vectors by {@link VectorBuilder} in the chosen encodings (int8
 * first, then float32, which stays the active generation as the default config has it), and FTS5 over the same
 * rows.
 */
final class TierBuilder {
    private final EntryGenerator generator;
    private final HnswEncodings encodings;
    private final Consumer<String> log;

    TierBuilder(EntryGenerator generator, HnswEncodings encodings, Consumer<String> log) {
        this.generator = generator;
        this.encodings = encodings;
        this.log = log;
    }

    BuiltTier build(int n, Path dataDir, VectorSource source, Embedder documentEmbedder) {
        List<BuildStep> builds = new ArrayList<>();
        Path lexicalDir = dataDir.resolve("index").resolve("lexical");
        Path fts5File = dataDir.resolve("fts5.db");
        try (Database db = Database.open(dataDir)) {
            long t = System.nanoTime();
            new StoreLoader(db, generator).load(n, done -> log.accept(String.format(Locale.ROOT,
                    "store: %,d of %,d entries inserted", done, n)));
            double storeSeconds = seconds(t);
            db.checkpoint();
            builds.add(new BuildStep("store", "SQLite store (insert through the store)", storeSeconds,
                    Disk.size(db.file())));

            log.accept("lexical: LexicalIndex.rebuild()");
            try (LexicalIndex lexical = LexicalIndex.open(lexicalDir, db, log)) {
                t = System.nanoTime();
                lexical.rebuild();
                builds.add(new BuildStep("lexical", "Lucene lexical index (LexicalIndex.rebuild)", seconds(t),
                        Disk.size(lexicalDir)));
            }

            log.accept("fts5: building the FTS5 table");
            t = System.nanoTime();
            Fts5Baseline.build(fts5File, db.file()).close();
            builds.add(new BuildStep("fts5", "SQLite FTS5 index (porter unicode61, optimized)", seconds(t),
                    Disk.size(fts5File)));

            MeasuredEmbedder measured = new MeasuredEmbedder(documentEmbedder, source == VectorSource.MODEL);
            Map<VectorEncoding, Path> hnswDirs = new LinkedHashMap<>();
            double embedSeconds = 0;
            long embedded = 0;
            boolean first = true;
            for (VectorEncoding encoding : encodings.buildOrder()) {
                String name = HnswEncodings.label(encoding);
                log.accept("vectors: HNSW " + name
                        + (first ? " (embedding with " + documentEmbedder.identity().modelId() + ")" : ""));
                t = System.nanoTime();
                // One vectors dir per encoding: each build retires the one before, and a finished build reclaims
                // retired generations in its own vectors dir, while the bench compares all of them.
                VectorBuilder.Report report = new VectorBuilder(db, measured, dataDir.resolve("vectors-" + name), encoding,
                        EmbeddingConfig.DEFAULT_BATCH_SIZE).build(true, progress(name));
                double total = seconds(t);
                // The model's vectors are remembered from the first pass; other sources compute them again.
                // Either way each pass's embedding time is taken out of its build time.
                double passEmbed = measured.takeSeconds();
                long passEmbedded = measured.takeEmbedded();
                if (first) {
                    embedSeconds = passEmbed;
                    embedded = passEmbedded;
                    first = false;
                }
                builds.add(new BuildStep("hnsw_" + name, "HNSW " + name + " (VectorBuilder, without embedding)",
                        total - passEmbed, Disk.size(report.generation().indexPath())));
                hnswDirs.put(encoding, report.generation().indexPath());
            }
            EmbeddingRun embedding = new EmbeddingRun(documentEmbedder.identity().modelId(), embedded, embedSeconds,
                    embedSeconds > 0 ? embedded / embedSeconds : 0);
            return new BuiltTier(n, source, documentEmbedder, dataDir, lexicalDir, fts5File, hnswDirs,
                    List.copyOf(builds), embedding);
        }
    }

    /**
     * A tier a {@code --keep} run left in {@code dataDir}, as it is: nothing is built or timed again. Refused unless
     * it holds {@code n} entries, the lexical and FTS5 indexes, a generation of each asked encoding (the last
     * active) and vectors from the same embedder the queries will be embedded with.
     */
    BuiltTier reuse(int n, Path dataDir, VectorSource source, Embedder documentEmbedder) {
        Path lexicalDir = dataDir.resolve("index").resolve("lexical");
        Path fts5File = dataDir.resolve("fts5.db");
        if (!Files.isRegularFile(dataDir.resolve(Database.FILE_NAME)) || !Files.isDirectory(lexicalDir)
                || !Files.isRegularFile(fts5File)) {
            throw new BenchException("no kept tier of " + n + " entries in " + dataDir
                    + " to reuse: run once with --keep and the same --work-dir first");
        }
        try (Database db = Database.open(dataDir)) {
            long count = new Entries(db).count();
            if (count != n) {
                throw new BenchException("the kept tier in " + dataDir + " holds " + count + " entries, not " + n);
            }
            VectorGenerations generations = new VectorGenerations(db);
            List<VectorGeneration> all = generations.list(VectorGenerations.RECALL);
            Map<VectorEncoding, Path> hnswDirs = new LinkedHashMap<>();
            for (VectorEncoding encoding : encodings.buildOrder()) {
                Path dir = dataDir.resolve("vectors-" + HnswEncodings.label(encoding));
                VectorGeneration g = all.stream()
                        .filter(x -> x.indexPath().startsWith(dir) && Files.isDirectory(x.indexPath()))
                        .max(Comparator.comparingLong(VectorGeneration::id))
                        .orElseThrow(() -> new BenchException("the kept tier in " + dataDir + " has no "
                                + HnswEncodings.label(encoding) + " HNSW generation; pass the --encodings it was"
                                + " built with"));
                hnswDirs.put(encoding, g.indexPath());
            }
            VectorGeneration active = generations.active(VectorGenerations.RECALL).orElseThrow(
                    () -> new BenchException("the kept tier in " + dataDir + " has no active vector generation"));
            Path last = hnswDirs.get(encodings.active());
            if (!active.indexPath().equals(last)) {
                throw new BenchException("the kept tier's active generation is " + active.indexPath() + ", not the "
                        + HnswEncodings.label(encodings.active()) + " one; pass the --encodings it was built with");
            }
            if (!active.model().equals(documentEmbedder.identity().modelId())
                    || active.dimensions() != documentEmbedder.identity().dimensions()) {
                throw new BenchException("the kept tier's vectors come from " + active.model() + " ("
                        + active.dimensions() + " dimensions), not from " + source.label() + " vectors ("
                        + documentEmbedder.identity().modelId() + "); pass the --vectors it was built with");
            }
            log.accept(String.format(Locale.ROOT, "reusing the kept tier in %s: %,d entries, generation %d active",
                    dataDir, count, active.id()));
            return new BuiltTier(n, source, documentEmbedder, dataDir, lexicalDir, fts5File, hnswDirs, List.of(),
                    new EmbeddingRun(documentEmbedder.identity().modelId(), 0, 0, 0));
        }
    }

    private VectorBuilder.Progress progress(String what) {
        return new VectorBuilder.Progress() {
            private long total;
            private long lastTenth = -1;

            @Override
            public void start(String phase, long count) {
                total = count;
            }

            @Override
            public void advance(long done) {
                long tenth = total == 0 ? 10 : done * 10 / total;
                if (tenth != lastTenth) {
                    lastTenth = tenth;
                    log.accept(String.format(Locale.ROOT, "vectors %s: %,d of %,d", what, done, total));
                }
            }

            @Override
            public void finish() {}
        };
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
