package dev.recall.cli;

import dev.recall.service.SessionService;
import dev.recall.sessions.OutputDir;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        SessionService.LogResult r = app.service().sessions().log(
                new SessionService.LogRequest(app.workingDir(), out, lines));
        if (output.json()) {
            app.printJson(Map.of("file", r.file().toString(), "lines", r.lines(), "total_lines", r.totalLines()));
        } else {
            r.lines().forEach(app.out::println);
            app.out.flush();
        }
        return ExitCode.OK.code;
    }
}
