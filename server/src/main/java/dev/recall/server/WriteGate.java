package dev.recall.server;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The archive's one writer at a time: write routes and the schedulers pass through here. A write route that finds
 * another write running waits briefly, then is answered 423 naming what runs, so a client never hangs behind a
 * long build and never interleaves with it.
 */
final class WriteGate {
    private final ReentrantLock lock = new ReentrantLock(true);
    private volatile String running;
    private volatile boolean closed;

    <T> T run(String what, Duration wait, Supplier<T> work) {
        boolean got;
        try {
            got = lock.tryLock(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiError(503, "interrupted", "interrupted while waiting for the archive's write lock", null);
        }
        if (!got) {
            String other = running;
            throw new ApiError(423, "write_in_progress", "another write is running" + (other == null ? "" : ": " + other),
                    "retry when it has finished (GET /api/v1/health shows the schedulers)",
                    java.util.Map.of("running", other == null ? "unknown" : other));
        }
        try {
            if (closed) {
                throw new ApiError(503, "shutting_down", "the daemon is shutting down; no new writes", null);
            }
            running = what;
            return work.get();
        } finally {
            running = null;
            lock.unlock();
        }
    }

    /** Blocks until the write in progress (if any) has finished, then refuses new ones. */
    void closeAfterCurrent(Duration wait) {
        try {
            if (lock.tryLock(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                closed = true;
                lock.unlock();
            } else {
                closed = true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    String running() {
        return running;
    }
}
