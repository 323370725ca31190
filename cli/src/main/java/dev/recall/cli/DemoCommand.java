package dev.recall.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs recall's main job on the bundled sample data: a fresh data dir, the sample sessions and entries imported,
 * then browsing and search, each step shown as the command a user would type.
 */
@Command(name = "demo", description = "Import the bundled sample data into a fresh data dir and show what recall does.")
final class DemoCommand implements Callable<Integer> {
    static final List<String> SESSION_FILES = List.of("sessions/part-a.jsonl", "sessions/part-b.jsonl");
    static final List<String> REVIEWED_ENTRY_FILES = List.of("entries/part-a.jsonl");
    static final List<String> UNREVIEWED_ENTRY_FILES = List.of("entries/part-b.jsonl");
    static final String LATE_ENTRY = "demo/late-entry.jsonl";

    private final App app;

    DemoCommand(App app) {
        this.app = app;
    }

    @Option(names = "--dir", paramLabel = "DIR", description = "Data dir to use (default: a new temporary dir).")
    Path dir;

    @Override
    public Integer call() throws IOException {
        // --dir, else the global --data-dir, else a fresh temp dir (never RECALL_DATA_DIR: that may be the real store)
        Path chosen = dir != null ? dir : app.dataDirOption();
        Path dataDir = chosen != null ? chosen.toAbsolutePath() : Files.createTempDirectory("recall-demo-");
        Path samples = Files.createTempDirectory("recall-demo-samples-");
        app.out.println("# recall demo: data dir " + dataDir);
        List<List<String>> steps = new ArrayList<>();
        for (String f : SESSION_FILES) {
            steps.add(List.of("sessions", "import", extract(f, samples).toString()));
        }
        for (String f : REVIEWED_ENTRY_FILES) {
            steps.add(List.of("import", extract(f, samples).toString(), "--yes", "--reviewed"));
        }
        for (String f : UNREVIEWED_ENTRY_FILES) {
            steps.add(List.of("import", extract(f, samples).toString(), "--yes"));
        }
        steps.add(List.of("stats"));
        steps.add(List.of("list", "--limit", "8"));
        steps.add(List.of("list", "--project", "ledgerd", "--type", "warning", "--trusted-only", "--limit", "5"));
        steps.add(List.of("get", "ledgerd-proc-008", "--evidence"));
        steps.add(List.of("query", "how do I run the integration tests", "--scores", "--limit", "3"));
        steps.add(List.of("embeddings", "build", "--store", "recall"));
        steps.add(List.of("query", "the integration suite can't reach docker", "--mode", "hybrid", "--scores",
                "--limit", "3"));
        steps.add(List.of("import", extract(LATE_ENTRY, samples).toString(), "--yes", "--reviewed"));
        for (List<String> step : steps) {
            int code = run(dataDir, step);
            if (code != 0) {
                app.err.println("recall: demo step failed with exit code " + code + ": recall " + String.join(" ", step));
                return code;
            }
        }
        // The corpus moved: vectors no longer reflect it, so hybrid search refuses instead of answering wrongly...
        int refused = run(dataDir, List.of("query", "rotating the signing key", "--mode", "hybrid"));
        if (refused != ExitCode.STALE.code) {
            app.err.println("recall: expected the stale hybrid query to be refused (exit 4), got " + refused);
            return ExitCode.ERROR.code;
        }
        app.out.println("(refused as stale, exit code " + refused + ", as it should be)");
        // ...while lexical search is synced from the store before every query and finds the new entry at once.
        int lexical = run(dataDir, List.of("query", "rotating the signing key", "--limit", "3"));
        if (lexical != 0) {
            return lexical;
        }
        app.out.println();
        app.out.println("# done. Explore it yourself: ./recall --data-dir " + dataDir + " list");
        return ExitCode.OK.code;
    }

    private int run(Path dataDir, List<String> step) {
        app.out.println();
        app.out.println("$ recall " + String.join(" ", step.stream().map(DemoCommand::quote).toList()));
        app.out.flush();
        List<String> args = new ArrayList<>(List.of("--data-dir", dataDir.toString()));
        args.addAll(step);
        String[] argv = args.toArray(String[]::new);
        return RecallCommand.commandLine(app.env(), app.workingDir(), app.out, app.err, argv).execute(argv);
    }

    private static String quote(String arg) {
        return arg.contains(" ") ? "\"" + arg + "\"" : arg;
    }

    private static Path extract(String resource, Path dir) throws IOException {
        try (InputStream in = DemoCommand.class.getResourceAsStream("/testdata/" + resource)) {
            if (in == null) {
                throw new CliException(ExitCode.ERROR, "sample data /testdata/" + resource + " is missing from the jar");
            }
            Path target = dir.resolve(resource.replace('/', '-'));
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        }
    }
}
