package dev.recall.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * The one SQLite file that holds recall's truth. Opening it creates the data dir if needed, applies forward
 * migrations and turns on WAL and foreign keys. A file that is not a database is reported, never overwritten.
 */
public final class Database implements AutoCloseable {
    public static final String FILE_NAME = "recall.db";
    static final List<String> MIGRATIONS = List.of("V1.sql", "V2.sql", "V3.sql", "V4.sql", "V5.sql", "V6.sql", "V7.sql", "V8.sql", "V9.sql", "V10.sql", "V11.sql", "V12.sql", "V13.sql", "V15.sql", "V18.sql", "V26.sql", "V28.sql");
    /** The {@code reason} in the details of the refusal to write into a file its check found damaged. */
    public static final String DAMAGED = "store_damaged";
    /** How long a writer waits for another one that has stopped making progress, by default. */
    public static final Duration DEFAULT_WRITE_WAIT = Duration.ofSeconds(60);
    /** Upper bound of the read-only memory map of the store file (address space, not memory: pages load on use). */
    static final long MMAP_BYTES = 16L << 30;

    private final Path file;
    private final Connection connection;
    /** The file's quick_check before the first write: this connection's own, or shared by the process's. */
    private final WriteCheck writeCheck;

    private Database(Path file, Connection connection, WriteCheck writeCheck) {
        this.file = file;
        this.connection = connection;
        this.writeCheck = writeCheck;
    }

    public static Database open(Path dataDir) {
        return open(dataDir, DEFAULT_WRITE_WAIT, message -> {});
    }

    public static Database open(Path dataDir, Duration busyTimeout) {
        return open(dataDir, busyTimeout, message -> {});
    }

    /**
     * @param writeWait how long a writer queues behind another that makes no progress before giving up
     * @param waiting told, every few seconds, that this process is waiting for another writer
     */
    public static Database open(Path dataDir, Duration writeWait, java.util.function.Consumer<String> waiting) {
        return open(dataDir, writeWait, waiting, new WriteCheck());
    }

    /** As {@link #open(Path, Duration, java.util.function.Consumer)}, the check before writes shared with others. */
    public static Database open(Path dataDir, Duration writeWait, java.util.function.Consumer<String> waiting,
            WriteCheck writeCheck) {
        try {
            // Transcripts and what was learnt from them are private: the dir is the owner's alone (0700), and so is
            // the database (0600; SQLite gives its -wal and -shm files the database's mode).
            if (!Files.isDirectory(dataDir)) {
                Files.createDirectories(dataDir, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            }
            Path db = dataDir.resolve(FILE_NAME);
            if (!Files.exists(db, LinkOption.NOFOLLOW_LINKS)) {
                Files.createFile(db, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            }
        } catch (FileAlreadyExistsException e) {
            // another process created it first: its mode is the same
        } catch (IOException | SecurityException e) {
            throw new StoreException("cannot create data dir " + dataDir + ": " + describe(e), e);
        }
        if (!Files.isWritable(dataDir)) {
            throw new StoreException("data dir " + dataDir + " is not writable");
        }
        Path file = dataDir.resolve(FILE_NAME);
        SqliteNative.useCachedCopy(dataDir.resolve("cache"));
        SQLiteConfig config = new SQLiteConfig();
        config.enforceForeignKeys(true);
        config.setBusyTimeout((int) Math.min(Integer.MAX_VALUE, writeWait.toMillis()));
        // WAL is turned on by switchToWal below, not here: the driver's switch fails at once when another
        // connection is opening the same new file.
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        // Take the write lock when a transaction begins, so a second writer waits (busy timeout) instead of
        // failing halfway through its work.
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        // Reads from a memory map of the file instead of a read() call and a copy per page: hydrating 50 entries for
        // the lexical boosts took 1.7 times as long without it (docs/benchmarks.md, issue 14). Writes still go
        // through the WAL; SQLite clamps the size to its compile-time limit and maps no more than the file holds.
        config.setPragma(SQLiteConfig.Pragma.MMAP_SIZE, Long.toString(MMAP_BYTES));
        Connection connection;
        try {
            connection = DriverManager.getConnection("jdbc:sqlite:" + file, config.toProperties());
        } catch (SQLException e) {
            throw translateOpenError(file, e);
        }
        Database db = new Database(file, connection, writeCheck);
        try {
            try {
                WriterQueue.install(connection, file, writeWait, waiting);
            } catch (SQLException e) {
                throw new StoreException("cannot set up the writer queue on " + file + ": " + e.getMessage(), e);
            }
            switchToWal(connection, file, writeWait);
            db.migrate();
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        return db;
    }

    /**
     * Turns on WAL, waiting (up to {@code writeWait}) for another connection that holds the file. On a new file the
     * switch writes the header under an exclusive lock that it takes as an upgrade of a read lock, and SQLite does
     * not call the busy handler for such an upgrade (two connections upgrading at once would deadlock): when two
     * connections opened a new store at once (the daemon's writer and its store check), the second got SQLITE_BUSY
     * at once, whatever the busy timeout, in 7 of 400 tries (docs/benchmarks.md, issue 14). Once the header says
     * WAL the pragma only reads it, and a read waits through the busy handler like any other.
     */
    private static void switchToWal(Connection connection, Path file, Duration writeWait) {
        long deadline = System.nanoTime() + writeWait.toNanos();
        for (int attempt = 0; ; attempt++) {
            try (Statement st = connection.createStatement()) {
                st.execute("PRAGMA journal_mode = WAL");
                return;
            } catch (SQLException e) {
                boolean busy = e instanceof SQLiteException se && (se.getResultCode() == SQLiteErrorCode.SQLITE_BUSY
                        || se.getResultCode() == SQLiteErrorCode.SQLITE_LOCKED);
                if (!busy || System.nanoTime() - deadline > 0) {
                    throw translateOpenError(file, e);
                }
            }
            try {
                Thread.sleep(attempt < 10 ? 5 : 50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreException("interrupted while waiting to open " + file + "; nothing was written", e);
            }
        }
    }

    private static StoreException translateOpenError(Path file, SQLException e) {
        if (e instanceof SQLiteException se) {
            SQLiteErrorCode code = se.getResultCode();
            if (code == SQLiteErrorCode.SQLITE_NOTADB || code == SQLiteErrorCode.SQLITE_CORRUPT) {
                return new StoreException("database " + file + " is corrupt or not a recall database (" + code
                        + "); it was left untouched. Move it aside to start a new store, or restore a backup.", e);
            }
            if (code == SQLiteErrorCode.SQLITE_BUSY || code == SQLiteErrorCode.SQLITE_LOCKED) {
                return new StoreException("database " + file + " is locked by another writer that made no progress"
                        + " for the whole write wait; nothing was written. Retry when the other recall process has"
                        + " finished, or raise RECALL_WRITE_WAIT_SECONDS.", e);
            }
        }
        return new StoreException("cannot open database " + file + ": " + e.getMessage(), e);
    }

    /** Translates a failure on this database into a clear message (corruption, lock timeout, constraint). */
    StoreException error(String doing, SQLException e) {
        StoreException opened = translateOpenError(file, e);
        if (opened.getMessage().startsWith("cannot open")) {
            return new StoreException(doing + ": " + e.getMessage(), e);
        }
        return opened;
    }

    private void migrate() {
        try {
            int version = userVersion();
            if (version > MIGRATIONS.size()) {
                throw new StoreException("database " + file + " has schema version " + version
                        + ", newer than this recall understands (" + MIGRATIONS.size() + "); upgrade recall");
            }
            if (version == MIGRATIONS.size()) {
                return;
            }
            inTransaction(c -> {
                // Read again under the write lock: another connection (a second process, or the daemon's readers
                // opening at once) may have migrated while this one waited for it.
                for (int v = userVersion(); v < MIGRATIONS.size(); v++) {
                    String sql = resource("migrations/" + MIGRATIONS.get(v));
                    try (Statement st = c.createStatement()) {
                        for (String statement : SqlScript.split(sql)) {
                            st.execute(statement);
                        }
                        st.execute("PRAGMA user_version = " + (v + 1));
                    }
                    if (MIGRATIONS.get(v).equals("V9.sql")) {
                        EntryDigests.stampMissing(c); // a digest is computed by the host: SQLite has no SHA-256
                    }
                }
                return null;
            });
        } catch (SQLException e) {
            throw translateOpenError(file, e);
        }
    }

    private int userVersion() throws SQLException {
        try (Statement st = connection.createStatement(); var rs = st.executeQuery("PRAGMA user_version")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    public int schemaVersion() {
        try {
            return userVersion();
        } catch (SQLException e) {
            throw error("reading schema version", e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = Database.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new StoreException("missing schema resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new StoreException("cannot read schema resource " + name, e);
        }
    }

    public Path file() {
        return file;
    }

    Connection connection() {
        return connection;
    }

    /** Work with a statement this connection keeps compiled: it sets every parameter and closes its result set. */
    @FunctionalInterface
    interface StatementWork<T> {
        T run(PreparedStatement statement) throws SQLException;
    }

    /** At most this many statements kept compiled per connection; others are compiled for each call. */
    static final int MAX_KEPT = 64;

    /** Statements kept compiled on this connection, by their SQL (a fixed set of shapes, never built from values). */
    private final Map<String, PreparedStatement> kept = new HashMap<>();
    private boolean closed;

    /**
     * Runs {@code work} with {@code sql} compiled once for this connection and kept: a search runs the same few
     * statements on every query, and compiling them again each time (SQLite's prepare) was about a fifth of the
     * store's time in a lexical request (docs/benchmarks.md, issue 14). One caller at a time uses a kept statement;
     * closing its result set resets it, so no read snapshot stays open between calls.
     */
    <T> T readKept(String sql, StatementWork<T> work) {
        try {
            PreparedStatement statement;
            synchronized (kept) {
                statement = kept.get(sql);
                if (statement == null && kept.size() < MAX_KEPT && !closed) {
                    statement = connection.prepareStatement(sql);
                    kept.put(sql, statement);
                }
            }
            if (statement == null) {
                try (PreparedStatement once = connection.prepareStatement(sql)) {
                    return work.run(once);
                }
            }
            synchronized (statement) {
                return work.run(statement);
            }
        } catch (SQLException e) {
            throw error("read failed", e);
        }
    }

    /** Work that runs inside one transaction on this connection: the store classes' own SQL. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    /**
     * Runs work in one IMMEDIATE transaction; any exception rolls everything back. The first write of the process
     * checks the file first (quick_check): writing into a damaged database spreads the damage.
     */
    <T> T inTransaction(Work<T> work) {
        try {
            if (!connection.getAutoCommit()) {
                return work.run(connection); // nested: the outer transaction owns commit/rollback
            }
        } catch (SQLException e) {
            throw error("transaction failed", e);
        }
        writeCheck.beforeFirstWrite(this);
        return transact(work);
    }

    /** The check's pass or failure, shared by the process's connections to this file. */
    WriteCheck writeCheck() {
        return writeCheck;
    }

    /** {@link #inTransaction} without the check: for the check's own queued appends, once it has passed. */
    <T> T transact(Work<T> work) {
        try {
            if (!connection.getAutoCommit()) {
                return work.run(connection);
            }
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (Throwable t) {
                connection.rollback();
                throw t;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw error("transaction failed", e);
        }
    }

    /** Refuses to write into a file whose pages SQLite finds damaged, with what to do about it. */
    void requireIntact() {
        List<String> problems;
        try {
            problems = checkRows("quick_check");
        } catch (SQLException e) {
            problems = List.of(String.valueOf(e.getMessage()).lines().findFirst().orElse("unreadable"));
        }
        if (!problems.equals(List.of("ok"))) {
            throw new StoreException("database " + file + " is damaged (" + problems.getFirst()
                    + (problems.size() > 1 ? "; " + (problems.size() - 1) + " more problems" : "") + "); refusing to"
                    + " write into it, nothing was written. Run `recall doctor` for what to do; restore a backup or"
                    + " recover it with `sqlite3 recall.db .recover`.", RecallException.Remedy.NONE,
                    java.util.Map.of("reason", DAMAGED), null);
        }
    }

    /**
     * SQLite's own check of the file: {@code quick_check} (pages and structure) or {@code integrity_check}; "ok"
     * alone when the file is sound. A file too damaged to be checked is a StoreException with SQLite's words.
     */
    public List<String> check(String pragma) {
        try {
            return checkRows(pragma);
        } catch (SQLException e) {
            throw new StoreException(String.valueOf(e.getMessage()), e);
        }
    }

    private List<String> checkRows(String pragma) throws SQLException {
        if (!pragma.equals("quick_check") && !pragma.equals("integrity_check")) {
            throw new IllegalArgumentException(pragma);
        }
        List<String> rows = new java.util.ArrayList<>();
        try (Statement st = connection.createStatement(); var rs = st.executeQuery("PRAGMA " + pragma + "(100)")) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        }
        return rows;
    }

    /**
     * Runs steps in one IMMEDIATE transaction without handing out the connection: the store classes the steps call
     * join it, and any exception rolls everything back. Inside another transaction it joins that one.
     */
    public <T> T transaction(Supplier<T> steps) {
        return inTransaction(c -> steps.get());
    }

    /** {@link #transaction(Supplier)} for steps that return nothing. */
    public void transaction(Runnable steps) {
        inTransaction(c -> {
            steps.run();
            return null;
        });
    }

    /**
     * Runs steps inside a savepoint of the current transaction: if they throw, what they wrote is undone and the
     * exception passes on, while the transaction itself goes on (one refused line of an import leaves nothing).
     */
    public <T> T savepoint(Supplier<T> steps) {
        return inTransaction(c -> {
            try (Statement st = c.createStatement()) {
                st.execute("SAVEPOINT step");
            }
            T result;
            try {
                result = steps.get();
            } catch (RuntimeException e) {
                try (Statement st = c.createStatement()) {
                    st.execute("ROLLBACK TO step");
                    st.execute("RELEASE step");
                }
                throw e;
            }
            try (Statement st = c.createStatement()) {
                st.execute("RELEASE step");
            }
            return result;
        });
    }

    /** Moves the WAL's pages into the database file and empties the WAL (as a quiet store would be measured). */
    public void checkpoint() {
        read(c -> {
            try (Statement st = c.createStatement()) {
                st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            }
            return null;
        });
    }

    /**
     * Reads in one read transaction: every statement of the work sees the same snapshot of the file, and no write
     * lock is taken (writers go on beside it under WAL).
     */
    <T> T snapshot(Work<T> work) {
        try {
            if (!connection.getAutoCommit()) {
                return work.run(connection); // inside a transaction: its snapshot already
            }
            try (Statement st = connection.createStatement()) {
                st.execute("BEGIN DEFERRED");
            }
            try {
                return work.run(connection);
            } finally {
                try (Statement st = connection.createStatement()) {
                    st.execute("COMMIT");
                }
            }
        } catch (SQLException e) {
            throw error("read failed", e);
        }
    }

    /** Reads outside an explicit transaction. */
    <T> T read(Work<T> work) {
        try {
            return work.run(connection);
        } catch (SQLException e) {
            throw error("read failed", e);
        }
    }

    private static String describe(Exception e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage());
    }

    @Override
    public void close() {
        try {
            synchronized (kept) {
                closed = true;
                for (PreparedStatement statement : kept.values()) {
                    synchronized (statement) {
                        statement.close();
                    }
                }
                kept.clear();
            }
            connection.close();
        } catch (SQLException e) {
            throw new StoreException("cannot close database " + file + ": " + e.getMessage(), e);
        }
    }
}
