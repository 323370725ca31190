package dev.recall.cli;

import dev.recall.bench.Bench;
import dev.recall.bench.BenchException;
import dev.recall.bench.BenchOptions;
import dev.recall.bench.BenchResult;
import dev.recall.bench.ColdStartSpec;
import dev.recall.bench.CorpusLocator;
import dev.recall.bench.HnswEncodings;
import dev.recall.bench.MarkdownReport;
import dev.recall.bench.VectorSource;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "bench", mixinStandardHelpOptions = true, subcommands = BenchArchiveCommand.class,
        description = "Scale benchmarks: build N synthetic entries and time recall (Lucene BM25, HNSW, hybrid)"
                + " against SQLite FTS5 and exact vector search, side by side in one run.")
final class BenchCommand implements Callable<Integer> {
    private final App app;

    BenchCommand(App app) {
        this.app = app;
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--sizes", defaultValue = "10000,100000", split = ",",
            description = "Corpus sizes (default ${DEFAULT-VALUE}); 1000000 is opt-in: it takes about an hour here.")
    List<Integer> sizes;

    @Option(names = "--vectors", defaultValue = "hash",
            description = "hash (default: cheap deterministic vectors), model (the bundled model: about 10 to 30"
                    + " documents a second here), sentences (each entry the mean of the model's vectors of the"
                    + " corpus sentences it is made of; the model embeds each sentence once, cached in the work"
                    + " dir), sentences-as-model (the same vectors stamped with the model's identity, so the daemon and"
                    + " hybrid `recall query` use them: for latency, not quality) or auto (the model up to 10,000"
                    + " entries, sentences above).")
    String vectors;

    @Option(names = "--encodings", defaultValue = "float32,int8", paramLabel = "LIST",
            description = "HNSW encodings each tier builds and measures, comma-separated (default"
                    + " ${DEFAULT-VALUE}); at 1M entries each build takes about a quarter of an hour.")
    String encodings;

    @Option(names = "--corpus", paramLabel = "FILE",
            description = "A BEIR corpus.jsonl to sample sentences from (default ../shared/eval/scifact/corpus.jsonl"
                    + " beside the repo).")
    Path corpus;

    @Option(names = "--queries", defaultValue = "200", description = "Queries per engine (default ${DEFAULT-VALUE}).")
    int queries;

    @Option(names = "--seed", defaultValue = "42", description = "Generator seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--warmup-seconds", defaultValue = "10",
            description = "Warm-up budget per engine (with --server: per mode) before measuring (default ${DEFAULT-VALUE}).")
    int warmupSeconds;

    @Option(names = "--cold-runs", defaultValue = "5",
            description = "Timed `recall query` process starts per variant (default ${DEFAULT-VALUE}).")
    int coldRuns;

    @Option(names = "--no-cold-start", description = "Skip the `recall query` process runs.")
    boolean noColdStart;

    @Option(names = "--no-model",
            description = "Never load the embedding model (hash vectors, no query-embedding probe).")
    boolean noModel;

    @Option(names = "--work-dir", paramLabel = "DIR", description = "Build tiers here instead of a temp dir.")
    Path workDir;

    @Option(names = "--keep", description = "Keep the tiers' data dirs (each is a recall data dir).")
    boolean keep;

    @Option(names = "--reuse", description = "Measure the tiers a --keep run left in --work-dir (same --sizes,"
            + " --vectors and --encodings) instead of building them again: the queries, and with --backend the"
            + " publish to the other backend.")
    boolean reuse;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write bench.json and bench.md into DIR.")
    Path out;

    @Mixin
    OutputFormat output;

    @Option(names = "--server", paramLabel = "DATA_DIR", description = "Measure the daemon instead (repeatable): HTTP"
            + " per mode, `recall query` and the hooks through it, a load test; on data dirs that hold a corpus"
            + " (tiers kept with --keep).")
    List<Path> server;

    @Option(names = "--load-clients", defaultValue = "16", description = "--server: concurrent clients of the load test.")
    int loadClients;

    @Option(names = "--load-seconds", defaultValue = "60", description = "--server: length of the load test.")
    int loadSeconds;

    @picocli.CommandLine.Mixin
    BackendOptions backend;

    @Override
    public Integer call() throws Exception {
        if (server != null && !server.isEmpty()) {
            return serverBench();
        }
        VectorSource source = noModel ? VectorSource.HASH : VectorSource.parse(vectors);
        HnswEncodings hnswEncodings = HnswEncodings.parse(encodings);
        Path jar = runningJar();
        Path cwd = app.workingDir();
        Path corpusFile = corpus != null ? corpus : CorpusLocator.find(cwd, jar == null ? null : jar.getParent())
                .orElseThrow(() -> new CliException(ExitCode.NOT_FOUND, "no source corpus found (looked for "
                        + CorpusLocator.describe(cwd, jar == null ? null : jar.getParent()) + "); pass --corpus FILE"));
        if (!Files.isRegularFile(corpusFile)) {
            throw new CliException(ExitCode.NOT_FOUND, "corpus file " + corpusFile + " does not exist");
        }
        ColdStartSpec coldStart = null;
        if (!noColdStart && jar != null) {
            coldStart = new ColdStartSpec(Path.of(System.getProperty("java.home"), "bin", "java"),
                    ColdStartSpec.LAUNCHER_FLAGS, jar, coldRuns);
        } else if (!noColdStart) {
            app.notice("not running from recall's jar: cold-start runs skipped");
        }
        BenchOptions options;
        try {
            options = new BenchOptions(sizes, source, corpusFile, workDir, keep, queries, seed, coldStart,
                    !noModel, Duration.ofSeconds(warmupSeconds), hnswEncodings, app.dataDir().resolve("cache"),
                    backend.choose(app, "recall-bench").map(f -> new BenchOptions.Backend(backend.backend, f))
                            .orElse(null), reuse);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
        long start = System.nanoTime();
        BenchResult result;
        try {
            result = new Bench(options, command(), line -> {
                app.err.printf(Locale.ROOT, "bench [%7.1fs] %s%n", (System.nanoTime() - start) / 1e9, line);
                app.err.flush();
            }).run();
        } catch (BenchException e) {
            throw new CliException(reuse ? ExitCode.NOT_FOUND : ExitCode.ERROR, e.getMessage());
        }
        String table = MarkdownReport.render(result);
        if (out != null) {
            write(out, result, table);
        }
        if (output.json()) {
            app.printJson(result);
        } else {
            app.out.print(table);
            app.out.flush();
        }
        return ExitCode.OK.code;
    }

    /** The daemon's tier: SciFact's queries against each data dir, through HTTP, processes and the hook script. */
    private int serverBench() throws Exception {
        Path jar = runningJar();
        Path root = checkout(jar);
        Path corpusFile = corpus != null ? corpus : CorpusLocator.find(app.workingDir(), jar == null ? null
                : jar.getParent()).orElseThrow(() -> new CliException(ExitCode.NOT_FOUND, "no source corpus found;"
                        + " pass --corpus FILE (its queries.jsonl beside it are the queries)"));
        Path queriesFile = corpusFile.resolveSibling("queries.jsonl");
        List<String> qs = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(queriesFile)) {
            if (qs.size() < queries) {
                qs.add(app.json().readTree(line).path("text").asText());
            }
        }
        Path testdata = root == null ? null : root.resolve("testdata");
        List<String> importLines = new java.util.ArrayList<>();
        Path transcript = null;
        if (testdata != null && Files.isDirectory(testdata)) {
            String template = Files.readAllLines(testdata.resolve("entries/part-a.jsonl")).getFirst();
            for (int i = 0; i < 200; i++) {
                importLines.add(template.replace("ledgerd-proc-001", "server-bench-" + System.nanoTime() + "-" + i));
            }
            transcript = testdata.resolve(
                    "transcripts/claude/projects/-home-dana-src-ledgerd/7f3c2a9e-1b4d-4c8e-9a2f-5d6e7f8a9b0c.jsonl");
        }
        long start = System.nanoTime();
        // the launcher and hook script of this checkout (./recall), or of the install whose lib/recall.jar runs
        Path install = jar == null || jar.getParent() == null ? null : jar.getParent().getParent();
        Path launcher = root != null ? root.resolve("recall")
                : install != null && Files.isExecutable(install.resolve("bin/recall")) ? install.resolve("bin/recall")
                : null;
        Path hookScript = root != null ? root.resolve("src/claude-plugin/hooks/run-recall.sh")
                : install != null && Files.isRegularFile(install.resolve("plugin/hooks/run-recall.sh"))
                        ? install.resolve("plugin/hooks/run-recall.sh") : null;
        // the launchers' collector, from the flags a test keeps equal to src/launcher/jvm-flags.sh
        String launcherCollector = dev.recall.server.GarbageCollector.selectedBy(ColdStartSpec.LAUNCHER_FLAGS)
                .orElse(null);
        dev.recall.server.ServerBench.Report report = dev.recall.server.ServerBench.run(
                new dev.recall.server.ServerBench.Options(server, qs, launcher, hookScript, transcript, importLines,
                coldRuns, loadClients, Duration.ofSeconds(loadSeconds), Duration.ofSeconds(warmupSeconds), line -> {
                    app.err.printf(Locale.ROOT, "bench [%7.1fs] %s%n", (System.nanoTime() - start) / 1e9, line);
                    app.err.flush();
                }, new HandoffRunner(), launcherCollector));
        if (output.json()) {
            app.printJson(report);
        } else {
            app.out.print(report.markdown());
            app.out.flush();
        }
        return ExitCode.OK.code;
    }

    private void write(Path dir, BenchResult result, String table) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("bench.json"), app.json().writeValueAsString(result), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("bench.md"), table, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException(ExitCode.ERROR, "cannot write results to " + dir + ": " + e.getMessage());
        }
    }

    private String command() {
        List<String> args = new ArrayList<>(spec.root().commandLine().getParseResult().originalArgs());
        return "recall " + String.join(" ", args);
    }

    /** The fat jar this command runs from, to start `recall query` processes from the same build; else null. */
    /** The repository checkout the jar was built in (cli/target/recall-all.jar), or null. */
    private static Path checkout(Path jar) {
        Path target = jar == null ? null : jar.getParent();
        Path root = target == null || target.getParent() == null ? null : target.getParent().getParent();
        return root != null && Files.isRegularFile(root.resolve("recall")) && Files.isDirectory(root.resolve("testdata"))
                ? root : null;
    }

    private static Path runningJar() {
        try {
            var source = BenchCommand.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return null;
            }
            Path p = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(p) && p.toString().endsWith(".jar") ? p : null;
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }
}
