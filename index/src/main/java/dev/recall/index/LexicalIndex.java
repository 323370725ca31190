package dev.recall.index;

import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.store.Database;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.ReaderManager;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * A BM25 index derived from the store: the recall entries' (synced by the query-state journal) or the session
 * passages' (synced by the archive journal). Its commit records the source's revision it reflects; {@link #sync()}
 * applies the source's change journal since then, so lexical search is never stale.
 * A missing, corrupt or foreign-format index is rebuilt from the store with a notice.
 */
public final class LexicalIndex implements AutoCloseable {
    static final String REVISION_KEY = "query_state_revision";
    static final String FORMAT_KEY = "recall_lexical_format";
    /** Bump whenever analysis or the document mapping changes: an index of another format is rebuilt. */
    static final String FORMAT = "5";
    /** A first build of a large corpus holds the write lock about this long. */
    static final Duration LOCK_WAIT = Duration.ofSeconds(30);
    private static final long LOCK_POLL_MS = 100;

    /** What a sync did. */
    public record SyncReport(long fromRevision, long toRevision, int updated, int deleted, boolean rebuilt) {}

    private final Path path;
    private final LexicalSource source;
    private final Consumer<String> notices;
    private final Directory directory;
    private final Duration lockWait;
    /** Generation of the last commit whose segments opened cleanly; -1 until one has. */
    private volatile long checkedGeneration = -1;
    /** The last commit read, and the revision it records; null until one has been, or after a wipe. */
    private volatile ReadCommit lastRead;

    /**
     * A commit this process read: its generation, its segments file's size and modification time (a rebuild from
     * nothing by another process can reuse a generation, never also the file's time), and its revision.
     */
    private record ReadCommit(long generation, String stamp, long revision) {}
    /**
     * Readers stay open between searches and are refreshed after each sync: reopening only changed segments,
     * instead of opening the whole index per query (about 2 ms at 1M entries). Null until the first search.
     */
    private ReaderManager readers;
    /**
     * The commit {@link #lastRead} named when the readers were last refreshed (guarded by this): while it is still
     * the newest, a refresh would only list the directory and re-read the commit's segment infos to find nothing new,
     * which was a twentieth of a lexical query's CPU in the daemon (docs/benchmarks.md, issue 14).
     */
    private ReadCommit refreshedAt;

    private LexicalIndex(Path path, LexicalSource source, Consumer<String> notices, Directory directory,
            Duration lockWait) {
        this.path = path;
        this.source = source;
        this.notices = notices;
        this.directory = directory;
        this.lockWait = lockWait;
    }

    /** The BM25 index of recall entries. */
    public static LexicalIndex open(Path path, Database db, Consumer<String> notices) {
        return open(path, db, notices, AnalyzerKind.CODE);
    }

    /**
     * An index of the store's entries whose text fields use {@code analysis}: the evaluation indexes a public
     * collection with the English chain to reproduce published BM25 figures through the same index and query code.
     * An index written with another analysis is rebuilt (the analysis is part of the source's format).
     */
    public static LexicalIndex open(Path path, Database db, Consumer<String> notices, AnalyzerKind analysis) {
        return open(path, new EntrySource(db, analysis), notices);
    }

    /** How the text fields are analysed: queries must be analysed the same way. */
    public AnalyzerKind analysis() {
        return source.analysis();
    }

    public static LexicalIndex open(Path path, LexicalSource source, Consumer<String> notices) {
        return open(path, source, notices, LOCK_WAIT);
    }

    static LexicalIndex open(Path path, LexicalSource source, Consumer<String> notices, Duration lockWait) {
        try {
            Files.createDirectories(path);
            return new LexicalIndex(path, source, notices, FSDirectory.open(path), lockWait);
        } catch (IOException e) {
            throw new IndexException("cannot open lexical index dir " + path + ": " + e.getMessage(), e);
        }
    }

    public Path path() {
        return path;
    }

    /** Brings the index up to the source's current revision. */
    public SyncReport sync() {
        Long have = committedRevision();
        if (have == null) {
            return rebuild(true);
        }
        long target = source.revision();
        if (have == target) {
            return new SyncReport(have, have, 0, 0, false);
        }
        if (have > target) {
            notices.accept(source.name() + " " + path + " is ahead of the store (revision " + have + " > " + target
                    + "); rebuilding it from the store");
            return rebuild(true);
        }
        Map<String, Long> changes = source.changesSince(have);
        long stamp = Math.max(have, changes.values().stream().mapToLong(Long::longValue).max().orElse(target));
        return write(false, false, writer -> apply(writer, changes.keySet()), have, stamp);
    }

    /**
     * In-memory buffer of a full rebuild, in MB: fewer, larger flushed segments, so far less merging than the
     * default 16 MB (at 1M archive messages that flushed a segment every 14 MB and merged them again and again).
     * Bounded by an eighth of the heap.
     */
    static final double REBUILD_RAM_MB = 256;

    /** Regenerates the whole index from the store. */
    public SyncReport rebuild() {
        return rebuild(false);
    }

    /**
     * @param unlessDoneMeanwhile skip it when another process committed a rebuild to the same revision while this
     *     one waited for the write lock (a sync's rebuild; an asked-for one always runs, e.g. after a secret purge)
     */
    private SyncReport rebuild(boolean unlessDoneMeanwhile) {
        long target = source.revision();
        return write(true, unlessDoneMeanwhile, writer -> {
            int added;
            try (BulkAdder adder = new BulkAdder(writer, BulkAdder.threads())) {
                source.forEachBatch(docs -> {
                    try {
                        adder.add(docs);
                    } catch (IOException ex) {
                        throw new IndexException("cannot write " + source.name() + " " + path + ": " + ex.getMessage(), ex);
                    }
                });
                added = adder.finish();
            }
            // One segment answers a query with one term lookup and one posting list per term instead of one per
            // segment; a full rebuild is the one moment that costs nothing extra to wait for.
            writer.forceMerge(1);
            return new int[] {added, 0};
        }, 0, target);
    }

    private int[] apply(IndexWriter writer, Collection<String> keys) throws IOException {
        Map<String, List<Document>> current = source.documents(keys);
        int updated = 0;
        int deleted = 0;
        for (String key : keys) {
            List<Document> docs = current.getOrDefault(key, List.of());
            Term term = new Term(source.keyField(), key);
            if (docs.isEmpty()) {
                writer.deleteDocuments(term);
                deleted++;
            } else {
                writer.updateDocuments(term, docs);
                updated++;
            }
        }
        return new int[] {updated, deleted};
    }

    @FunctionalInterface
    private interface WriterWork {
        int[] run(IndexWriter writer) throws IOException;
    }

    private SyncReport write(boolean create, boolean unlessDoneMeanwhile, WriterWork work, long from, long stamp) {
        try (IndexWriter writer = openWriter(create)) {
            if (unlessDoneMeanwhile && rebuiltMeanwhile(stamp)) {
                // another process rebuilt it while this one waited for the lock: a second rebuild would only repeat it
                writer.rollback();
                return new SyncReport(stamp, stamp, 0, 0, false);
            }
            int[] counts = work.run(writer);
            writer.setLiveCommitData(
                    Map.of(source.revisionKey(), Long.toString(stamp), FORMAT_KEY, source.format()).entrySet());
            writer.commit();
            lastRead = null; // a new commit: the next search reads it and refreshes the readers
            return new SyncReport(from, stamp, counts[0], counts[1], create);
        } catch (IOException e) {
            throw new IndexException("cannot write " + source.name() + " " + path + ": " + e.getMessage(), e);
        }
    }

    private boolean rebuiltMeanwhile(long target) {
        try {
            if (!DirectoryReader.indexExists(directory)) {
                return false;
            }
            Map<String, String> data = SegmentInfos.readLatestCommit(directory).getUserData();
            return source.format().equals(data.get(FORMAT_KEY))
                    && Long.toString(target).equals(data.get(source.revisionKey()));
        } catch (IOException | RuntimeException e) {
            return false; // unreadable: rebuilding it is what is needed
        }
    }

    private IndexWriter openWriter(boolean create) throws IOException {
        // a fresh config per attempt: a writer that failed to take the lock has claimed the one it was given
        return waitingForLock(() -> new IndexWriter(directory, config(create)));
    }

    /**
     * A rebuild writes a few large segments and merges them into one at the end, so its flushed segments skip the
     * compound file (packing each one into a .cfs is a copy the final merge makes pointless).
     */
    private IndexWriterConfig config(boolean create) {
        IndexWriterConfig config = new IndexWriterConfig(source.analyzer());
        if (!create) {
            return config.setOpenMode(IndexWriterConfig.OpenMode.APPEND);
        }
        double heapMb = Runtime.getRuntime().maxMemory() / (1024.0 * 1024.0);
        return config.setOpenMode(IndexWriterConfig.OpenMode.CREATE)
                .setRAMBufferSizeMB(Math.max(IndexWriterConfig.DEFAULT_RAM_BUFFER_SIZE_MB,
                        Math.min(REBUILD_RAM_MB, heapMb / 8)))
                .setUseCompoundFile(false);
    }

    @FunctionalInterface
    private interface Locking<T> {
        T attempt() throws IOException;
    }

    /** Retries what needs the index's write lock while another writer (of this or another process) holds it. */
    private <T> T waitingForLock(Locking<T> work) throws IOException {
        for (int attempt = 0; ; attempt++) {
            try {
                return work.attempt();
            } catch (LockObtainFailedException e) {
                if (attempt * LOCK_POLL_MS >= lockWait.toMillis()) {
                    throw IndexException.busy(source.name() + " " + path + " is locked by another recall process;"
                            + " gave up after " + lockWait.toSeconds() + " s", e);
                }
                try {
                    Thread.sleep(LOCK_POLL_MS);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IndexException("interrupted while waiting for the lexical index lock", ie);
                }
            }
        }
    }

    /** The revision the last commit reflects, or null when the index must be (re)built. */
    private Long committedRevision() {
        try {
            // A commit never changes once written: while the newest is still the one read last, its revision is
            // known. Reading and checksumming the segments file again was a tenth of a lexical query's CPU in the
            // daemon (docs/benchmarks.md, issue 14); listing the directory and one stat is all this costs.
            ReadCommit known = lastRead;
            if (known != null && SegmentInfos.getLastCommitGeneration(directory.listAll()) == known.generation()
                    && known.stamp().equals(stamp(known.generation()))) {
                return known.revision();
            }
            if (!DirectoryReader.indexExists(directory)) {
                if (hasFiles()) {
                    // Files without a commit are also what another writer's first build looks like while it runs:
                    // wait for its lock, and look again before deleting anything.
                    if (!wipeUnlessCommitted()) {
                        return committedRevision();
                    }
                    notices.accept(source.name() + " " + path + " has no readable commit; rebuilding it from the store");
                } else {
                    notices.accept(source.name() + " " + path + " does not exist yet; building it from the store");
                }
                return null;
            }
            SegmentInfos infos = SegmentInfos.readLatestCommit(directory);
            Map<String, String> data = infos.getUserData();
            if (!source.format().equals(data.get(FORMAT_KEY)) || data.get(source.revisionKey()) == null) {
                // Not wiped: another process may be rebuilding it right now, and a rebuild replaces the old commit
                // under the write lock anyway.
                notices.accept(source.name() + " " + path + " has an unknown format; rebuilding it from the store");
                forgetCommit();
                return null;
            }
            // Opening a reader checks every segment's header and footer, which is where corruption shows. A commit
            // never changes once written, so one that opened cleanly is not opened again before every search (that
            // was about 5 ms of a 20 ms lexical query at 100k entries; docs/benchmarks.md, issue 5).
            if (infos.getGeneration() != checkedGeneration) {
                DirectoryReader reader = DirectoryReader.open(directory);
                checkedGeneration = infos.getGeneration();
                adopt(reader);
            }
            long revision = Long.parseLong(data.get(source.revisionKey()));
            String stamp = stamp(infos.getGeneration());
            lastRead = stamp == null ? null : new ReadCommit(infos.getGeneration(), stamp, revision);
            return revision;
        } catch (IOException | RuntimeException e) {
            if (waitedInVain(e)) {
                // Another process's rebuild outlasted the wait: its files are not unreadable, only unfinished.
                throw (IndexException) e;
            }
            notices.accept(source.name() + " " + path + " is unreadable (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + "); rebuilding it from the store");
            wipe();
            return null;
        }
    }

    private static boolean waitedInVain(Exception e) {
        return e instanceof IndexException
                && (e.getCause() instanceof LockObtainFailedException || e.getCause() instanceof InterruptedException);
    }

    /** Size and modification time of a commit's segments file; null when it is gone. */
    private String stamp(long generation) {
        try {
            var a = Files.readAttributes(path.resolve(IndexFileNames.fileNameFromGeneration(IndexFileNames.SEGMENTS,
                    "", generation)), java.nio.file.attribute.BasicFileAttributes.class);
            return a.size() + "@" + a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (IOException e) {
            return null;
        }
    }

    private boolean hasFiles() throws IOException {
        try (Stream<Path> files = Files.list(path)) {
            return files.anyMatch(p -> !p.getFileName().toString().equals("write.lock"));
        }
    }

    /** Keeps the reader that passed the check as the first search reader of this process, so it opens once. */
    private synchronized void adopt(DirectoryReader reader) throws IOException {
        if (readers == null) {
            readers = new ReaderManager(reader);
        } else {
            reader.close();
        }
    }

    /**
     * Deletes the files of an index without a commit while holding its write lock, so a build in progress (another
     * reader of this process, or another process) is never deleted under its writer; false when a writer committed
     * meanwhile and nothing was deleted.
     */
    private boolean wipeUnlessCommitted() throws IOException {
        return waitingForLock(() -> {
            try (org.apache.lucene.store.Lock lock = directory.obtainLock(IndexWriter.WRITE_LOCK_NAME)) {
                if (DirectoryReader.indexExists(directory)) {
                    return false;
                }
                wipe();
                return true;
            }
        });
    }

    private void forgetCommit() {
        checkedGeneration = -1;
        lastRead = null;
        closeReaders();
    }

    /** The index is derived: deleting it loses nothing the store does not hold. */
    private void wipe() {
        forgetCommit();
        try (Stream<Path> files = Files.list(path)) {
            for (Path f : files.toList()) {
                if (!f.getFileName().toString().equals("write.lock")) {
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException e) {
            throw new IndexException("cannot clear the unreadable " + source.name() + " " + path + ": " + e.getMessage(), e);
        }
    }

    /** A reader lent by {@link #acquire()}; closing it gives it back. */
    public static final class Lease implements AutoCloseable {
        private final ReaderManager owner;
        private final DirectoryReader reader;

        private Lease(ReaderManager owner, DirectoryReader reader) {
            this.owner = owner;
            this.reader = reader;
        }

        public DirectoryReader reader() {
            return reader;
        }

        @Override
        public void close() {
            try {
                owner.release(reader);
            } catch (IOException e) {
                throw new IndexException("cannot release a lexical index reader: " + e.getMessage(), e);
            }
        }
    }

    /**
     * The shared reader over the last commit, refreshed if a sync committed since; give it back by closing the
     * lease. Call {@link #sync()} first.
     */
    public synchronized Lease acquire() {
        try {
            // read before refreshing: a commit that lands meanwhile is newer than this, so the next search refreshes
            ReadCommit newest = lastRead;
            if (readers == null) {
                readers = new ReaderManager(directory);
                refreshedAt = newest;
            } else if (newest != null && refreshedAt != null && newest.generation() == refreshedAt.generation()
                    && !newest.stamp().equals(refreshedAt.stamp())) {
                // another process rebuilt the index from nothing and reached the same generation (and version):
                // a refresh takes that for the commit it holds, so open the new one afresh
                ReaderManager stale = readers;
                readers = new ReaderManager(directory);
                refreshedAt = newest;
                stale.close(); // leases out on it keep their reader until they give it back
            } else if (newest == null || newest != refreshedAt) {
                readers.maybeRefreshBlocking();
                refreshedAt = newest;
            }
            return new Lease(readers, readers.acquire());
        } catch (IOException e) {
            throw new IndexException("cannot read " + source.name() + " " + path + ": " + e.getMessage(), e);
        }
    }

    private synchronized void closeReaders() {
        if (readers != null) {
            try {
                readers.close();
            } catch (IOException e) {
                notices.accept("closing " + source.name() + " readers of " + path + ": " + e.getMessage());
            }
            readers = null;
        }
    }

    /** A private point-in-time reader over the last commit; the caller closes it. Call {@link #sync()} first. */
    public DirectoryReader openReader() {
        try {
            return DirectoryReader.open(directory);
        } catch (IOException e) {
            throw new IndexException("cannot read " + source.name() + " " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        closeReaders();
        try {
            directory.close();
        } catch (IOException e) {
            throw new IndexException("cannot close " + source.name() + " " + path, e);
        }
    }
}
