package dev.recall.server;

import java.util.Locale;

/**
 * Where one request's time went inside the daemon, sent back as a {@code Server-Timing} header: {@code wait} (the
 * hand-off to the worker that runs the route), {@code route} (the route's own work: the search, the store), and
 * {@code daemon} (from the request's dispatch to its answer being written, JSON included). A client that times the
 * request itself (recall bench) subtracts {@code daemon} to see what the connection and the client cost; CPU samples
 * cannot show that, because waiting takes none.
 */
final class RequestTiming {
    static final String HEADER = "Server-Timing";

    private final long start = System.nanoTime();
    private volatile long submitted;
    private volatile long started;
    private volatile long finished;

    void submitted() {
        submitted = System.nanoTime();
    }

    void started() {
        started = System.nanoTime();
    }

    void finished() {
        finished = System.nanoTime();
    }

    /** The header's value, taken just before the answer's headers are written. */
    String header() {
        long now = System.nanoTime();
        StringBuilder b = new StringBuilder();
        if (started != 0) {
            metric(b, "wait", started - submitted);
            if (finished != 0) {
                metric(b, "route", finished - started);
            }
        }
        metric(b, "daemon", now - start);
        return b.toString();
    }

    private static void metric(StringBuilder b, String name, long nanos) {
        if (!b.isEmpty()) {
            b.append(", ");
        }
        b.append(name).append(";dur=").append(String.format(Locale.ROOT, "%.3f", nanos / 1e6));
    }
}
