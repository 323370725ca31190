package dev.recall.cli;

import dev.recall.service.EntryService;
import dev.recall.store.RecallEntry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "list", description = "List entries, newest first (accepted ones unless --status says otherwise).")
final class ListCommand implements Callable<Integer> {
    private final App app;

    ListCommand(App app) {
        this.app = app;
    }

    @Mixin
    FilterOptions filters;

    @Option(names = "--limit", defaultValue = "20", description = "At most this many (default ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        var r = app.service().entries().list(new EntryService.ListRequest(filters.toFilters(app), limit));
        List<RecallEntry> entries = r.entries();
        if (json) {
            app.printJson(Map.of("entries", entries.stream().map(EntryView::json).toList(), "count", entries.size(),
                    "filters", r.filter().asMap()));
        } else {
            entries.forEach(e -> app.out.println(EntryView.line(e)));
            if (entries.isEmpty()) {
                app.out.println("no entries match");
            }
        }
        return ExitCode.OK.code;
    }
}
