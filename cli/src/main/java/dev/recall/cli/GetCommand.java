package dev.recall.cli;

import dev.recall.server.ViewReader;
import dev.recall.server.Views;
import dev.recall.service.EntryService;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "get", description = "Show one entry.")
final class GetCommand implements Callable<Integer> {
    private final App app;

    GetCommand(App app) {
        this.app = app;
    }

    @Parameters(paramLabel = "ID")
    String id;

    @Option(names = "--evidence", description = "Include its evidence anchors.")
    boolean evidence;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        Optional<String> answer = app.remote().flatMap(d -> d.get("/api/v1/recall/entries/"
                + java.net.URLEncoder.encode(id, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20")
                + "?evidence=" + evidence));
        if (answer.isPresent()) {
            if (output.json()) {
                app.out.println(answer.get());
                app.out.flush();
            } else {
                var v = app.remote().get().parse(answer.get());
                EntryView.full(app.out, ViewReader.entry(v), ViewReader.evidence(v));
            }
            return ExitCode.OK.code;
        }
        var r = app.service().entries().get(new EntryService.GetRequest(id, evidence));
        if (output.json()) {
            app.printJson(Views.entry(r.entry(), r.evidence()));
        } else {
            EntryView.full(app.out, r.entry(), r.evidence());
        }
        return ExitCode.OK.code;
    }
}
