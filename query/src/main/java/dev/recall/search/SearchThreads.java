package dev.recall.search;

import java.util.function.BooleanSupplier;

/**
 * How many threads one lexical search may use: its caller's alone, or one per part of the index scored at once
 * ({@link PartitionedSearcher}), decided as the search starts. Parts shorten one query's wall time only where a core
 * would otherwise idle; beside other searches they add the hand-over and the parts' weaker pruning to CPU that is
 * not free, so a daemon asks for them only while it serves no other request (docs/benchmarks.md, issue 14).
 *
 * @param parts at most this many parts (one per core); 1 searches on the caller's thread alone
 * @param alone whether the process is doing nothing else right now, asked once per search: parts only then
 */
public record SearchThreads(int parts, BooleanSupplier alone) {
    /** Every search on its caller's thread alone: the fallback whatever else is wrong. */
    public static final SearchThreads ONE = new SearchThreads(1, () -> false);

    public SearchThreads {
        if (parts < 1) {
            throw new IllegalArgumentException("a search needs at least one thread, not " + parts);
        }
        if (alone == null) {
            throw new IllegalArgumentException("alone is required (SearchThreads.ONE searches on one thread)");
        }
    }

    /** A part per core for every search: a process that runs one search at a time (a CLI command, a benchmark). */
    public static SearchThreads perCore() {
        return new SearchThreads(cores(), () -> true);
    }

    /** A part per core while {@code alone} says nothing else runs (a daemon: no other request in flight). */
    public static SearchThreads perCoreWhen(BooleanSupplier alone) {
        return new SearchThreads(cores(), alone);
    }

    /** How many parts a search that starts now may use. */
    int partsNow() {
        return parts > 1 && alone.getAsBoolean() ? parts : 1;
    }

    private static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }
}
