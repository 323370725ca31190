package dev.recall.cli;

import dev.recall.store.Entries;
import dev.recall.store.EntryStatus;
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
        if (limit < 1) {
            throw new CliException(ExitCode.USAGE, "--limit must be at least 1");
        }
        var filter = filters.toFilter(app, EntryStatus.ACCEPTED, false);
        List<RecallEntry> entries = new Entries(app.database()).list(filter, limit);
        if (json) {
            app.printJson(Map.of("entries", entries.stream().map(EntryView::json).toList(), "count", entries.size(),
                    "filters", filter.asMap()));
        } else {
            entries.forEach(e -> app.out.println(EntryView.line(e)));
            if (entries.isEmpty()) {
                app.out.println("no entries match");
            }
        }
        return ExitCode.OK.code;
    }
}
