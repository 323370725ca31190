package dev.recall.server;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One scheduler of the daemon: work that runs after a debounce when triggered, periodically as a backstop, and
 * optionally once at start. Runs never overlap (one thread per scheduler); bursts of triggers coalesce into one
 * run, but never postpone it beyond ten debounce periods. What it did, when it runs next and its last error are
 * kept for {@code /api/v1/health} and {@code recall serve --status}.
 */
final class Scheduled implements AutoCloseable {
    /** What one run did: a line for the status, and whether it changed anything (which counts as activity). */
    record Outcome(String summary, boolean changed) {}

    /** The work; returns null when it has nothing to do in the current configuration (consent off...). */
    @FunctionalInterface
    interface Work {
        Outcome run() throws Exception;
    }

    private final String name;
    private final Duration debounce;
    private final Duration period;
    private final Work work;
    private final Clock clock;
    private final Activity activity;
    private final Consumer<String> log;
    private final ScheduledExecutorService thread;
    private final Object lock = new Object();
    private ScheduledFuture<?> pending;
    private Instant pendingAt;
    private Instant firstTrigger;
    private ScheduledFuture<?> periodic;
    private Instant nextPeriodic;
    private volatile String disabledReason;
    // status, written by the scheduler thread and read by health requests
    private volatile Instant lastStarted;
    private volatile Instant lastFinished;
    private volatile long lastMillis;
    private volatile String lastSummary;
    private volatile String lastError;
    private volatile Instant lastErrorAt;
    private volatile boolean running;
    private volatile long runs;
    private volatile long failures;

    Scheduled(String name, Duration debounce, Duration period, Work work, Clock clock, Activity activity,
            Consumer<String> log) {
        this.name = name;
        this.debounce = debounce;
        this.period = period;
        this.work = work;
        this.clock = clock;
        this.activity = activity;
        this.log = log;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "recall-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    String name() {
        return name;
    }

    /** Starts the periodic backstop (when the period is positive) and, if asked, a first run now. */
    void start(boolean runNow) {
        if (runNow) {
            trigger(Duration.ZERO);
        }
        if (!period.isZero() && !period.isNegative()) {
            synchronized (lock) {
                nextPeriodic = clock.instant().plus(period);
                periodic = thread.scheduleWithFixedDelay(() -> {
                    synchronized (lock) {
                        nextPeriodic = clock.instant().plus(period);
                    }
                    runOnce();
                }, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
    }

    /** Says why the scheduler does nothing in this configuration (shown in the status). */
    void disabled(String reason) {
        this.disabledReason = reason;
    }

    /** Something changed: run after the debounce, coalescing with triggers already waiting. */
    void trigger() {
        trigger(debounce);
    }

    private void trigger(Duration delay) {
        synchronized (lock) {
            Instant now = clock.instant();
            if (firstTrigger == null) {
                firstTrigger = now;
            }
            Instant at = now.plus(delay);
            Instant latest = firstTrigger.plus(debounce.multipliedBy(10));
            if (at.isAfter(latest)) {
                at = latest;
            }
            if (pending != null && !pending.isDone()) {
                pending.cancel(false); // postponed: the burst goes on (a run already started finishes)
            }
            pendingAt = at;
            long wait = Math.max(0, Duration.between(now, at).toMillis());
            pending = thread.schedule(() -> {
                synchronized (lock) {
                    firstTrigger = null;
                    pendingAt = null;
                }
                runOnce();
            }, wait, TimeUnit.MILLISECONDS);
        }
    }

    /** Runs now on the scheduler's thread and waits for it; returns what it failed with, or null. */
    Throwable runNowAndWait() throws Exception {
        return thread.submit(this::runOnce).get();
    }

    private Throwable runOnce() {
        running = true;
        lastStarted = clock.instant();
        long t0 = System.nanoTime();
        try {
            Outcome o = work.run();
            runs++;
            lastSummary = o == null ? null : o.summary();
            if (o != null && o.changed()) {
                activity.touch();
            }
            return null;
        } catch (Throwable t) {
            failures++;
            lastError = t.getMessage() == null ? t.getClass().getName() : t.getMessage();
            lastErrorAt = clock.instant();
            log.accept(name + " failed: " + lastError);
            return t;
        } finally {
            lastMillis = (System.nanoTime() - t0) / 1_000_000;
            lastFinished = clock.instant();
            running = false;
        }
    }

    Map<String, Object> status() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("enabled", disabledReason == null);
        m.put("disabled_reason", disabledReason);
        m.put("running", running);
        m.put("runs", runs);
        m.put("failures", failures);
        m.put("last_run_at", text(lastStarted));
        m.put("last_finished_at", text(lastFinished));
        m.put("last_duration_ms", lastStarted == null ? null : lastMillis);
        m.put("last_result", lastSummary);
        m.put("last_error", lastError);
        m.put("last_error_at", text(lastErrorAt));
        Instant next;
        synchronized (lock) {
            next = pendingAt;
            if (nextPeriodic != null && (next == null || nextPeriodic.isBefore(next))) {
                next = nextPeriodic;
            }
        }
        m.put("next_run_at", text(next));
        m.put("debounce_ms", debounce.toMillis());
        m.put("period_s", period.isNegative() || period.isZero() ? null : period.toSeconds());
        return m;
    }

    private static String text(Instant i) {
        return i == null ? null : i.toString();
    }

    /** Stops scheduling; a run in progress finishes first (a write is never cut off halfway). */
    @Override
    public void close() {
        synchronized (lock) {
            if (pending != null) {
                pending.cancel(false);
            }
            if (periodic != null) {
                periodic.cancel(false);
            }
        }
        thread.shutdown();
        try {
            if (!thread.awaitTermination(10, TimeUnit.MINUTES)) {
                log.accept(name + " did not finish within 10 minutes of shutdown");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
