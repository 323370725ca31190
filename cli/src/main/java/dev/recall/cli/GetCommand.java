package dev.recall.cli;

import dev.recall.service.EntryService;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        var r = app.service().entries().get(new EntryService.GetRequest(id, evidence));
        var entry = r.entry();
        var anchors = r.evidence();
        if (json) {
            Map<String, Object> m = EntryView.json(entry);
            if (anchors != null) {
                m.put("evidence", anchors.stream().map(EntryView::json).toList());
            }
            app.printJson(m);
        } else {
            EntryView.full(app.out, entry, anchors);
        }
        return ExitCode.OK.code;
    }
}
