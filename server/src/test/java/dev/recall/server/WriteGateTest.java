package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** One write at a time; a write that finds another running is told which, as a 423. */
class WriteGateTest {
    @Test
    void aSecondWriteIsRefusedWhileTheFirstRunsAndAdmittedAfter() throws Exception {
        WriteGate gate = new WriteGate();
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<String> first = Executors.newSingleThreadExecutor().submit(() -> gate.run("embeddings build",
                Duration.ofSeconds(1), () -> {
                    inside.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    return "built";
                }));
        inside.await();
        assertEquals("embeddings build", gate.running());
        ApiError e = assertThrows(ApiError.class, () -> gate.run("import", Duration.ofMillis(100), () -> "x"));
        assertEquals(423, e.status());
        assertEquals("embeddings build", e.details().get("running"));
        release.countDown();
        assertEquals("built", first.get());
        assertEquals("imported", gate.run("import", Duration.ofMillis(100), () -> "imported"));
        gate.closeAfterCurrent(Duration.ofSeconds(1));
        assertEquals(503, assertThrows(ApiError.class, () -> gate.run("late", Duration.ofMillis(10), () -> "x"))
                .status());
    }
}
