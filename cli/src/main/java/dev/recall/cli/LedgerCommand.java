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
            app.out.printf("events: %d (%s); by mode %s%n", s.events(), s.bySurface(), s.byMode());
            app.out.printf("misses: %d%s %s%n", missed,
                    s.events() == 0 ? "" : String.format(" (%.1f%%)", 100.0 * missed / s.events()), s.misses());
            app.out.printf("exposures: %d, packed into briefs: %d%n", s.exposures(), s.packedExposures());
            if (!s.topEntries().isEmpty()) {
                app.out.println("most exposed entries:");
                s.topEntries().forEach(e -> app.out.printf("  %5d  %s%n", e.getValue(), e.getKey()));
            }
            if (!s.topMissedQueries().isEmpty()) {
                app.out.println("most missed queries:");
                s.topMissedQueries().forEach(e -> app.out.printf("  %5d  %s%n", e.getValue(), e.getKey()));
            }
            return ExitCode.OK.code;
        }
    }
}
