package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Closing the embedder while another thread embeds (a daemon stopping, or `recall mcp` ending, during a hybrid
 * query) waits for the run in native code to finish: freeing the ONNX session under it crashed the JVM with a
 * SIGSEGV in libonnxruntime (reproduced before the fix; this test would take its surefire JVM down with it).
 */
class CloseWhileEmbeddingTest {

    @Test
    void closeWaitsForTheRunningBatchAndLaterCallsAreRefused() throws Exception {
        Embedder embedder = Embedders.open(EmbeddingConfig.defaults(), TestCache.dir());
        List<String> docs = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            docs.add(("the lexical index is rebuilt from the store when it is missing " + i + " ").repeat(30));
        }
        CountDownLatch running = new CountDownLatch(1);
        AtomicInteger batches = new AtomicInteger();
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                while (true) {
                    running.countDown();
                    assertEquals(16, embedder.embedDocuments(docs).size());
                    batches.incrementAndGet();
                }
            } catch (Throwable t) {
                ended.set(t);
            }
        });
        worker.start();
        running.await();
        Thread.sleep(200); // inside a run by now: a batch of 16 long texts takes longer than this
        embedder.close();
        worker.join();
        assertTrue(ended.get() instanceof EmbeddingException, String.valueOf(ended.get()));
        assertTrue(ended.get().getMessage().contains("is closed"), ended.get().getMessage());
        assertThrows(EmbeddingException.class, () -> embedder.embedQuery("anything"));
    }
}
