package dev.recall.store;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongFunction;

/**
 * SQLite's quick_check of a store file before a process first writes to it, shared by the connections of one
 * process that open the same file (the daemon's readers and writer): the check reads the whole file (12.8 s at 1M
 * entries under load, docs/benchmarks.md, issue 14), and each connection checking again only repeated it on the
 * request path of each reader's first recorded query. A connection opened without one checks on its own, as before.
 *
 * <p>The daemon runs it at start, in the background ({@link #runNow}), so that it is done before the first request
 * that writes; a write that comes while it runs waits for its verdict. A failed check stays failed for the process
 * (the file does not heal while it is open): every later write is refused with the same message, without reading
 * the whole file again.
 *
 * <p>A check made {@link #deferringAppends deferring} (the daemon's) also keeps reads from waiting for it: a query's
 * ledger record (and an agent's tool call) made before the verdict is queued instead of written, the query event
 * under an id reserved now, so the answer and its query_id go out at once. The queue is written, in order, by the
 * thread that saw the check pass, before any waiting write goes ahead (a tool call's row refers to its query's); when
 * the check fails it is dropped, with a warning.
 */
public final class WriteCheck {
    /** Where the check stands: not begun, running, passed or failed (then {@code problem} says why). */
    public enum State { PENDING, RUNNING, PASSED, FAILED }

    /**
     * What {@link #status} reports: the state, the failure's message, when the check began and ended, and the ledger
     * appends queued behind it now, written after it passed and dropped because it failed.
     */
    public record Status(State state, String problem, Instant startedAt, Instant finishedAt, int appendsQueued,
            int appendsWritten, int appendsDropped) {}

    private final Clock clock;
    /** Where warnings about queued appends go; null: appends are never queued (a command's own check). */
    private final Consumer<String> warnings;
    /** Runs just before the check reads the file: a test holds the check there, to see what waits for it. */
    private final Runnable beforeCheck;
    private State state = State.PENDING;
    private StoreException failure;
    private Instant startedAt;
    private Instant finishedAt;
    private int runs;
    private final List<Database.Work<?>> queue = new ArrayList<>();
    /** The queued query events' ids by request id: an invocation asked twice while queued is one event. */
    private final Map<String, Long> queuedRequests = new HashMap<>();
    /** The next query event id to hand out while events are queued; 0 before the first. */
    private long nextEventId;
    private int written;
    private int dropped;

    public WriteCheck() {
        this(Clock.systemUTC(), null, () -> {});
    }

    WriteCheck(Clock clock) {
        this(clock, null, () -> {});
    }

    private WriteCheck(Clock clock, Consumer<String> warnings, Runnable beforeCheck) {
        this.clock = clock;
        this.warnings = warnings;
        this.beforeCheck = beforeCheck;
    }

    /**
     * A check that queues ledger appends made before its verdict instead of making them wait, for a process that
     * runs it at once ({@link #runNow}) and lives on after it: the daemon. {@code warnings} hears of appends that
     * are dropped or fail.
     */
    public static WriteCheck deferringAppends(Consumer<String> warnings) {
        return deferringAppends(warnings, () -> {});
    }

    /** As {@link #deferringAppends(Consumer)}, running {@code beforeCheck} first (tests hold the check there). */
    public static WriteCheck deferringAppends(Consumer<String> warnings, Runnable beforeCheck) {
        return new WriteCheck(Clock.systemUTC(), warnings, beforeCheck);
    }

    /** Before a write: returns once the check has passed (waiting for one under way), or throws its failure. */
    void beforeFirstWrite(Database db) {
        synchronized (this) {
            while (state == State.RUNNING) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new StoreException("interrupted while waiting for the check of " + db.file()
                            + " before writing; nothing was written");
                }
            }
            switch (state) {
                case PASSED -> {
                    return;
                }
                case FAILED -> throw failure;
                default -> {
                    state = State.RUNNING;
                    startedAt = clock.instant();
                    runs++;
                }
            }
        }
        StoreException failed = null;
        try {
            beforeCheck.run();
            db.requireIntact();
        } catch (StoreException e) {
            failed = e;
        } catch (RuntimeException e) {
            failed = new StoreException("cannot check " + db.file() + " before writing: " + e.getMessage()
                    + "; nothing was written", e);
        }
        finish(db, failed);
        if (failed != null) {
            throw failed;
        }
    }

    /**
     * Writes what was queued (on the connection that ran the check, which stays idle meanwhile), then lets the
     * waiting writes go: appends queued while the queue is written are written too, so none is left behind.
     */
    private void finish(Database db, StoreException failed) {
        while (true) {
            List<Database.Work<?>> batch;
            synchronized (this) {
                if (failed != null && !queue.isEmpty()) {
                    dropped += queue.size();
                    warnings.accept(queue.size() + " ledger records made while the store check ran were dropped (the"
                            + " queries were answered, but are not in the ledger): " + failed.getMessage());
                    queue.clear();
                }
                if (queue.isEmpty()) {
                    state = failed == null ? State.PASSED : State.FAILED;
                    failure = failed;
                    finishedAt = clock.instant();
                    queuedRequests.clear();
                    notifyAll();
                    return;
                }
                batch = new ArrayList<>(queue);
                queue.clear();
            }
            for (Database.Work<?> append : batch) {
                try {
                    db.transact(append);
                    synchronized (this) {
                        written++;
                    }
                } catch (RuntimeException e) {
                    synchronized (this) {
                        dropped++;
                    }
                    warnings.accept("a ledger record made while the store check ran could not be written: "
                            + e.getMessage());
                }
            }
        }
    }

    /** Whether an append now would be queued: this check defers them and has no verdict yet. */
    synchronized boolean defersAppends() {
        return warnings != null && (state == State.PENDING || state == State.RUNNING);
    }

    /** Queues an append to be written once the check passes; false when it has a verdict: write it now. */
    synchronized boolean defer(Database.Work<?> append) {
        if (!defersAppends()) {
            return false;
        }
        queue.add(append);
        return true;
    }

    /**
     * Queues a query event under an id reserved now (above {@code highestId}, the highest the ledger holds, and
     * every id handed out before), and returns the id; null when the check has a verdict: write it now. An event
     * queued under the same request id is the same event: its id is returned and nothing more is queued.
     */
    synchronized Long deferEvent(String requestId, long highestId, LongFunction<Database.Work<?>> append) {
        if (!defersAppends()) {
            return null;
        }
        if (requestId != null && queuedRequests.containsKey(requestId)) {
            return queuedRequests.get(requestId);
        }
        long id = Math.max(nextEventId, highestId + 1);
        nextEventId = id + 1;
        queue.add(append.apply(id));
        if (requestId != null) {
            queuedRequests.put(requestId, id);
        }
        return id;
    }

    /**
     * Runs the check now, on a connection of its own to the store in {@code dataDir}, unless it has run: the daemon
     * does at start, off the request path. A failure is kept for {@link #status} and the writes that follow, and
     * thrown here too.
     */
    public void runNow(Path dataDir) {
        try (Database db = Database.open(dataDir, Database.DEFAULT_WRITE_WAIT, m -> {}, this)) {
            beforeFirstWrite(db);
        }
    }

    /**
     * Waits up to {@code max} for the verdict (and the queued appends written after a pass); false if it has not
     * come. A daemon stopping during the check waits here, so the queries it answered are not lost from the ledger.
     */
    public synchronized boolean awaitVerdict(java.time.Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (state == State.PENDING || state == State.RUNNING) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /** Where the check stands, for a health report. */
    public synchronized Status status() {
        return new Status(state, failure == null ? null : failure.getMessage(), startedAt, finishedAt, queue.size(),
                written, dropped);
    }

    /** How many checks ran: one per process and file when shared. */
    synchronized int runs() {
        return runs;
    }
}
