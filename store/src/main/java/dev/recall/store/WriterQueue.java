package dev.recall.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.Consumer;
import org.sqlite.BusyHandler;

/**
 * How a writer waits for another: SQLite asks this handler each time the write lock is taken. The wait is bounded
 * by time without progress, not by total time: while the other writer keeps writing (its WAL file grows or is
 * checkpointed) this one keeps queueing, so a long import never makes a second one fail. Every few seconds of
 * waiting is reported, so a waiting command does not look hung.
 */
final class WriterQueue extends BusyHandler {
    private static final long NOTICE_EVERY_NANOS = Duration.ofSeconds(5).toNanos();

    private final Path database;
    private final Path wal;
    private final long patienceNanos;
    private final Consumer<String> waiting;
    private long startedAt;
    private long progressAt;
    private long noticedAt;
    private String lastStamp;

    private WriterQueue(Path database, Duration patience, Consumer<String> waiting) {
        this.database = database;
        this.wal = database.resolveSibling(database.getFileName() + "-wal");
        this.patienceNanos = patience.toNanos();
        this.waiting = waiting;
    }

    static void install(Connection connection, Path database, Duration patience, Consumer<String> waiting)
            throws SQLException {
        BusyHandler.setHandler(connection, new WriterQueue(database, patience, waiting));
    }

    @Override
    protected int callback(int previousCalls) {
        long now = System.nanoTime();
        String stamp = stamp();
        if (previousCalls == 0) {
            startedAt = now;
            progressAt = now;
            noticedAt = now;
            lastStamp = stamp;
        } else if (!stamp.equals(lastStamp)) {
            lastStamp = stamp;
            progressAt = now;
        }
        if (now - progressAt > patienceNanos) {
            return 0; // the other writer has stopped making progress: give up (SQLITE_BUSY)
        }
        if (now - noticedAt >= NOTICE_EVERY_NANOS) {
            noticedAt = now;
            waiting.accept("waiting for another recall process to finish writing (" + (now - startedAt) / 1_000_000_000L
                    + " s so far)");
        }
        try {
            Thread.sleep(previousCalls < 10 ? 5 : 50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
        return 1;
    }

    /** Changes whenever the other writer writes: the WAL's size and time, and the database's (checkpoints). */
    private String stamp() {
        return stampOf(wal) + "/" + stampOf(database);
    }

    private static String stampOf(Path p) {
        try {
            return Files.size(p) + "@" + Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return "-";
        }
    }
}
