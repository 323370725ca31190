package dev.recall.store;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;

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
 */
public final class WriteCheck {
    /** Where the check stands: not begun, running, passed or failed (then {@code problem} says why). */
    public enum State { PENDING, RUNNING, PASSED, FAILED }

    /** What {@link #status} reports: the state, the failure's message, and when the check began and ended. */
    public record Status(State state, String problem, Instant startedAt, Instant finishedAt) {}

    private final Clock clock;
    private State state = State.PENDING;
    private StoreException failure;
    private Instant startedAt;
    private Instant finishedAt;
    private int runs;

    public WriteCheck() {
        this(Clock.systemUTC());
    }

    WriteCheck(Clock clock) {
        this.clock = clock;
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
            db.requireIntact();
        } catch (StoreException e) {
            failed = e;
        } catch (RuntimeException e) {
            failed = new StoreException("cannot check " + db.file() + " before writing: " + e.getMessage()
                    + "; nothing was written", e);
        }
        synchronized (this) {
            state = failed == null ? State.PASSED : State.FAILED;
            failure = failed;
            finishedAt = clock.instant();
            notifyAll();
        }
        if (failed != null) {
            throw failed;
        }
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

    /** Where the check stands, for a health report. */
    public synchronized Status status() {
        return new Status(state, failure == null ? null : failure.getMessage(), startedAt, finishedAt);
    }

    /** How many checks ran: one per process and file when shared. */
    synchronized int runs() {
        return runs;
    }
}
