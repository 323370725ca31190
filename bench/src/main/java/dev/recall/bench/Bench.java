package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The scale benchmark of issue 5: for each size, a synthetic corpus with real sentences is built with the
 * product's code, then searched by recall and by the peers' engines (SQLite FTS5, exact vector search) with the
 * same queries, in one process and one run, so the ratios compare like with like on the same machine state.
 */
public final class Bench {
    static final int EMBEDDING_PROBE_QUERIES = 50;

    private final BenchOptions options;
    private final String command;
    private final Consumer<String> log;

    /**
     * @param command how the run was invoked, for the report
     * @param log progress lines (stderr in the CLI)
     */
    public Bench(BenchOptions options, String command, Consumer<String> log) {
        this.options = options;
        this.command = command;
        this.log = log;
    }

    public BenchResult run() {
        Machine machine = Machine.current();
        String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        log.accept("reading " + options.corpus());
        SentenceCorpus corpus = SentenceCorpus.load(options.corpus());
        List<String> queries = QueryGenerator.generate(corpus, options.seed(), options.queries());
        log.accept(String.format(Locale.ROOT, "%,d source documents, %,d sentences; %d queries from %d held-out"
                + " documents", corpus.entryDocs().size(), corpus.sentenceCount(), queries.size(),
                corpus.queryDocs().size()));
        Path root = workRoot();
        List<TierResult> tiers = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Latency queryEmbedding = null;
        SentenceSource sentences = new SentenceSource(log);
        // The sentence vectors take minutes to embed; kept in recall's cache, a rerun of the 100k tier skips that.
        Path modelCache = options.cacheDir() != null ? options.cacheDir() : root.resolve("model-cache");
        Path sentenceCache = options.cacheDir() != null ? options.cacheDir().resolve("bench") : root;
        try (LazyModel model = new LazyModel(modelCache)) {
            if (options.modelLatency()) {
                queryEmbedding = queryEmbedding(model, queries, notes);
            }
            LatencyProbe probe = new LatencyProbe(options.warmup());
            for (int n : options.sizes()) {
                Path dataDir = root.resolve("n" + n);
                if (!options.reuse()) {
                    Disk.deleteTree(dataDir);
                }
                VectorSource source = options.vectors().forTier(n);
                List<String> tierNotes = new ArrayList<>();
                Embedder embedder = switch (source) {
                    case MODEL -> model.get().orElse(null);
                    case SENTENCES, SENTENCES_AS_MODEL -> sentences.embedder(model, corpus, sentenceCache,
                            source == VectorSource.SENTENCES_AS_MODEL, tierNotes).orElse(null);
                    default -> new HashEmbedder();
                };
                if (embedder == null) {
                    tierNotes.add("the model could not be loaded (" + model.failure() + "); hash vectors instead");
                    source = VectorSource.HASH;
                    embedder = new HashEmbedder();
                }
                log.accept(String.format(Locale.ROOT, "tier: %,d entries, %s vectors, in %s", n, source.label(),
                        dataDir));
                TierBench tier = new TierBench(new TierBuilder(new EntryGenerator(corpus, options.seed()),
                        options.encodings(), log),
                        new QueryBench(probe, options.backend(), log), coldStartRunner(root), log);
                tiers.add(tier.run(n, dataDir, source, embedder, queries, tierNotes, options.reuse()));
                if (!options.keep()) {
                    Disk.deleteTree(dataDir);
                }
            }
        } finally {
            if (!options.keep() && options.workDir() == null) {
                Disk.deleteTree(root);
            }
        }
        if (options.keep()) {
            notes.add("data dirs kept under " + root);
        }
        return new BenchResult(machine, started, command, options.corpus().toString(), queries.size(),
                options.seed(), List.copyOf(tiers), queryEmbedding, Machine.currentLoadAverage(),
                Targets.check(tiers, queryEmbedding), List.copyOf(notes));
    }

    private Latency queryEmbedding(LazyModel model, List<String> queries, List<String> notes) {
        Optional<Embedder> m = model.get();
        if (m.isEmpty()) {
            notes.add("query embedding not measured: the model could not be loaded (" + model.failure() + ")");
            return null;
        }
        log.accept("query embedding: bundled model, " + EMBEDDING_PROBE_QUERIES + " queries");
        List<String> probeQueries = queries.subList(0, Math.min(EMBEDDING_PROBE_QUERIES, queries.size()));
        return new LatencyProbe(options.warmup()).measure(probeQueries, q -> m.get().embedQuery(q)).latency();
    }

    private ColdStartRunner coldStartRunner(Path root) {
        if (options.coldStart() == null) {
            return null;
        }
        return new ColdStartRunner(new ColdStart(options.coldStart(), root.resolve("cold-start")),
                root.resolve("recall-appcds.jsa"), log);
    }

    private Path workRoot() {
        try {
            if (options.workDir() != null) {
                return Files.createDirectories(options.workDir());
            }
            return Files.createTempDirectory("recall-bench-");
        } catch (IOException e) {
            throw new BenchException("cannot create the work dir: " + e.getMessage(), e);
        }
    }
}
