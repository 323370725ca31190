package dev.recall.bench;

import dev.recall.embeddings.Embedder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** One tier end to end: build, queries, cold starts, memory. */
final class TierBench {
    private final TierBuilder builder;
    private final QueryBench queries;
    private final ColdStartRunner coldStarts;
    private final Consumer<String> log;

    TierBench(TierBuilder builder, QueryBench queries, ColdStartRunner coldStarts, Consumer<String> log) {
        this.builder = builder;
        this.queries = queries;
        this.coldStarts = coldStarts;
        this.log = log;
    }

    /** @param reuse measure the tier a kept run left in {@code dataDir} instead of building it */
    TierResult run(int n, Path dataDir, VectorSource source, Embedder documentEmbedder, List<String> queryTexts,
            List<String> notes, boolean reuse) {
        boolean peakReset = ProcessMemory.resetPeak();
        List<String> tierNotes = new ArrayList<>(notes);
        BuiltTier built = reuse ? builder.reuse(n, dataDir, source, documentEmbedder)
                : builder.build(n, dataDir, source, documentEmbedder);
        if (reuse) {
            tierNotes.add("the tier kept in " + dataDir + " was reused: its build was not timed in this run");
        }
        QueryBench.Outcome outcome = queries.run(built, queryTexts);
        List<ColdStartResult> cold = coldStarts == null ? List.of()
                : coldStarts.run(dataDir, source.stampedAsModel(), queryTexts, tierNotes);
        long peak = ProcessMemory.peakRssKb();
        if (!peakReset) {
            tierNotes.add("peak RSS is the process's since start (VmHWM could not be reset)");
        }
        MemoryUse memory = new MemoryUse(outcome.memory().searchHeapBytes(), outcome.memory().exactMatrixBytes(),
                peak);
        log.accept("tier of " + n + " entries done");
        List<BuildStep> builds = new ArrayList<>(built.builds());
        builds.addAll(outcome.publishes());
        return new TierResult(n, source.label(), List.copyOf(builds), built.embedding(), outcome.rows(), outcome.ratios(),
                cold, memory, List.copyOf(tierNotes), outcome.cpu());
    }
}
