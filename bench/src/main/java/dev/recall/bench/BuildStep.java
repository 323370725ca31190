package dev.recall.bench;

/**
 * Building one index of a tier.
 *
 * @param seconds wall time of the build, without embedding for the vector indexes
 * @param bytes size on disk after the build
 */
public record BuildStep(String key, String label, double seconds, long bytes) {}
