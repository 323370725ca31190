package dev.recall.server;

import dev.recall.service.RecallService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The daemon's resident service instances: a few readers, each with its own store connection (SQLite in WAL mode
 * lets them read while a write runs), lent to one request at a time, and one writer behind the {@link WriteGate}
 * for imports, builds and the schedulers. Each instance keeps its indexes and model open between requests: that is
 * what makes the daemon faster than a cold command.
 */
final class Engines implements AutoCloseable {
    private final List<RecallService> all = new ArrayList<>();
    private final BlockingQueue<RecallService> idle;
    private final RecallService writer;
    private final WriteGate gate;

    Engines(int readers, Supplier<RecallService> factory, WriteGate gate) {
        this.idle = new ArrayBlockingQueue<>(readers);
        for (int i = 0; i < readers; i++) {
            RecallService s = factory.get();
            all.add(s);
            idle.add(s);
        }
        this.writer = factory.get();
        all.add(writer);
        this.gate = gate;
    }

    /** Runs a read on a free reader, waiting up to {@code wait} for one. */
    <T> T read(Duration wait, Function<RecallService, T> op) {
        RecallService s;
        try {
            s = idle.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiError(503, "interrupted", "interrupted while waiting for a free reader", null);
        }
        if (s == null) {
            throw new ApiError(503, "busy", "every reader stayed busy for " + wait.toSeconds() + " s", "retry shortly");
        }
        try {
            return op.apply(s);
        } finally {
            idle.add(s);
        }
    }

    /** Runs a write on the writer, one at a time; another write running longer than {@code wait} is a 423. */
    <T> T write(String what, Duration wait, Function<RecallService, T> op) {
        return gate.run(what, wait, () -> op.apply(writer));
    }

    /** The writer, for the schedulers' own gate runs. */
    RecallService writer() {
        return writer;
    }

    @Override
    public void close() {
        for (RecallService s : all) {
            s.close();
        }
    }
}
