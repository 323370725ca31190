package dev.recall.cli;

import dev.recall.server.Views;
import dev.recall.service.EntryService;
import dev.recall.store.EntryImport;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "import", description = "Import recall entries from a JSONL file (one transaction; --dry-run or --yes).")
final class ImportCommand implements Callable<Integer> {
    private final App app;

    ImportCommand(App app) {
        this.app = app;
    }

    @Parameters(paramLabel = "FILE.jsonl")
    Path file;

    @Option(names = "--dry-run", description = "Validate and count; write nothing.")
    boolean dryRun;

    @Option(names = "--yes", description = "Write the entries (required unless --dry-run).")
    boolean yes;

    @Option(names = "--reviewed", description = "Mark the imported entries human_reviewed.")
    boolean reviewed;

    @Option(names = "--allow-placeholder-sessions",
            description = "Create placeholder sessions for unknown source sessions (their entries lose provenance).")
    boolean allowPlaceholders;

    @Option(names = "--require-existing-sessions", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL",
            description = "Reject entries whose source session is not archived (default true; the reference tool's"
                    + " spelling: =false is --allow-placeholder-sessions).")
    Boolean requireExistingSessions;

    @Option(names = "--allow-production-import",
            description = "Allow writing into the default data dir (your real store); otherwise use --data-dir.")
    boolean allowProduction;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        if (!dryRun && !yes) {
            throw new CliException(ExitCode.USAGE, "import writes to the store: pass --yes to write, or --dry-run to check");
        }
        if (!dryRun && !allowProduction && app.defaultDataDir()) {
            throw new CliException(ExitCode.USAGE, "refusing to import into the default data dir " + app.dataDir()
                    + ": it is your real store, and imported entries are trusted in briefs. Import into a scratch"
                    + " store with --data-dir DIR (or RECALL_DATA_DIR), or pass --allow-production-import");
        }
        if (Boolean.TRUE.equals(requireExistingSessions) && allowPlaceholders) {
            throw new CliException(ExitCode.USAGE, "--require-existing-sessions contradicts --allow-placeholder-sessions");
        }
        boolean placeholders = allowPlaceholders || Boolean.FALSE.equals(requireExistingSessions);
        var r = app.service().entries().importEntries(new EntryService.ImportRequest(file, !dryRun, reviewed,
                placeholders), new ConsoleProgress(app.err, output.json()));
        print(app, r.report(), dryRun);
        EmbeddingsCommand.autoEmbedded(app, r.autoEmbedded());
        return r.report().ok() ? ExitCode.OK.code : ExitCode.REJECTED.code;
    }

    private void print(App app, EntryImport.Report r, boolean dry) {
        if (output.json()) {
            app.printJson(Views.importReport(r, dry));
            return;
        }
        var out = app.out;
        if (!r.ok()) {
            BadLines.print(app.err, r.file(), r.rejected().stream().map(EntryImport.Rejection::describe).toList());
            if (r.rejected().stream().anyMatch(x -> "source_session_id".equals(x.field()))) {
                app.err.println("recall: an unknown session can be imported with `recall sessions import` or"
                        + " `recall sync`, or pass --allow-placeholder-sessions (its entries are never trusted)");
            }
            app.err.flush();
        }
        String verb = dry ? "would insert" : r.written() ? "inserted" : "would have inserted";
        out.printf("%s: %d lines, %s %d, skipped as existing %d, superseded %d, evidence %d, placeholder sessions %d,"
                + " rejected %d%n", r.file(), r.lines(), verb, r.inserted(), r.skippedExisting(), r.superseded(),
                r.evidence(), r.placeholderSessions(), r.rejected().size());
        out.flush();
    }
}
