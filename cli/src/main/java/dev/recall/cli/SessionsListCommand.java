package dev.recall.cli;

import dev.recall.server.Views;
import dev.recall.service.ArchiveService;
import dev.recall.store.SessionSummary;
import dev.recall.store.Times;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "list", description = "List archived sessions, newest first.")
final class SessionsListCommand implements Callable<Integer> {
    private final App app;

    SessionsListCommand(App app) {
        this.app = app;
    }

    @Mixin
    SessionFilterOptions filters;

    @Option(names = "--include-hidden", description = "Also list trashed and automated sessions.")
    boolean includeHidden;

    @Option(names = "--limit", defaultValue = "50", description = "Sessions per page (default ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--offset", defaultValue = "0", description = "Skip this many sessions.")
    int offset;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        var filter = filters.toFilter(app, includeHidden);
        ArchiveService.ListResult r = app.service().archive().list(new ArchiveService.ListRequest(filter, limit, offset));
        List<SessionSummary> page = r.sessions();
        long total = r.total();
        if (output.json()) {
            app.printJson(Views.sessions(r, filter, offset));
            return ExitCode.OK.code;
        }
        if (page.isEmpty()) {
            app.out.println("no sessions" + (total > 0 ? " on this page (" + total + " in all)" : ""));
        }
        for (SessionSummary s : page) {
            app.out.printf("%-38s %-11s %-16s %-17s %5d  %s%s%n", s.session().id(), s.session().agent(),
                    orDash(s.session().project()), started(s), s.messages(), firstLine(s.firstUserMessage(), 70),
                    s.trashed() ? "  [trashed]" : s.automated() ? "  [automated]" : "");
        }
        if (offset + page.size() < total) {
            app.out.println("(" + (offset + page.size()) + " of " + total + "; more: --offset " + (offset + page.size()) + ")");
        }
        return ExitCode.OK.code;
    }

    private static String started(SessionSummary s) {
        String t = Times.format(s.session().startedAt());
        return t == null ? "-" : t.substring(0, 16).replace('T', ' ');
    }

    static String orDash(String s) {
        return s == null ? "-" : s;
    }

    static String firstLine(String text, int max) {
        if (text == null) {
            return "";
        }
        String line = text.strip().replaceAll("\\s+", " ");
        return line.length() <= max ? line : line.substring(0, max - 3) + "...";
    }
}
