package dev.recall.cli;

import dev.recall.index.Checkup;
import dev.recall.index.GenerationFiles;
import dev.recall.store.Database;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "doctor", description = "Check the store, indexes, vector generations and permissions; say what to do.")
final class DoctorCommand implements Callable<Integer> {
    private final App app;

    DoctorCommand(App app) {
        this.app = app;
    }

    @Option(names = "--gc", description = "Delete generation dirs that no generation needs.")
    boolean gc;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() {
        var checkup = app.service().embeddings().checkup(gc);
        GenerationFiles.Sweep reclaimed = checkup.reclaimed();
        List<Checkup.Finding> findings = checkup.findings();
        boolean healthy = checkup.healthy();
        if (output.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("data_dir", app.dataDir().toString());
            m.put("healthy", healthy);
            m.put("findings", findings.stream().map(f -> {
                Map<String, Object> j = new LinkedHashMap<>();
                j.put("area", f.area());
                j.put("ok", f.ok());
                j.put("what", f.what());
                j.put("remedy", f.remedy() == null ? null : f.remedy().name().toLowerCase(java.util.Locale.ROOT));
                j.put("fix", fix(f));
                return j;
            }).toList());
            if (reclaimed != null) {
                m.put("reclaimed_dirs", reclaimed.dirs().stream().map(Object::toString).toList());
                m.put("reclaimed_bytes", reclaimed.bytes());
            }
            app.printJson(m);
        } else {
            if (reclaimed != null) {
                app.out.printf("reclaimed %d unused generation dir%s (%d KiB)%n", reclaimed.dirs().size(),
                        reclaimed.dirs().size() == 1 ? "" : "s", reclaimed.bytes() / 1024);
            }
            for (Checkup.Finding f : findings) {
                app.out.printf("%-4s %s: %s%n", f.ok() ? "ok" : "FIX", f.area(), f.what());
                if (f.remedy() != null) {
                    app.out.println("       -> " + fix(f));
                }
            }
            app.out.println(healthy ? "healthy" : "problems found: see the -> lines");
            app.out.flush();
        }
        return healthy ? ExitCode.OK.code : ExitCode.ERROR.code;
    }

    /** The remedy in the command line's words: the command or step that fixes the finding. */
    private String fix(Checkup.Finding f) {
        if (f.remedy() == null) {
            return null;
        }
        Path store = app.dataDir().resolve(Database.FILE_NAME);
        return switch (f.remedy()) {
            case RESTRICT_PERMISSIONS -> "chmod 700 " + app.dataDir() + " && chmod 600 " + store + "*";
            case RECOVER_STORE -> "recall refuses to write into it; restore a backup, or recover what SQLite can read"
                    + " with `sqlite3 recall.db .recover | sqlite3 recovered.db` and use that file";
            case RESTORE_BACKUP -> "restore a backup of recall.db";
            case REBUILD_FROM_CHANGED_TEXT -> "check them with `recall get ID`; `recall index rebuild --vectors` then"
                    + " derives the indexes from their text as it is now and records that text as intended";
            case REBUILD_LEXICAL -> "recall index rebuild";
            case FINISH_VECTOR_BUILD -> "recall embeddings build --store " + f.subject() + " (finishes it)";
            case REBUILD_VECTORS -> "recall embeddings build --store " + f.subject();
            case COLLECT_UNUSED -> "recall doctor --gc";
        };
    }
}
