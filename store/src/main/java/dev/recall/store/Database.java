package dev.recall.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * The one SQLite file that holds recall's truth. Opening it creates the data dir if needed, applies forward
 * migrations and turns on WAL and foreign keys. A file that is not a database is reported, never overwritten.
 */
public final class Database implements AutoCloseable {
    public static final String FILE_NAME = "recall.db";
    static final List<String> MIGRATIONS = List.of("V1.sql", "V2.sql", "V3.sql", "V4.sql", "V5.sql");
    static final Duration DEFAULT_BUSY_TIMEOUT = Duration.ofSeconds(5);

    private final Path file;
    private final Connection connection;

    private Database(Path file, Connection connection) {
        this.file = file;
        this.connection = connection;
    }

    public static Database open(Path dataDir) {
        return open(dataDir, DEFAULT_BUSY_TIMEOUT);
    }

    public static Database open(Path dataDir, Duration busyTimeout) {
        try {
            Files.createDirectories(dataDir);
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
        config.setBusyTimeout((int) busyTimeout.toMillis());
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        // Take the write lock when a transaction begins, so a second writer waits (busy timeout) instead of
        // failing halfway through its work.
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        Connection connection;
        try {
            connection = DriverManager.getConnection("jdbc:sqlite:" + file, config.toProperties());
        } catch (SQLException e) {
            throw translateOpenError(file, e);
        }
        Database db = new Database(file, connection);
        try {
            db.migrate();
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        return db;
    }

    private static StoreException translateOpenError(Path file, SQLException e) {
        if (e instanceof SQLiteException se) {
            SQLiteErrorCode code = se.getResultCode();
            if (code == SQLiteErrorCode.SQLITE_NOTADB || code == SQLiteErrorCode.SQLITE_CORRUPT) {
                return new StoreException("database " + file + " is corrupt or not a recall database (" + code
                        + "); it was left untouched. Move it aside to start a new store, or restore a backup.", e);
            }
            if (code == SQLiteErrorCode.SQLITE_BUSY || code == SQLiteErrorCode.SQLITE_LOCKED) {
                return new StoreException("database " + file + " is locked by another writer; gave up after the busy"
                        + " timeout. Retry when the other recall process has finished.", e);
            }
        }
        return new StoreException("cannot open database " + file + ": " + e.getMessage(), e);
    }

    /** Translates a failure on this database into a clear message (corruption, lock timeout, constraint). */
    public StoreException error(String doing, SQLException e) {
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
                for (int v = version; v < MIGRATIONS.size(); v++) {
                    String sql = resource("migrations/" + MIGRATIONS.get(v));
                    try (Statement st = c.createStatement()) {
                        for (String statement : SqlScript.split(sql)) {
                            st.execute(statement);
                        }
                        st.execute("PRAGMA user_version = " + (v + 1));
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

    public Connection connection() {
        return connection;
    }

    /** Work that runs inside one transaction on this connection. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    /** Runs work in one IMMEDIATE transaction; any exception rolls everything back. */
    public <T> T inTransaction(Work<T> work) {
        try {
            boolean autoCommit = connection.getAutoCommit();
            if (!autoCommit) {
                return work.run(connection); // nested: the outer transaction owns commit/rollback
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

    /** Reads outside an explicit transaction. */
    public <T> T read(Work<T> work) {
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
            connection.close();
        } catch (SQLException e) {
            throw new StoreException("cannot close database " + file + ": " + e.getMessage(), e);
        }
    }
}
