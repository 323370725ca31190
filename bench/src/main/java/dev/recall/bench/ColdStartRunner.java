package dev.recall.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The cold-start runs of a tier: `recall query` lexical (and hybrid when the tier's vectors come from the model,
 * which is what the CLI embeds queries with), first with the JVM as the launcher used to start it, then with a
 * dynamic AppCDS archive of recall's own classes ({@code -XX:+AutoCreateSharedArchive}, JDK 19+), then, on JDK 25+,
 * with an AOT cache ({@code -XX:AOTCache}, JEP 483/514/515), as the launcher uses there with RECALL_AOT=1.
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
            notes.add("no hybrid cold start: this tier's vectors are not the model's own, and `recall query` embeds"
                    + " the query with the model, so its hybrid query is (rightly) refused as stale");
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
        int jdk = coldStart.javaFeatureVersion();
        if (!aotSupported(jdk)) {
            notes.add("no AOT cache cold start: it needs JDK 25 or newer (" + (jdk < 0 ? "unknown JDK" : "JDK " + jdk)
                    + ")");
            return out;
        }
        // The cache is trained on this tier's first query, in the first mode (hybrid loads the most classes); the
        // launcher trains on a small seeded store instead, which these numbers are an upper bound for. A cache
        // left by an earlier run may belong to another jar, hence a fresh one.
        Path aot = aotCache();
        try {
            Files.deleteIfExists(aot);
        } catch (IOException e) {
            throw new BenchException("cannot remove the old AOT cache " + aot + ": " + e.getMessage(), e);
        }
        log.accept("cold start: training the AOT cache on recall query --mode " + modes.getFirst());
        coldStart.runOnce(modes.getFirst(), List.of("-XX:AOTCacheOutput=" + aot), dataDir, queries.getFirst());
        if (!Files.isRegularFile(aot)) {
            notes.add("no AOT cache cold start: the training run wrote no cache at " + aot);
            return out;
        }
        List<String> aotFlags = List.of("-XX:AOTCache=" + aot);
        for (String mode : modes) {
            log.accept("cold start: recall query --mode " + mode + " with the AOT cache");
            out.add(coldStart.measure(mode, "aot", aotFlags, dataDir, queries));
        }
        return out;
    }

    /** Beside the AppCDS archive, whose path the bench chooses. */
    Path aotCache() {
        return cdsArchive.resolveSibling("recall-aot.aot");
    }

    /** One-step AOT cache creation ({@code -XX:AOTCacheOutput}) came with JDK 25 (JEP 514). */
    static boolean aotSupported(int javaFeatureVersion) {
        return javaFeatureVersion >= 25;
    }
}
