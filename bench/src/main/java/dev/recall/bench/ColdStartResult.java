package dev.recall.bench;

/**
 * Wall time and peak RSS of {@code recall query} started as a new process, over several runs.
 *
 * @param variant "plain" (the JVM's default CDS only), "appcds" (a dynamic AppCDS archive of recall's classes) or
 *     "aot" (a JDK 25+ AOT cache, JEP 483/514/515)
 */
public record ColdStartResult(String mode, String variant, int runs, double medianWallMs, double minWallMs,
        double maxWallMs, long medianPeakRssKb) {}
