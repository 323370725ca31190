package dev.recall.cli;

import dev.recall.server.ApiRequests;
import dev.recall.server.ViewReader;
import dev.recall.server.Views;
import dev.recall.service.EntryService;
import dev.recall.store.SessionStats;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "stats", description = {"Count entries by type, scope, status, review state, trust, lifecycle, project,"
        + " agent, extractor and source (of the entries the filters select; all of them by default),",
        "and the archive's sessions and messages by agent."})
final class StatsCommand implements Callable<Integer> {
    private final App app;

    StatsCommand(App app) {
        this.app = app;
    }

    @Mixin
    FilterOptions filters;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        EntryService.StatsRequest request = new EntryService.StatsRequest(filters.toFilters(app));
        Optional<String> answer = app.remote().flatMap(d -> d.get("/api/v1/recall/stats?"
                + Remote.query(ApiRequests.filters(request.filters()))));
        if (answer.isPresent() && output.json()) {
            app.out.println(answer.get());
            app.out.flush();
            return ExitCode.OK.code;
        }
        var stats = answer.isPresent() ? ViewReader.stats(app.remote().get().parse(answer.get()))
                : app.service().entries().stats(request);
        if (output.json()) {
            app.printJson(Views.stats(stats));
            return ExitCode.OK.code;
        }
        SummaryView.print(app.out, "entries", stats.entries());
        SessionStats sessions = stats.sessions();
        app.out.println();
        app.out.printf("archive: %d sessions, %d messages%n", sessions.sessions(), sessions.messages());
        if (!sessions.byAgent().isEmpty()) {
            Table t = new Table("agent", ">sessions", ">messages");
            sessions.byAgent().forEach((agent, p) -> t.row(agent, p.sessions(), p.messages()));
            app.out.println();
            t.print(app.out, "  ");
        }
        return ExitCode.OK.code;
    }
}
