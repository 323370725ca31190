package dev.recall.bench;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Times queries one at a time with {@link System#nanoTime()}: the first query on its own, then warm-up passes
 * over the queries until the warm-up budget is spent (at most {@link #MAX_WARMUP_PASSES}; a slow baseline gets
 * part of one pass rather than taking an hour), then every query once, measured. One pass is not enough: the
 * product's lexical search still got 40% faster over the next four passes while the JIT compiled it.
 */
final class LatencyProbe {
    static final int MAX_WARMUP_PASSES = 5;
    private final Duration warmupBudget;
    private long blackhole;

    LatencyProbe(Duration warmupBudget) {
        this.warmupBudget = warmupBudget;
    }

    /** Runs {@code op} per input; results are kept from the measured pass, in input order. */
    <Q, R> Measured<R> measure(List<Q> inputs, Function<Q, R> op) {
        long t0 = System.nanoTime();
        consume(op.apply(inputs.getFirst()));
        double first = (System.nanoTime() - t0) / 1e6;
        long warmupEnd = System.nanoTime() + warmupBudget.toNanos();
        for (int pass = 0; pass < MAX_WARMUP_PASSES && System.nanoTime() < warmupEnd; pass++) {
            for (int i = 0; i < inputs.size() && System.nanoTime() < warmupEnd; i++) {
                consume(op.apply(inputs.get(i)));
            }
        }
        double[] ms = new double[inputs.size()];
        java.util.ArrayList<R> results = new java.util.ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            long start = System.nanoTime();
            R r = op.apply(inputs.get(i));
            ms[i] = (System.nanoTime() - start) / 1e6;
            results.add(r);
            consume(r);
        }
        return new Measured<>(summarise(ms, first), results);
    }

    /**
     * Two operations on the same inputs, timed side by side: the first call of each, warm-up passes alternating
     * them, then one measured pass that runs both on each input, which goes first alternating, so a machine whose
     * load moves during the pass weighs on both alike and their ratio stays meaningful.
     */
    <Q, A, B> List<Latency> interleaved(List<Q> inputs, Function<Q, A> a, Function<Q, B> b) {
        double[] first = new double[2];
        long t0 = System.nanoTime();
        consume(a.apply(inputs.getFirst()));
        first[0] = (System.nanoTime() - t0) / 1e6;
        t0 = System.nanoTime();
        consume(b.apply(inputs.getFirst()));
        first[1] = (System.nanoTime() - t0) / 1e6;
        long warmupEnd = System.nanoTime() + warmupBudget.toNanos();
        for (int pass = 0; pass < MAX_WARMUP_PASSES && System.nanoTime() < warmupEnd; pass++) {
            for (int i = 0; i < inputs.size() && System.nanoTime() < warmupEnd; i++) {
                consume(a.apply(inputs.get(i)));
                consume(b.apply(inputs.get(i)));
            }
        }
        double[] msA = new double[inputs.size()];
        double[] msB = new double[inputs.size()];
        for (int i = 0; i < inputs.size(); i++) {
            Q q = inputs.get(i);
            if (i % 2 == 0) {
                msA[i] = timed(a, q);
                msB[i] = timed(b, q);
            } else {
                msB[i] = timed(b, q);
                msA[i] = timed(a, q);
            }
        }
        return List.of(summarise(msA, first[0]), summarise(msB, first[1]));
    }

    private <Q, R> double timed(Function<Q, R> op, Q input) {
        long start = System.nanoTime();
        R r = op.apply(input);
        double ms = (System.nanoTime() - start) / 1e6;
        consume(r);
        return ms;
    }

    /** Latency with the results of the measured pass. */
    record Measured<R>(Latency latency, List<R> results) {}

    static Latency summarise(double[] ms, double first) {
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(sorted).average().orElse(0);
        return new Latency(sorted.length, percentile(sorted, 0.50), percentile(sorted, 0.99), mean,
                sorted.length == 0 ? 0 : sorted[sorted.length - 1], first);
    }

    /** Nearest-rank percentile of sorted values. */
    static double percentile(double[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    private void consume(Object result) {
        blackhole += System.identityHashCode(result); // keeps the JIT from dropping the work
    }

    long blackhole() {
        return blackhole;
    }
}
