package dev.recall.cli;

import dev.recall.bench.ArchiveBench;
import dev.recall.bench.BenchException;
import dev.recall.bench.CorpusLocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "archive", description = "The session-archive tier: a synthetic archive, its passage index (built and"
        + " synced), session vectors (hash), lexical and hybrid passage search latency, disk.")
final class BenchArchiveCommand implements Callable<Integer> {
    private final App app;

    BenchArchiveCommand(App app) {
        this.app = app;
    }

    @Option(names = "--sessions", defaultValue = "10000", description = "Sessions (default ${DEFAULT-VALUE}).")
    int sessions;

    @Option(names = "--messages", defaultValue = "100000",
            description = "Messages in all, spread evenly over the sessions (default ${DEFAULT-VALUE}).")
    int messages;

    @Option(names = "--queries", defaultValue = "200", description = "Queries per mode (default ${DEFAULT-VALUE}).")
    int queries;

    @Option(names = "--seed", defaultValue = "42")
    long seed;

    @Option(names = "--warmup-seconds", defaultValue = "10")
    int warmupSeconds;

    @Option(names = "--corpus", paramLabel = "FILE",
            description = "A BEIR corpus.jsonl to draw the transcripts' sentences from (default ../shared/eval/scifact/corpus.jsonl).")
    Path corpus;

    @Option(names = "--work-dir", paramLabel = "DIR", description = "Build the archive here instead of a temp dir.")
    Path workDir;

    @Option(names = "--keep", description = "Keep the archive's data dir.")
    boolean keep;

    @Option(names = "--reuse", description = "Time the queries again over the archive a --keep run left in --work-dir"
            + " (same --messages), instead of writing and indexing it anew.")
    boolean reuse;

    @Option(names = "--no-model", description = "Do not time the bundled model's query embedding.")
    boolean noModel;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        Path corpusFile = corpus != null ? corpus : CorpusLocator.find(app.workingDir())
                .orElseThrow(() -> new CliException(ExitCode.NOT_FOUND, "no source corpus found (looked for "
                        + CorpusLocator.describe(app.workingDir()) + "); pass --corpus FILE"));
        if (!Files.isRegularFile(corpusFile)) {
            throw new CliException(ExitCode.NOT_FOUND, "corpus file " + corpusFile + " does not exist");
        }
        ArchiveBench.Options options;
        try {
            options = new ArchiveBench.Options(sessions, messages, queries, seed, corpusFile, workDir, keep || reuse,
                    Duration.ofSeconds(warmupSeconds), reuse, noModel ? null : app.dataDir().resolve("cache"));
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
        long start = System.nanoTime();
        ArchiveBench.Result r;
        try {
            r = new ArchiveBench(options, line -> {
                app.err.printf(Locale.ROOT, "bench [%7.1fs] %s%n", (System.nanoTime() - start) / 1e9, line);
                app.err.flush();
            }).run();
        } catch (BenchException e) {
            throw new CliException(reuse ? ExitCode.NOT_FOUND : ExitCode.ERROR, e.getMessage());
        } catch (IOException e) {
            throw new CliException(ExitCode.ERROR, "archive bench: " + e.getMessage());
        }
        if (output.json()) {
            app.printJson(r);
        } else {
            app.out.print(ArchiveBench.markdown(r));
            app.out.println("machine: " + r.machine());
            if (r.dataDir() != null) {
                app.out.println("kept: " + r.dataDir() + " (time the queries again with --reuse --work-dir "
                        + r.dataDir().substring(0, r.dataDir().lastIndexOf('/')) + " --messages " + messages + ")");
            }
        }
        return ExitCode.OK.code;
    }
}
