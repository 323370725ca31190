package dev.recall.server;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** When the daemon last did anything (a request, or scheduled work that changed something): drives idle exit. */
final class Activity {
    private final Clock clock;
    private final AtomicReference<Instant> last;
    private final AtomicInteger inFlight = new AtomicInteger();

    Activity(Clock clock) {
        this.clock = clock;
        this.last = new AtomicReference<>(clock.instant());
    }

    void begin() {
        inFlight.incrementAndGet();
        touch();
    }

    void end() {
        touch();
        inFlight.decrementAndGet();
    }

    void touch() {
        last.set(clock.instant());
    }

    /** Whether at most one request is in flight: the caller's own, when a request asks. */
    boolean alone() {
        return inFlight.get() <= 1;
    }

    /** How long nothing has happened; zero while a request or scheduled write runs. */
    Duration idleFor() {
        return inFlight.get() > 0 ? Duration.ZERO : Duration.between(last.get(), clock.instant());
    }
}
