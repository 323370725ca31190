package dev.recall.eval;

import java.util.Arrays;

/** Durations of repeated operations, for their median and 90th percentile. Not thread-safe: one run at a time. */
public final class Latencies {
    private long[] nanos = new long[64];
    private int count;

    void add(long elapsedNanos) {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, count * 2);
        }
        nanos[count++] = elapsedNanos;
    }

    public int count() {
        return count;
    }

    /** The median in milliseconds (nearest rank), 0 when nothing was measured. */
    public double p50Millis() {
        return percentileMillis(50);
    }

    public double p90Millis() {
        return percentileMillis(90);
    }

    private double percentileMillis(int percentile) {
        if (count == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(percentile / 100.0 * count);
        return sorted[Math.max(0, rank - 1)] / 1e6;
    }
}
