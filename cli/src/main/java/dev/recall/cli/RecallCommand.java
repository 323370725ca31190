package dev.recall.cli;

import dev.recall.sessions.ControlCharacters;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "recall", mixinStandardHelpOptions = true, version = "recall 0.1.0",
        description = "Local-first memory and search for coding agents.")
final class RecallCommand implements Runnable {
    /**
     * The subcommands. Not in the {@code @Command} annotation: picocli would build every one's model by reflection
     * on each start, a noticeable share of a short command's start-up, so only the one invoked is built.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(
            ImportCommand.class,
            ListCommand.class,
            GetCommand.class,
            StatsCommand.class,
            SessionsCommand.class,
            SecretsCommand.class,
            QueryCommand.class,
            SearchCommand.class,
            BriefCommand.class,
            PromptCommand.class,
            LedgerCommand.class,
            IndexCommand.class,
            DoctorCommand.class,
            EmbeddingsCommand.class,
            SyncCommand.class, SaveCommand.class, ShowCommand.class, CaptureCommand.class, LogCommand.class,
            ExtractCommand.class, ReviewCommand.class, InsightsCommand.class,
            ServeCommand.class, MembersCommand.class,
            McpCommand.class,
            BenchCommand.class,
            DemoCommand.class,
            EvalCommand.class,
            CompletionCommand.class);

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

    /** The process's own command line, as the invocation {@code requestId} names (null: none). */
    static CommandLine commandLine(String requestId, String[] args) {
        return commandLine(new App(System.getenv(), Path.of("").toAbsolutePath(), requestId),
                new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** The command line for {@code args}: with only the subcommand they invoke, or all of them for help and errors. */
    static CommandLine commandLine(Map<String, String> env, Path workingDir, PrintWriter out, PrintWriter err,
            String... args) {
        return commandLine(new App(env, workingDir), out, err, args);
    }

    /** The command line of {@code app}: in-process, or in the daemon for a handed-over command. */
    static CommandLine commandLine(App app, PrintWriter out, PrintWriter err, String... args) {
        app.rawOut = out;
        app.out = new PrintWriter(ControlCharacters.escaping(out), true);
        app.err = new PrintWriter(ControlCharacters.escaping(err), true);
        AppFactory factory = new AppFactory(app);
        CommandLine cli = new CommandLine(RecallCommand.class, factory);
        Class<?> invoked = invoked(args);
        for (Class<?> sub : invoked == null ? SUBCOMMANDS : List.<Class<?>>of(invoked)) {
            cli.addSubcommand(withHelp(new CommandLine(sub, factory)));
        }
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(false);
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            Failures.Worded worded = Failures.word(ex);
            app.err.println("recall: " + worded.message());
            app.err.flush();
            if (wantsJson(parseResult)) {
                app.printJson(worded.json()); // a script reading stdout gets the failure as JSON too
            }
            return worded.code().code;
        });
        cli.setExitCodeExceptionMapper(ex -> ExitCode.USAGE.code);
        cli.setParameterExceptionHandler(RecallCommand::usageError);
        // The store is closed when the command ends, however it ends.
        var strategy = cli.getExecutionStrategy();
        cli.setExecutionStrategy(parseResult -> {
            try {
                // not thrown: picocli would catch it, print its trace and exit 2, as the command's own output
                var notHere = DaemonGuard.notHandedOver(app, parseResult);
                if (notHere.isPresent()) {
                    app.refuseHandover(notHere.get());
                    return ExitCode.USAGE.code;
                }
                var refused = DaemonGuard.refusal(app, parseResult);
                if (refused.isPresent()) {
                    err.println("recall: " + refused.get());
                    err.flush();
                    return ExitCode.ERROR.code;
                }
                return strategy.execute(parseResult);
            } finally {
                app.close();
                app.out.flush();
                app.err.flush();
                out.flush();
            }
        });
        return cli;
    }

    /**
     * A command line picocli cannot parse: what is wrong in one line (and a close match for a misspelt option or
     * command), then where the usage is, instead of the whole usage text burying the error.
     */
    private static int usageError(CommandLine.ParameterException ex, String[] args) {
        CommandLine c = ex.getCommandLine();
        PrintWriter err = c.getErr();
        List<String> stray = ex instanceof CommandLine.UnmatchedArgumentException u ? u.getUnmatched() : List.of();
        boolean unknownCommand = c.getCommandSpec().parent() == null && !stray.isEmpty() && !stray.get(0).startsWith("-");
        String what = unknownCommand ? "unknown command '" + stray.get(0) + "'"
                : !stray.isEmpty() && stray.get(0).startsWith("-") ? "unknown option '" + stray.get(0) + "'"
                : ex.getMessage();
        err.println("recall: " + what);
        if (!stray.isEmpty()) {
            List<String> known = new java.util.ArrayList<>();
            if (unknownCommand) {
                SUBCOMMANDS.forEach(sub -> known.add(sub.getAnnotation(Command.class).name()));
            } else {
                c.getCommandSpec().options().forEach(o -> known.addAll(List.of(o.names())));
                known.addAll(c.getSubcommands().keySet());
            }
            List<String> close = Suggestions.close(stray.get(0), known);
            if (!close.isEmpty()) {
                err.println("recall: did you mean " + String.join(" or ", close) + "?");
            }
        }
        err.println("Try '" + c.getCommandSpec().qualifiedName(" ") + " --help' for more information.");
        err.flush();
        return ExitCode.USAGE.code;
    }

    private static boolean wantsJson(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--json") || "json".equals(p.matchedOptionValue("--format", ""))) {
                return true;
            }
        }
        return false;
    }

    /** `recall query --help` and the like: every (sub)command gets --help and --version. */
    private static CommandLine withHelp(CommandLine cli) {
        cli.getCommandSpec().mixinStandardHelpOptions(true);
        cli.getSubcommands().values().forEach(RecallCommand::withHelp);
        return cli;
    }

    /** The subcommand the arguments name after the global options, or null (none, help, or an unknown name). */
    static Class<?> invoked(String... args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--data-dir")) {
                i++;
            } else if (!a.startsWith("--data-dir=")) {
                if (a.startsWith("-")) {
                    return null;
                }
                for (Class<?> sub : SUBCOMMANDS) {
                    Command c = sub.getAnnotation(Command.class);
                    if (c.name().equals(a) || List.of(c.aliases()).contains(a)) {
                        return sub;
                    }
                }
                return null;
            }
        }
        return null;
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
