package dev.recall.cli;

import dev.recall.index.Checkup;
import dev.recall.index.GenerationFiles;
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
                j.put("fix", f.fix());
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
                if (f.fix() != null) {
                    app.out.println("       -> " + f.fix());
                }
            }
            app.out.println(healthy ? "healthy" : "problems found: see the -> lines");
            app.out.flush();
        }
        return healthy ? ExitCode.OK.code : ExitCode.ERROR.code;
    }
}
