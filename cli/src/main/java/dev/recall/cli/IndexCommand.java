package dev.recall.cli;

import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "index", description = "The derived search indexes.", subcommands = {IndexCommand.Rebuild.class})
final class IndexCommand {

    @Command(name = "rebuild", description = "Regenerate the lexical index from the store.")
    static final class Rebuild implements Callable<Integer> {
        private final App app;

        Rebuild(App app) {
            this.app = app;
        }

        @Option(names = "--json", description = "Print JSON.")
        boolean json;

        @Override
        public Integer call() {
            var rebuilt = app.service().index().rebuild();
            var r = rebuilt.report();
            double seconds = rebuilt.elapsed().toNanos() / 1e9;
            if (json) {
                app.printJson(Map.of("entries", r.updated(), "query_state_revision", r.toRevision(),
                        "seconds", seconds, "path", rebuilt.path().toString()));
            } else {
                app.out.printf("lexical index rebuilt: %d entries at query-state revision %d in %.2f s (%s)%n",
                        r.updated(), r.toRevision(), seconds, rebuilt.path());
            }
            return ExitCode.OK.code;
        }
    }
}
