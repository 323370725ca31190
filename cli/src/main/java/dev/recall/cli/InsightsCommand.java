package dev.recall.cli;

import dev.recall.server.Views;
import dev.recall.service.InsightService;
import dev.recall.store.Insights;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "insights", description = "Generated insights: longer reports over a range of sessions, written by"
        + " the [insights] endpoint or a local agent CLI (claude, codex).", subcommands = {
        InsightsCommand.Generate.class, InsightsCommand.ListReports.class, InsightsCommand.Show.class,
        InsightsCommand.Export.class, InsightsCommand.Delete.class})
final class InsightsCommand {

    @Command(name = "generate", description = "Write a report over the sessions started in a date range.")
    static final class Generate implements Callable<Integer> {
        private final App app;

        Generate(App app) {
            this.app = app;
        }

        @Option(names = "--from", required = true, description = "Sessions started on or after (YYYY-MM-DD, UTC, or"
                + " an ISO instant).")
        String from;

        @Option(names = "--to", required = true, description = "Sessions started before (YYYY-MM-DD or an instant).")
        String to;

        @Option(names = "--project", description = "Only this project's sessions.")
        String project;

        @Option(names = "--agent", description = "Only this agent's sessions (claude-code, codex, ...).")
        String agent;

        @Option(names = "--template", description = "summary (default), friction or decisions.")
        String template;

        @Option(names = "--focus", description = "What the report should pay attention to.")
        String focus;

        @picocli.CommandLine.Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            var request = new InsightService.GenerateRequest(SessionFilterOptions.date("--from", from),
                    SessionFilterOptions.date("--to", to), project, agent, template, focus);
            app.notice("reading the sessions and asking the generator (this can take minutes)");
            Insights.Insight i = app.service().insights().generate(request);
            if (output.json()) {
                app.printJson(Views.insight(i, app.service().insights().sessionCount(i), true));
                return ExitCode.OK.code;
            }
            app.out.println("insight " + i.id() + " (" + i.template() + ", " + app.service().insights().sessionCount(i)
                    + " sessions, by " + i.generator() + ": " + i.generatorId() + ")");
            app.out.println();
            app.out.println(i.report());
            return ExitCode.OK.code;
        }
    }

    @Command(name = "list", description = "The stored reports, newest first.")
    static final class ListReports implements Callable<Integer> {
        private final App app;

        ListReports(App app) {
            this.app = app;
        }

        @Option(names = "--limit", defaultValue = "50", description = "At most this many.")
        int limit;

        @picocli.CommandLine.Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            List<Insights.Insight> all = app.service().insights().list(limit);
            if (output.json()) {
                app.printJson(Views.insights(all.stream().map(i -> Views.insight(i,
                        app.service().insights().sessionCount(i), false)).toList()));
                return ExitCode.OK.code;
            }
            if (all.isEmpty()) {
                app.out.println("no insights yet: recall insights generate --from DATE --to DATE");
            }
            for (Insights.Insight i : all) {
                app.out.printf("%4d  %s  %-9s %s to %s%s%s  (%s)%n", i.id(), i.createdAt(), i.template(), i.from(), i.to(),
                        i.project() == null ? "" : "  project " + i.project(),
                        i.agent() == null ? "" : "  agent " + i.agent(), i.generatorId());
            }
            return ExitCode.OK.code;
        }
    }

    @Command(name = "show", description = "Print one report.")
    static final class Show implements Callable<Integer> {
        private final App app;

        Show(App app) {
            this.app = app;
        }

        @Parameters(index = "0", description = "The report's id.")
        long id;

        @picocli.CommandLine.Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            Insights.Insight i = app.service().insights().get(id);
            if (output.json()) {
                app.printJson(Views.insight(i, app.service().insights().sessionCount(i), true));
            } else {
                app.out.print(app.service().insights().markdown(id));
            }
            return ExitCode.OK.code;
        }
    }

    @Command(name = "export", description = "Write one report as a markdown document.")
    static final class Export implements Callable<Integer> {
        private final App app;

        Export(App app) {
            this.app = app;
        }

        @Parameters(index = "0", description = "The report's id.")
        long id;

        @Option(names = {"--out", "-o"}, description = "The file to write (default: standard output).")
        Path out;

        @Override
        public Integer call() throws Exception {
            String md = app.service().insights().markdown(id);
            if (out == null) {
                app.out.print(md);
            } else {
                Files.writeString(out, md, StandardCharsets.UTF_8);
                app.notice("wrote " + out);
            }
            return ExitCode.OK.code;
        }
    }

    @Command(name = "delete", description = "Delete one report.")
    static final class Delete implements Callable<Integer> {
        private final App app;

        Delete(App app) {
            this.app = app;
        }

        @Parameters(index = "0", description = "The report's id.")
        long id;

        @picocli.CommandLine.Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            app.service().insights().delete(id);
            if (output.json()) {
                app.printJson(java.util.Map.of("deleted", id));
            } else {
                app.out.println("deleted insight " + id);
            }
            return ExitCode.OK.code;
        }
    }
}
