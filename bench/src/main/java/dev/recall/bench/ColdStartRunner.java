package dev.recall.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The cold-start runs of a tier: `recall query` lexical (and hybrid when the tier's vectors come from the model,
 * which is what the CLI embeds queries with), first with the JVM as the launcher used to start it, then with a
 * dynamic AppCDS archive of recall's own classes ({@code -XX:+AutoCreateSharedArchive}, JDK 19+).
 */
final class ColdStartRunner {
    private final ColdStart coldStart;
    private final Path cdsArchive;
    private final Consumer<String> log;

    ColdStartRunner(ColdStart coldStart, Path cdsArchive, Consumer<String> log) {
        this.coldStart = coldStart;
        this.cdsArchive = cdsArchive;
        this.log = log;
    }

    List<ColdStartResult> run(Path dataDir, boolean modelVectors, List<String> queries, List<String> notes) {
        List<String> cds = List.of("-XX:SharedArchiveFile=" + cdsArchive, "-XX:+AutoCreateSharedArchive");
        List<String> modes = modelVectors ? List.of("hybrid", "lexical") : List.of("lexical");
        if (!modelVectors) {
            notes.add("no hybrid cold start: this tier's vectors are hash vectors, and `recall query` embeds the"
                    + " query with the model, so its hybrid query is (rightly) refused as stale");
        }
        List<ColdStartResult> out = new ArrayList<>();
        for (String mode : modes) {
            log.accept("cold start: recall query --mode " + mode);
            out.add(coldStart.measure(mode, "plain", List.of(), dataDir, queries));
        }
        // Hybrid first: the run that creates the archive decides which classes it holds, and hybrid loads the most.
        for (String mode : modes) {
            log.accept("cold start: recall query --mode " + mode + " with AppCDS");
            out.add(coldStart.measure(mode, "appcds", cds, dataDir, queries));
        }
        return out;
    }
}
