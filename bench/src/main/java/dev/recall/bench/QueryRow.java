package dev.recall.bench;

/**
 * One engine's latency over the query set.
 *
 * @param recallAt10 for approximate vector search: the share of the exact top 10 it found (ties counted as
 *     found); null elsewhere
 */
public record QueryRow(String key, String label, Latency latency, Double recallAt10) {}
