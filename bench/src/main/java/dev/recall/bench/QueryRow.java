package dev.recall.bench;

/**
 * One engine's latency over the query set.
 *
 * @param recallAt10 for approximate vector search: the share of the exact top 10 it found (ties counted as
 *     found); null elsewhere
 * @param nearRecallAt10 the share of its top 10 whose exact similarity is within {@link #NEAR} of the exact
 *     10th: how much of a miss is a near-equal neighbour instead (a diagnostic; targets use recallAt10)
 */
public record QueryRow(String key, String label, Latency latency, Double recallAt10, Double nearRecallAt10) {
    /** Cosine margin of {@link #nearRecallAt10}. */
    public static final double NEAR = 0.01;
}
