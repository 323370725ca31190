package dev.recall.bench;

/**
 * Per-query latency of one engine over the query set, in milliseconds.
 *
 * @param firstMs the very first query after the engine was opened (cold caches, interpreted code)
 */
public record Latency(int queries, double p50Ms, double p99Ms, double meanMs, double maxMs, double firstMs) {}
