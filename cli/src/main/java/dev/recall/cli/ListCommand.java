package dev.recall.cli;

import dev.recall.server.ApiRequests;
import dev.recall.server.ViewReader;
import dev.recall.server.Views;
import dev.recall.service.EntryService;
import dev.recall.store.RecallEntry;
import java.util.List;
import java.util.Optional;
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
        EntryService.ListRequest request = new EntryService.ListRequest(filters.toFilters(app), limit);
        Optional<String> answer = app.remote().flatMap(d -> d.get("/api/v1/recall/entries?"
                + Remote.query(ApiRequests.filters(request.filters()), "limit", limit)));
        if (answer.isPresent()) {
            if (json) {
                app.out.println(answer.get());
                app.out.flush();
            } else {
                print(ViewReader.entries(app.remote().get().parse(answer.get())));
            }
            return ExitCode.OK.code;
        }
        var r = app.service().entries().list(request);
        if (json) {
            app.printJson(Views.list(r.entries(), r.filter().asMap()));
        } else {
            print(r.entries());
        }
        return ExitCode.OK.code;
    }

    private void print(List<RecallEntry> entries) {
        entries.forEach(e -> app.out.println(EntryView.line(e)));
        if (entries.isEmpty()) {
            app.out.println("no entries match");
        }
    }
}
