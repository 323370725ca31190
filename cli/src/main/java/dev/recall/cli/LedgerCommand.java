package dev.recall.cli;

import dev.recall.server.Views;
import dev.recall.store.QueryLedger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "ledger", description = "The query measurement ledger.", subcommands = {LedgerCommand.Stats.class})
final class LedgerCommand {

    @Command(name = "stats", description = "Summarise queries, misses and exposures.")
    static final class Stats implements Callable<Integer> {
        private final App app;

        Stats(App app) {
            this.app = app;
        }

        @Option(names = "--top", defaultValue = "10", description = "How many top entries and missed queries to show.")
        int top;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            QueryLedger.Stats s = app.service().ledger().stats(top);
            if (output.json()) {
                app.printJson(Views.ledgerStats(s));
                return ExitCode.OK.code;
            }
            long missed = s.misses().values().stream().mapToLong(Long::longValue).sum();
            Table totals = new Table("ledger", ">count", "");
            totals.row("events", s.events(), "")
                    .row("misses", missed, s.events() == 0 ? "" : String.format("%.1f%% of events", 100.0 * missed / s.events()))
                    .row("exposures", s.exposures(), "")
                    .row("packed into briefs", s.packedExposures(), "")
                    .row("passages shown", s.passageExposures(), "");
            if (s.sessionsLatency() != null) {
                totals.row("session searches timed", s.sessionsLatency().timed(), String.format(
                        "p50 %d ms, slowest %d ms", s.sessionsLatency().p50Ms(), s.sessionsLatency().maxMs()));
            }
            totals.print(app.out, "");
            counts("surface", s.bySurface());
            counts("mode", s.byMode());
            counts("store", s.byStore());
            counts("miss reason", s.misses());
            if (!s.topEntries().isEmpty()) {
                Table t = new Table("most exposed entry", ">exposures");
                s.topEntries().forEach(e -> t.row(e.getKey(), e.getValue()));
                app.out.println();
                t.print(app.out, "");
            }
            if (!s.topSessions().isEmpty()) {
                Table t = new Table("session most shown", ">passages");
                s.topSessions().forEach(e -> t.row(e.getKey(), e.getValue()));
                app.out.println();
                t.print(app.out, "");
            }
            if (!s.topMissedQueries().isEmpty()) {
                Table t = new Table("most missed query", ">misses");
                s.topMissedQueries().forEach(e -> t.row(e.getKey(), e.getValue()));
                app.out.println();
                t.print(app.out, "");
            }
            return ExitCode.OK.code;
        }

        private void counts(String name, java.util.Map<String, Long> counts) {
            if (!counts.isEmpty()) {
                Table t = new Table(name, ">events");
                counts.forEach(t::row);
                app.out.println();
                t.print(app.out, "");
            }
        }
    }
}
