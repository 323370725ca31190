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
import dev.recall.store.Message;
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

    /**
     * @param sessions how many sessions; messages are spread evenly over them
     * @param messages how many messages in all
     */
    public record Options(int sessions, int messages, int queries, long seed, Path corpus, Path workDir,
            boolean keep, Duration warmup) {
        public Options {
            if (sessions < 1 || messages < sessions) {
                throw new IllegalArgumentException("need at least one session and one message per session");
            }
            if (queries < 1) {
                throw dev.recall.store.RecallException.invalid("queries", "must be at least 1");
            }
        }
    }

    /** What the tier measured. */
    /**
     * What the tier measured. Latencies are wall-clock; the {@code Cpu} ones are the querying thread's CPU time,
     * which is what a query costs when the machine is not shared (this one often runs at a load of 15 to 30 on 2
     * cores, where wall-clock measures the scheduler).
     */
    public record Result(String machine, int sessions, int messages, int passages, double writeSeconds,
            double indexBuildSeconds, double incrementalSyncMs, int incrementalMessages, double vectorBuildSeconds,
            Latency lexical, Latency hybrid, Latency lexicalCpu, Latency hybridCpu, long databaseBytes,
            long passageIndexBytes, long vectorBytes) {}

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

    public Result run() throws java.io.IOException {
        Path work = options.workDir() != null ? options.workDir() : Files.createTempDirectory("recall-archive-bench");
        Path data = work.resolve("archive-" + options.messages());
        Disk.deleteTree(data);
        SentenceCorpus corpus = SentenceCorpus.load(options.corpus());
        ArchiveGenerator generator = new ArchiveGenerator(corpus, options.seed());
        int perSession = options.messages() / options.sessions();
        try (Database db = Database.open(data)) {
            long t0 = System.nanoTime();
            for (int from = 0; from < options.sessions(); from += BATCH_SESSIONS) {
                int start = from;
                int end = Math.min(options.sessions(), from + BATCH_SESSIONS);
                Sessions sessions = new Sessions(db);
                db.transaction(() -> {
                    for (int i = start; i < end; i++) {
                        sessions.insert(generator.session(i), generator.messages(i, perSession));
                    }
                });
                if (end % 2000 == 0 || end == options.sessions()) {
                    log.accept(String.format(Locale.ROOT, "archive: %,d of %,d sessions written", end,
                            options.sessions()));
                }
            }
            double write = (System.nanoTime() - t0) / 1e9;
            int messages = perSession * options.sessions();
            log.accept(String.format(Locale.ROOT, "archive: %,d messages in %.1f s", messages, write));

            Path indexDir = data.resolve("index").resolve("passages");
            try (LexicalIndex index = LexicalIndex.open(indexDir, new PassageSource(db), log)) {
                long t1 = System.nanoTime();
                LexicalIndex.SyncReport built = index.rebuild();
                double build = (System.nanoTime() - t1) / 1e9;
                log.accept(String.format(Locale.ROOT, "passage index: %,d passages in %.1f s", built.updated(), build));

                // One more session arrives (a sync): the index applies only that session from the journal.
                new Sessions(db).insert(generator.session(options.sessions()),
                        generator.messages(options.sessions(), perSession));
                long t2 = System.nanoTime();
                LexicalIndex.SyncReport synced = index.sync();
                double incremental = (System.nanoTime() - t2) / 1e6;
                log.accept(String.format(Locale.ROOT, "passage index: incremental sync of %d session in %.1f ms",
                        synced.updated(), incremental));

                long t3 = System.nanoTime();
                try (HashEmbedder hash = new HashEmbedder()) {
                    new VectorBuilder(db, new PassageVectors(db), hash, data.resolve("vectors"),
                            VectorEncoding.FLOAT32, 256, 50_000).build(true, VectorBuilder.Progress.NONE);
                    double vectors = (System.nanoTime() - t3) / 1e9;
                    log.accept(String.format(Locale.ROOT, "session vectors (hash): built in %.1f s", vectors));

                    List<String> queries = QueryGenerator.generate(corpus, options.seed(), options.queries());
                    try (SessionSearch search = new SessionSearch(db, index, () -> hash)) {
                        Timed lexical = time(queries, q -> search.search(request(q, SearchMode.LEXICAL)));
                        log.accept(String.format(Locale.ROOT, "lexical: p50 %.2f ms, p99 %.2f ms (cpu p50 %.2f ms)",
                                lexical.wall().p50Ms(), lexical.wall().p99Ms(), lexical.cpu().p50Ms()));
                        Timed hybrid = time(queries, q -> search.search(request(q, SearchMode.HYBRID)));
                        log.accept(String.format(Locale.ROOT, "hybrid: p50 %.2f ms, p99 %.2f ms (cpu p50 %.2f ms)",
                                hybrid.wall().p50Ms(), hybrid.wall().p99Ms(), hybrid.cpu().p50Ms()));
                        Result r = new Result(Machine.current().toString(), options.sessions() + 1,
                                messages + perSession, built.updated(), write, build, incremental, perSession, vectors,
                                lexical.wall(), hybrid.wall(), lexical.cpu(), hybrid.cpu(), Disk.size(db.file()) + Disk.size(Path.of(db.file() + "-wal")),
                                Disk.size(indexDir), Disk.size(data.resolve("vectors")));
                        if (!options.keep()) {
                            Disk.deleteTree(data);
                        }
                        return r;
                    }
                }
            }
        }
    }

    /** A query as `recall search` sends it, without the per-hit explanation (plain output does not ask for it). */
    private static PassageSearchRequest request(String text, SearchMode mode) {
        PassageSearchRequest r = PassageSearchRequest.of(text, mode, SessionFilter.ALL, 10);
        return new PassageSearchRequest(r.text(), r.mode(), r.filter(), r.limit(), null, r.window(), r.rrfK(), r.k1(),
                r.b(), false);
    }

    /** The tier as a markdown table. */
    public static String markdown(Result r) {
        return String.format(Locale.ROOT, """
                | sessions | messages | passages | archive write | passage index build | incremental sync (1 session, %d msgs) | vectors (hash) build | lexical p50 / p99 | hybrid p50 / p99 | lexical CPU p50 / p99 | hybrid CPU p50 / p99 | recall.db | passage index | vectors |
                |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
                | %,d | %,d | %,d | %.1f s | %.1f s | %.1f ms | %.1f s | %.2f / %.2f ms | %.2f / %.2f ms | %.2f / %.2f ms | %.2f / %.2f ms | %s | %s | %s |
                """, r.incrementalMessages(), r.sessions(), r.messages(), r.passages(), r.writeSeconds(),
                r.indexBuildSeconds(), r.incrementalSyncMs(), r.vectorBuildSeconds(), r.lexical().p50Ms(),
                r.lexical().p99Ms(), r.hybrid().p50Ms(), r.hybrid().p99Ms(), r.lexicalCpu().p50Ms(),
                r.lexicalCpu().p99Ms(), r.hybridCpu().p50Ms(), r.hybridCpu().p99Ms(), mb(r.databaseBytes()),
                mb(r.passageIndexBytes()), mb(r.vectorBytes()));
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.0f MB", bytes / 1e6);
    }
}
