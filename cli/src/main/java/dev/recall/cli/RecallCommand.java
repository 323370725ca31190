package dev.recall.cli;

import dev.recall.freshness.Staleness;
import dev.recall.search.SearchException;
import dev.recall.store.StoreException;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "recall", mixinStandardHelpOptions = true, version = "recall 0.1.0",
        description = "Local-first memory and search for coding agents.",
        subcommands = {
            ImportCommand.class,
            ListCommand.class,
            GetCommand.class,
            StatsCommand.class,
            SessionsCommand.class,
            QueryCommand.class,
            BriefCommand.class,
            LedgerCommand.class,
            IndexCommand.class,
            EmbeddingsCommand.class,
            SyncCommand.class, SaveCommand.class, ShowCommand.class, CaptureCommand.class, LogCommand.class,
            ExtractCommand.class, ReviewCommand.class,
            BenchCommand.class,
            DemoCommand.class,
            EvalCommand.class,
        })
final class RecallCommand implements Runnable {
    private final App app;

    RecallCommand(App app) {
        this.app = app;
    }

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Data dir (default: $RECALL_DATA_DIR, else the platform's user data dir).")
    void dataDir(Path dir) {
        app.setDataDirOption(dir);
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(app.out);
    }

    static CommandLine commandLine() {
        return commandLine(System.getenv(), Path.of("").toAbsolutePath(), new PrintWriter(System.out, true),
                new PrintWriter(System.err, true));
    }

    /** Builds the command line; every command gets the run's App through its constructor. */
    static CommandLine commandLine(Map<String, String> env, Path workingDir, PrintWriter out, PrintWriter err) {
        App app = new App(env, workingDir);
        app.out = out;
        app.err = err;
        CommandLine cli = new CommandLine(RecallCommand.class, new AppFactory(app));
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(false);
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            ExitCode code = ExitCode.ERROR;
            String message = ex.getMessage();
            if (ex instanceof CliException ce) {
                code = ce.exitCode;
            } else if (ex instanceof Staleness.RefusedException) {
                code = ExitCode.STALE;
            } else if (ex instanceof SearchException) {
                code = ExitCode.REJECTED;
            } else if (ex instanceof IllegalArgumentException) {
                code = ExitCode.USAGE;
            } else if (!(ex instanceof StoreException) && message == null) {
                message = ex.toString();
            }
            err.println("recall: " + message);
            err.flush();
            return code.code;
        });
        cli.setExitCodeExceptionMapper(ex -> ExitCode.USAGE.code);
        // The store is closed when the command ends, however it ends.
        var strategy = cli.getExecutionStrategy();
        cli.setExecutionStrategy(parseResult -> {
            try {
                return strategy.execute(parseResult);
            } finally {
                app.close();
                out.flush();
            }
        });
        return cli;
    }

    /** Instantiates commands with the App when they accept it: constructor injection, no static state. */
    private record AppFactory(App app) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> cls) throws Exception {
            for (Constructor<?> ctor : cls.getDeclaredConstructors()) {
                if (ctor.getParameterCount() == 1 && ctor.getParameterTypes()[0] == App.class) {
                    ctor.setAccessible(true);
                    return cls.cast(ctor.newInstance(app));
                }
            }
            return CommandLine.defaultFactory().create(cls);
        }
    }
}
