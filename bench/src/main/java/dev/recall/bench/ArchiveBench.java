package dev.recall.bench;

import dev.recall.index.LexicalIndex;
import dev.recall.index.PassageSource;
import dev.recall.index.PassageVectors;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.search.PassageSearchRequest;
import dev.recall.search.SearchMode;
import dev.recall.search.SessionSearch;
import dev.recall.store.Database;
import dev.recall.store.SessionFilter;
import dev.recall.store.Sessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The session-archive tier: a synthetic archive written through the store's own insert path (the archive triggers
 * included), the passage index built and then synced incrementally, session vectors built (hash vectors: the cost
 * of the model is the model's, measured elsewhere), and lexical and hybrid passage search timed through
 * {@link SessionSearch}, the product's own search.
 */
public final class ArchiveBench {
    /** Sessions written per transaction. */
    static final int BATCH_SESSIONS = 200;
    /** Queries whose embedding by the bundled model is timed (the model is about 30 ms a query, not 30 µs). */
    static final int MODEL_PROBE_QUERIES = 50;

    /**
     * @param sessions how many sessions; messages are spread evenly over them
     * @param messages how many messages in all
     * @param reuse keep an archive a kept run left in the work dir (same size): time the queries again, nothing else
     * @param modelCache where the bundled model is cached, or null to leave the model's query embedding unmeasured
     */
    public record Options(int sessions, int messages, int queries, long seed, Path corpus, Path workDir,
            boolean keep, Duration warmup, boolean reuse, Path modelCache) {
        public Options {
            if (sessions < 1 || messages < sessions) {
                throw new IllegalArgumentException("need at least one session and one message per session");
            }
            if (queries < 1) {
                throw dev.recall.store.RecallException.invalid("queries", "must be at least 1");
            }
            if (reuse && workDir == null) {
                throw new IllegalArgumentException("reusing an archive needs the work dir it was kept in");
            }
        }
    }

    /**
     * What the tier measured. Latencies are wall-clock; the {@code Cpu} ones are the querying thread's CPU time,
     * which is what a query costs when the machine is not shared (this one often runs at a load of 15 to 30 on 2
     * cores, where wall-clock measures the scheduler). The build phases are null when a kept archive was reused.
     *
     * @param writeCpuSeconds the process's CPU time over the write (all threads: under load, the work it did)
     * @param hybrid hybrid search including the query's embedding by the hash embedder (microseconds)
     * @param hybridSearch hybrid search alone, the query vectors computed beforehand
     * @param modelQueryEmbedding the bundled model embedding one query, or null when not measured: hybrid with the
     *     model costs about {@code hybridSearch} plus this
     */
    public record Result(String machine, int sessions, int messages, int passages, Double writeSeconds,
            Double writeCpuSeconds, Double indexBuildSeconds, Double indexBuildCpuSeconds, Double incrementalSyncMs, int incrementalMessages, Double vectorBuildSeconds,
            Latency lexical, Latency hybrid, Latency lexicalCpu, Latency hybridCpu, Latency hybridSearch,
            Latency hybridSearchCpu, Latency modelQueryEmbedding, long databaseBytes, long passageIndexBytes,
            long vectorBytes, String loadAverage, String dataDir) {}

    /** Wall-clock and thread-CPU latency of one mode over the queries, after a warm-up. */
    private record Timed(Latency wall, Latency cpu) {}

    private Timed time(List<String> queries, java.util.function.Consumer<String> op) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long warmupEnd = System.nanoTime() + options.warmup().toNanos();
        for (int pass = 0; pass < LatencyProbe.MAX_WARMUP_PASSES && System.nanoTime() < warmupEnd; pass++) {
            for (int i = 0; i < queries.size() && System.nanoTime() < warmupEnd; i++) {
                op.accept(queries.get(i));
            }
        }
        double[] wall = new double[queries.size()];
        double[] cpu = new double[queries.size()];
        for (int i = 0; i < queries.size(); i++) {
            long c0 = threads.getCurrentThreadCpuTime();
            long w0 = System.nanoTime();
            op.accept(queries.get(i));
            wall[i] = (System.nanoTime() - w0) / 1e6;
            cpu[i] = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
        }
        return new Timed(LatencyProbe.summarise(wall, wall[0]), LatencyProbe.summarise(cpu, cpu[0]));
    }

    private final Options options;
    private final Consumer<String> log;

    public ArchiveBench(Options options, Consumer<String> log) {
        this.options = options;
        this.log = log;
    }

    /** The build phases' figures; all null when a kept archive was reused. */
    private record Built(Double write, Double writeCpu, Double build, Double buildCpu, Double incremental,
            Double vectors) {}

    /** Passages in the index's last commit. */
    private static int passages(LexicalIndex index) {
        try (LexicalIndex.Lease lease = index.acquire()) {
            return lease.reader().numDocs();
        }
    }

    public Result run() throws java.io.IOException {
        Path work = options.workDir() != null ? options.workDir() : Files.createTempDirectory("recall-archive-bench");
        Path data = work.resolve("archive-" + options.messages());
        boolean reused = options.reuse() && Files.isRegularFile(data.resolve(Database.FILE_NAME));
        if (options.reuse() && !reused) {
            throw new BenchException("no kept archive in " + data + " to reuse: run once with --keep first");
        }
        if (!reused) {
            Disk.deleteTree(data);
        }
        SentenceCorpus corpus = SentenceCorpus.load(options.corpus());
        ArchiveGenerator generator = new ArchiveGenerator(corpus, options.seed());
        int perSession = options.messages() / options.sessions();
        Path indexDir = data.resolve("index").resolve("passages");
        try (Database db = Database.open(data);
                LexicalIndex index = LexicalIndex.open(indexDir, new PassageSource(db), log);
                HashEmbedder hash = new HashEmbedder()) {
            Built built = reused ? reuse(db, index, hash, data) : build(db, index, hash, generator, perSession, data);
            List<String> queries = QueryGenerator.generate(corpus, options.seed(), options.queries());
            try (SessionSearch search = new SessionSearch(db, index, () -> hash)) {
                Timed lexical = time(queries, q -> search.search(request(q, SearchMode.LEXICAL)));
                log.accept(String.format(Locale.ROOT, "lexical: p50 %.2f ms, p99 %.2f ms (cpu p50 %.2f ms)",
                        lexical.wall().p50Ms(), lexical.wall().p99Ms(), lexical.cpu().p50Ms()));
                Timed hybrid = time(queries, q -> search.search(request(q, SearchMode.HYBRID)));
                log.accept(String.format(Locale.ROOT, "hybrid (hash query embedding included): p50 %.2f ms,"
                        + " p99 %.2f ms (cpu p50 %.2f ms)", hybrid.wall().p50Ms(), hybrid.wall().p99Ms(),
                        hybrid.cpu().p50Ms()));
                java.util.Map<String, float[]> vectors = new java.util.HashMap<>();
                queries.forEach(q -> vectors.put(q, hash.embedQuery(q)));
                QueryVectorEmbedder precomputed = new QueryVectorEmbedder(hash.identity(), vectors);
                Timed hybridSearch;
                try (SessionSearch alone = new SessionSearch(db, index, () -> precomputed)) {
                    hybridSearch = time(queries, q -> alone.search(request(q, SearchMode.HYBRID)));
                }
                log.accept(String.format(Locale.ROOT, "hybrid (search alone, query vectors precomputed): p50 %.2f"
                        + " ms, p99 %.2f ms", hybridSearch.wall().p50Ms(), hybridSearch.wall().p99Ms()));
                Latency model = modelQueryEmbedding(queries);
                Result r = new Result(Machine.current().toString(), (int) new Sessions(db).count(),
                        perSession * (int) new Sessions(db).count(), passages(index), built.write(), built.writeCpu(),
                        built.build(), built.buildCpu(), built.incremental(), perSession, built.vectors(), lexical.wall(), hybrid.wall(), lexical.cpu(),
                        hybrid.cpu(), hybridSearch.wall(), hybridSearch.cpu(), model,
                        Disk.size(db.file()) + Disk.size(Path.of(db.file() + "-wal")), Disk.size(indexDir),
                        Disk.size(data.resolve("vectors")), Machine.currentLoadAverage(),
                        options.keep() ? data.toString() : null);
                if (!options.keep()) {
                    Disk.deleteTree(data);
                }
                return r;
            }
        }
    }

    /**
     * A kept archive: its passage index and session vectors are brought up to date first, untimed (a finished kept
     * run left them current; an interrupted one may have left the vector build to finish).
     */
    private Built reuse(Database db, LexicalIndex index, HashEmbedder hash, Path data) {
        LexicalIndex.SyncReport synced = index.sync();
        if (synced.rebuilt() || synced.updated() > 0) {
            log.accept("the kept passage index was not current; it was brought up to date (not timed)");
        }
        VectorBuilder.Report vectors = vectors(db, hash, data, false);
        if (vectors.embedded() > 0) {
            log.accept(String.format(Locale.ROOT, "the kept session vectors were not current: %,d passages embedded"
                    + " (not timed)", vectors.embedded()));
        }
        log.accept(String.format(Locale.ROOT, "reusing the kept archive: %,d sessions, %,d passages",
                new Sessions(db).count(), passages(index)));
        return new Built(null, null, null, null, null, null);
    }

    private Built build(Database db, LexicalIndex index, HashEmbedder hash, ArchiveGenerator generator,
            int perSession, Path data) {
        long t0 = System.nanoTime();
        double cpu0 = ProcessCpu.seconds();
        Sessions sessions = new Sessions(db);
        // Making up the transcripts was half the write's CPU (a profile at 40k messages): the next batch is generated
        // on another thread while this one is written, so the write measures the store more than the generator.
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            java.util.concurrent.Future<List<Transcript>> next = pool.submit(() -> generate(generator, 0, perSession));
            for (int from = 0; from < options.sessions(); from += BATCH_SESSIONS) {
                List<Transcript> batch = next.get();
                int end = from + batch.size();
                next = end < options.sessions() ? pool.submit(() -> generate(generator, end, perSession)) : null;
                db.transaction(() -> batch.forEach(t -> sessions.insert(t.session(), t.messages())));
                if (end % 2000 == 0 || end == options.sessions()) {
                    log.accept(String.format(Locale.ROOT, "archive: %,d of %,d sessions written", end,
                            options.sessions()));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("interrupted while writing the archive");
        } catch (java.util.concurrent.ExecutionException e) {
            throw new BenchException("generating the archive failed: " + e.getCause());
        } finally {
            pool.shutdownNow();
        }
        double write = (System.nanoTime() - t0) / 1e9;
        double writeCpu = ProcessCpu.seconds() - cpu0;
        log.accept(String.format(Locale.ROOT, "archive: %,d messages in %.1f s (CPU %.1f s)",
                perSession * options.sessions(), write, writeCpu));

        long t1 = System.nanoTime();
        double cpu1 = ProcessCpu.seconds();
        LexicalIndex.SyncReport built = index.rebuild();
        double build = (System.nanoTime() - t1) / 1e9;
        double buildCpu = ProcessCpu.seconds() - cpu1;
        log.accept(String.format(Locale.ROOT, "passage index: %,d passages in %.1f s (CPU %.1f s)", built.updated(),
                build, buildCpu));

        // One more session arrives (a sync): the index applies only that session from the journal.
        sessions.insert(generator.session(options.sessions()), generator.messages(options.sessions(), perSession));
        long t2 = System.nanoTime();
        LexicalIndex.SyncReport synced = index.sync();
        double incremental = (System.nanoTime() - t2) / 1e6;
        log.accept(String.format(Locale.ROOT, "passage index: incremental sync of %d session in %.1f ms",
                synced.updated(), incremental));

        long t3 = System.nanoTime();
        vectors(db, hash, data, true);
        double vectors = (System.nanoTime() - t3) / 1e9;
        log.accept(String.format(Locale.ROOT, "session vectors (hash): built in %.1f s", vectors));
        return new Built(write, writeCpu, build, buildCpu, incremental, vectors);
    }

    /** Session vectors by the hash embedder: all of them, or what a kept archive's generation lacks. */
    private static VectorBuilder.Report vectors(Database db, HashEmbedder hash, Path data, boolean full) {
        return new VectorBuilder(db, new PassageVectors(db), hash, data.resolve("vectors"), VectorEncoding.FLOAT32,
                256, 50_000).build(full, VectorBuilder.Progress.NONE);
    }

    private record Transcript(dev.recall.store.Session session, List<dev.recall.store.Message> messages) {}

    /** One batch of sessions from {@code from}, each generated independently of the others. */
    private List<Transcript> generate(ArchiveGenerator generator, int from, int perSession) {
        int end = Math.min(options.sessions(), from + BATCH_SESSIONS);
        return java.util.stream.IntStream.range(from, end)
                .mapToObj(i -> new Transcript(generator.session(i), generator.messages(i, perSession))).toList();
    }

    /** The bundled model embedding a query, timed alone; null when not asked for or the model cannot load here. */
    private Latency modelQueryEmbedding(List<String> queries) {
        if (options.modelCache() == null) {
            return null;
        }
        try (LazyModel model = new LazyModel(options.modelCache())) {
            return model.get().map(m -> {
                List<String> probe = queries.subList(0, Math.min(MODEL_PROBE_QUERIES, queries.size()));
                Latency l = new LatencyProbe(options.warmup()).measure(probe, m::embedQuery).latency();
                log.accept(String.format(Locale.ROOT, "query embedding (bundled model): p50 %.2f ms, p99 %.2f ms",
                        l.p50Ms(), l.p99Ms()));
                return l;
            }).orElseGet(() -> {
                log.accept("query embedding not measured: the model could not be loaded (" + model.failure() + ")");
                return null;
            });
        }
    }

    /** A query as `recall search` sends it, without the per-hit explanation (plain output does not ask for it). */
    private static PassageSearchRequest request(String text, SearchMode mode) {
        PassageSearchRequest r = PassageSearchRequest.of(text, mode, SessionFilter.ALL, 10);
        return new PassageSearchRequest(r.text(), r.mode(), r.filter(), r.limit(), null, r.window(), r.rrfK(), r.k1(),
                r.b(), false);
    }

    /** The tier as markdown tables: the build, then the queries. */
    public static String markdown(Result r) {
        String build = String.format(Locale.ROOT, """
                | sessions | messages | passages | archive write (CPU) | passage index build (CPU) | incremental sync (1 session, %d msgs) | vectors (hash) build | recall.db | passage index | vectors |
                |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
                | %,d | %,d | %,d | %s (%s) | %s (%s) | %s | %s | %s | %s | %s |
                """, r.incrementalMessages(), r.sessions(), r.messages(), r.passages(), seconds(r.writeSeconds()),
                seconds(r.writeCpuSeconds()), seconds(r.indexBuildSeconds()), seconds(r.indexBuildCpuSeconds()),
                r.incrementalSyncMs() == null ? "kept"
                        : String.format(Locale.ROOT, "%.1f ms", r.incrementalSyncMs()),
                seconds(r.vectorBuildSeconds()), mb(r.databaseBytes()), mb(r.passageIndexBytes()),
                mb(r.vectorBytes()));
        StringBuilder q = new StringBuilder("""

                | query | p50 ms | p99 ms | CPU p50 ms | CPU p99 ms |
                |---|---:|---:|---:|---:|
                """);
        row(q, "lexical", r.lexical(), r.lexicalCpu());
        row(q, "hybrid (hash query embedding included)", r.hybrid(), r.hybridCpu());
        row(q, "hybrid (search alone, query vectors precomputed)", r.hybridSearch(), r.hybridSearchCpu());
        if (r.modelQueryEmbedding() != null) {
            row(q, "query embedding alone (bundled model)", r.modelQueryEmbedding(), null);
        }
        return build + q + "\nload average at the end: " + r.loadAverage() + "\n";
    }

    private static void row(StringBuilder b, String name, Latency wall, Latency cpu) {
        b.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %s | %s |%n", name, wall.p50Ms(), wall.p99Ms(),
                cpu == null ? "" : String.format(Locale.ROOT, "%.2f", cpu.p50Ms()),
                cpu == null ? "" : String.format(Locale.ROOT, "%.2f", cpu.p99Ms())));
    }

    private static String seconds(Double s) {
        return s == null ? "kept" : String.format(Locale.ROOT, "%.1f s", s);
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.0f MB", bytes / 1e6);
    }
}
