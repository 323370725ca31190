package dev.recall.cli;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "sessions", description = "The session archive.",
        subcommands = {SessionsCommand.Import.class, SessionsListCommand.class, SessionsShowCommand.class,
            SessionsTrashCommand.class})
final class SessionsCommand {

    @Command(name = "import", description = "Import sessions with their messages from an archive JSONL file.")
    static final class Import implements Callable<Integer> {
        private final App app;

        Import(App app) {
            this.app = app;
        }

        @Parameters(paramLabel = "FILE.jsonl")
        Path file;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            var r = app.service().sessions().importArchive(file);
            if (output.json()) {
                app.printJson(Map.of("sessions", r.sessions(), "skipped_existing", r.skippedExisting(),
                        "messages", r.messages(), "secrets_redacted", r.secretsRedacted()));
            } else {
                app.out.printf("%s: %d sessions (%d messages) imported, %d skipped as existing, %d secrets redacted%n",
                        file, r.sessions(), r.messages(), r.skippedExisting(), r.secretsRedacted());
            }
            return ExitCode.OK.code;
        }
    }
}
