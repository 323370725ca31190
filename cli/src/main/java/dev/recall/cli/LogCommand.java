package dev.recall.cli;

import dev.recall.sessions.HistoryCapture;
import dev.recall.sessions.OutputDir;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "log", description = "Print the end of the project's .recall/history.md.")
final class LogCommand implements Callable<Integer> {
    private final App app;

    LogCommand(App app) {
        this.app = app;
    }

    @Option(names = {"-n", "--lines"}, paramLabel = "N", defaultValue = "60",
            description = "How many lines from the end (default ${DEFAULT-VALUE}).")
    int lines;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = OutputDir.DEFAULT,
            description = "Output dir, relative and inside the project (default ${DEFAULT-VALUE}).")
    String out;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        if (lines < 1) {
            throw new CliException(ExitCode.USAGE, "--lines must be at least 1");
        }
        Path project = app.workingDir();
        OutputDir dir = SyncCommand.outputDir(project, out);
        Optional<String> history;
        try {
            history = dir.read(HistoryCapture.FILE);
        } catch (OutputDir.UnsafePathException e) {
            throw new CliException(ExitCode.REJECTED, e.getMessage());
        }
        if (history.isEmpty()) {
            throw new CliException(ExitCode.NOT_FOUND, "no " + out + "/" + HistoryCapture.FILE + " in " + project
                    + " yet; run `recall capture`");
        }
        List<String> all = history.get().lines().toList();
        List<String> tail = all.subList(Math.max(0, all.size() - lines), all.size());
        if (json) {
            app.printJson(Map.of("file", dir.file(HistoryCapture.FILE).toString(), "lines", tail,
                    "total_lines", all.size()));
        } else {
            tail.forEach(app.out::println);
            app.out.flush();
        }
        return ExitCode.OK.code;
    }
}
