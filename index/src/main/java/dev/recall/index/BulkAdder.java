package dev.recall.index;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;

/**
 * Adds a full rebuild's batches of documents on several threads. Analysis is most of what indexing costs, and
 * IndexWriter analyses each thread's documents into its own in-memory segment, so the batches are analysed in
 * parallel while the caller reads and cuts the next ones from the store. At most two batches per thread wait, which
 * bounds the memory a fast reader can fill.
 */
final class BulkAdder implements AutoCloseable {
    private final IndexWriter writer;
    private final ExecutorService pool;
    private final Semaphore slots;
    private final AtomicInteger added = new AtomicInteger();
    private final AtomicReference<IOException> failure = new AtomicReference<>();

    BulkAdder(IndexWriter writer, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1");
        }
        this.writer = writer;
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "recall-index-add");
            t.setDaemon(true);
            return t;
        });
        this.slots = new Semaphore(2 * threads);
    }

    /** Threads for a rebuild on this machine: one per core, at most four (beyond that the merges dominate). */
    static int threads() {
        return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    }

    /** Queues a batch; waits while the threads are behind, and fails with the first batch that failed. */
    void add(List<Document> docs) throws IOException {
        rethrow();
        if (docs.isEmpty()) {
            return;
        }
        try {
            slots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while adding documents", e);
        }
        pool.execute(() -> {
            try {
                if (failure.get() == null) {
                    writer.addDocuments(docs);
                    added.addAndGet(docs.size());
                }
            } catch (IOException e) {
                failure.compareAndSet(null, e);
            } catch (RuntimeException e) {
                failure.compareAndSet(null, new IOException(e.getMessage(), e));
            } finally {
                slots.release();
            }
        });
    }

    /** Waits for every queued batch; the number of documents added. */
    int finish() throws IOException {
        pool.shutdown();
        try {
            while (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
                // a large rebuild takes minutes: keep waiting
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while adding documents", e);
        }
        rethrow();
        return added.get();
    }

    private void rethrow() throws IOException {
        IOException e = failure.get();
        if (e != null) {
            throw e;
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
