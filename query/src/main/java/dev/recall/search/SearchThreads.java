package dev.recall.search;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How many threads one lexical search may use: its caller's alone, or one per part of the index scored at once
 * ({@link PartitionedSearcher}), decided as the search starts. Parts shorten one query's wall time only where a core
 * would otherwise idle; beside other searches they add the hand-over and the parts' weaker pruning to CPU that is
 * not free, so a daemon asks for them only while it serves no other request (docs/benchmarks.md, issue 14).
 *
 * @param parts at most this many parts (one per core); 1 searches on the caller's thread alone
 * @param alone whether the process is doing nothing else right now, asked once per search: parts only then
 * @param helperReads whether a helper may read its share of the re-rank's candidates from the store on a connection of
 *     its own (a resident process: the connection opens once and serves every search after; a one-search command
 *     would open it for one read)
 */
public record SearchThreads(int parts, BooleanSupplier alone, boolean helperReads) {
    /** A search's helper threads: virtual, so they share the carriers with the requests instead of adding to them. */
    static final Executor HELPERS = r -> Thread.ofVirtual().name("recall-search-helper").start(r);

    /** Every search on its caller's thread alone: the fallback whatever else is wrong. */
    public static final SearchThreads ONE = new SearchThreads(1, () -> false);

    /** Without the helper's own store connection. */
    public SearchThreads(int parts, BooleanSupplier alone) {
        this(parts, alone, false);
    }

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

    /**
     * A part per core while {@code alone} says nothing else runs (a daemon: no other request in flight), and the
     * helper reads its share of the candidates on a store connection of its own.
     */
    public static SearchThreads perCoreWhen(BooleanSupplier alone) {
        return new SearchThreads(cores(), alone, true);
    }

    /** How many parts a search that starts now may use. */
    int partsNow() {
        return parts > 1 && alone.getAsBoolean() ? parts : 1;
    }

    /**
     * {@code work} of each item, in the items' order. When this search may use more than its thread now, a helper
     * takes items too, one at a time as the caller does, so a helper that starts late takes fewer (none when the
     * caller is through first); otherwise all on the caller's thread. For independent, pure work (a hit's boosts, its
     * snippet): the answer is the same either way. A failure of any item is thrown here.
     */
    public <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> work) {
        int n = items.size();
        if (n < 2 || partsNow() < 2) {
            return items.stream().<R>map(work).toList();
        }
        Object[] out = new Object[n];
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(n);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Runnable take = () -> {
            for (int i; (i = next.getAndIncrement()) < n; ) {
                try {
                    out[i] = work.apply(items.get(i));
                } catch (Throwable t) {
                    failed.compareAndSet(null, t);
                } finally {
                    done.countDown();
                }
            }
        };
        HELPERS.execute(take);
        take.run();
        try {
            done.await(); // only the item the helper may still be on
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while a helper finished its item", e);
        }
        Throwable t = failed.get();
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        @SuppressWarnings("unchecked")
        List<R> all = (List<R>) Arrays.asList(out);
        return all;
    }

    /**
     * {@code mine} on the caller's thread and {@code theirs} on a helper at once, their results in that order. Both
     * run to the end before this returns; a failure of {@code mine}, else of {@code theirs}, is thrown here. The
     * caller decides beforehand (by {@link #partsNow()}) whether to split its work in two at all.
     */
    public <R> List<R> both(Supplier<R> mine, Supplier<R> theirs) {
        CompletableFuture<R> helper = new CompletableFuture<>();
        HELPERS.execute(() -> {
            try {
                helper.complete(theirs.get());
            } catch (Throwable t) {
                helper.completeExceptionally(t);
            }
        });
        R first;
        try {
            first = mine.get();
        } catch (RuntimeException | Error e) {
            helper.handle((r, t) -> null).join(); // the helper's work ends before the caller's failure is thrown
            throw e;
        }
        try {
            return Arrays.asList(first, helper.join());
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    private static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }
}
