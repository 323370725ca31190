package dev.recall.bench;

/**
 * Wall time and peak RSS of {@code recall query} started as a new process, over several runs.
 *
 * @param variant "plain" (the JVM's default CDS only) or "appcds" (a dynamic AppCDS archive of recall's classes)
 */
public record ColdStartResult(String mode, String variant, int runs, double medianWallMs, double minWallMs,
        double maxWallMs, long medianPeakRssKb) {}
