package dev.recall.cli;

import dev.recall.store.Database;
import dev.recall.store.EntryImport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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

    @Option(names = "--allow-production-import",
            description = "Allow writing into the default data dir (your real store); otherwise use --data-dir.")
    boolean allowProduction;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

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
        EntryImport.Options options = new EntryImport.Options(reviewed, allowPlaceholders);
        EntryImport.Report report = dryRun && !Files.exists(app.dataDir().resolve(Database.FILE_NAME))
                ? checkAgainstEmptyStore(options)
                : new EntryImport(app.database()).run(file, options, !dryRun);
        print(app, report, dryRun);
        if (report.written() && report.inserted() > 0 && app.config().autoEmbedRecall()) {
            // Consent is explicit in config.toml ([vector.embed] recall = true); otherwise vectors wait for a build.
            var built = EmbeddingsCommand.Build.build(app, false, json);
            app.notice("embedded " + built.embedded() + " new entries (generation " + built.generation().id()
                    + ", corpus revision " + built.corpusRevision() + ")");
        }
        return report.ok() ? ExitCode.OK.code : ExitCode.REJECTED.code;
    }

    /** A dry run writes nothing, not even a new store: it checks against an empty one in a scratch dir. */
    private EntryImport.Report checkAgainstEmptyStore(EntryImport.Options options) {
        Path scratch;
        try {
            scratch = Files.createTempDirectory("recall-dry-run");
        } catch (IOException e) {
            throw new CliException(ExitCode.ERROR, "cannot create a scratch dir for the dry run: " + e.getMessage());
        }
        try (Database empty = Database.open(scratch)) {
            return new EntryImport(empty).run(file, options, false);
        } finally {
            try (var all = Files.walk(scratch)) {
                for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                app.notice("could not remove the dry run's scratch dir " + scratch + ": " + e.getMessage());
            }
        }
    }

    private void print(App app, EntryImport.Report r, boolean dry) {
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", r.file().toString());
            m.put("dry_run", dry);
            m.put("written", r.written());
            m.put("lines", r.lines());
            m.put(dry ? "would_insert" : "inserted", r.written() || dry ? r.inserted() : 0);
            m.put("skipped_existing", r.skippedExisting());
            m.put("superseded", r.superseded());
            m.put("evidence", r.evidence());
            m.put("placeholder_sessions", r.placeholderSessions());
            m.put("rejected", r.rejected().stream().map(x -> {
                Map<String, Object> j = new LinkedHashMap<>();
                j.put("line", x.line());
                j.put("field", x.field());
                j.put("reason", x.reason());
                return j;
            }).toList());
            app.printJson(m);
            return;
        }
        var out = app.out;
        if (!r.ok()) {
            app.err.println("recall: " + r.file() + " rejected (" + r.rejected().size() + " bad line"
                    + (r.rejected().size() == 1 ? "" : "s") + "); nothing was written:");
            r.rejected().forEach(x -> app.err.println("  " + x.describe()));
            app.err.flush();
        }
        String verb = dry ? "would insert" : r.written() ? "inserted" : "would have inserted";
        out.printf("%s: %d lines, %s %d, skipped as existing %d, superseded %d, evidence %d, placeholder sessions %d,"
                + " rejected %d%n", r.file(), r.lines(), verb, r.inserted(), r.skippedExisting(), r.superseded(),
                r.evidence(), r.placeholderSessions(), r.rejected().size());
        out.flush();
    }
}
