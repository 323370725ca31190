package dev.recall.bench;

import java.util.List;

/**
 * A whole run: where and when, how it was invoked, each tier, the query-embedding latency of the real model, and
 * the targets checked against the largest tier.
 *
 * @param queryEmbedding latency of embedding one query with the bundled model; null when skipped
 */
public record BenchResult(Machine machine, String startedAt, String command, String corpus, int queryCount,
        long seed, List<TierResult> tiers, Latency queryEmbedding, String loadAverageAtEnd,
        List<TargetCheck> targets, List<String> notes) {}
