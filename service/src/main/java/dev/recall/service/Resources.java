package dev.recall.service;

import dev.recall.service.config.RecallConfig;
import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.Embedders;
import dev.recall.index.LexicalIndex;
import dev.recall.index.PassageSource;
import dev.recall.search.SessionSearch;
import dev.recall.search.RecallSearch;
import dev.recall.sessions.SecretScanner;
import dev.recall.search.EmbeddedBackend;
import dev.recall.search.SearchThreads;
import dev.recall.search.SearchBackend;
import dev.recall.opensearch.OpenSearchBackend;
import dev.recall.store.Database;
import dev.recall.store.WriteCheck;
import dev.recall.store.QueryLedger;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the operations on one data dir share: the store, the configuration, the embedding model and the indexes,
 * each opened on first use (a lexical query never loads the model) and closed once, by {@link RecallService}.
 */
final class Resources implements AutoCloseable {
    private final Path dataDir;
    private final Map<String, String> env;
    private final Clock clock;
    private final Consumer<String> notices;
    private Database database;
    /** The search helper's own connection to the store (daemon only), opened on its first use. */
    private volatile Database helperDatabase;
    private RecallConfig config;
    private Embedder embedder;
    private LexicalIndex lexicalIndex;
    private LexicalIndex passageIndex;
    private SessionSearch sessionSearch;
    private RecallSearch search;

    private final WriteCheck writeCheck;
    private final SearchThreads searchThreads;

    Resources(Path dataDir, Map<String, String> env, Clock clock, Consumer<String> notices,
            WriteCheck writeCheck, SearchThreads searchThreads) {
        this.dataDir = dataDir;
        this.env = env;
        this.clock = clock;
        this.notices = notices;
        this.writeCheck = writeCheck;
        this.searchThreads = searchThreads;
    }

    /** How many threads one search may use (a daemon: more only while it serves one request). */
    SearchThreads searchThreads() {
        return searchThreads;
    }

    Path dataDir() {
        return dataDir;
    }

    Map<String, String> env() {
        return env;
    }

    Clock clock() {
        return clock;
    }

    void notice(String message) {
        notices.accept(message);
    }

    synchronized Database database() {
        if (database == null) {
            database = Database.open(dataDir, writeWait(), notices, writeCheck);
            redactOwedLedgerText(database);
        }
        return database;
    }

    /**
     * Query text the ledger kept from before it was redacted on the way in (migration V13) goes through the same
     * scanner as new queries, once, on the first open by a recall that knows the scanner.
     */
    private void redactOwedLedgerText(Database db) {
        new QueryLedger(db).redactOwed(SecretScanner.archive()::redact)
                .filter(r -> r.rowsRedacted() > 0)
                .ifPresent(r -> notices.accept("redacted secrets in " + r.rowsRedacted() + " of " + r.rowsScanned()
                        + " query texts the ledger kept from before recall redacted them"));
    }

    /**
     * How long a writer queues behind another recall process that makes no progress: RECALL_WRITE_WAIT_SECONDS,
     * else the store's default (60 s). An environment variable, not config.toml: the wait applies before the
     * config is read and to every process on the data dir alike.
     */
    private java.time.Duration writeWait() {
        String seconds = env.get("RECALL_WRITE_WAIT_SECONDS");
        if (seconds == null || seconds.isBlank()) {
            return Database.DEFAULT_WRITE_WAIT;
        }
        try {
            long n = Long.parseLong(seconds.strip());
            if (n >= 1) {
                return java.time.Duration.ofSeconds(n);
            }
        } catch (NumberFormatException e) {
            // worded below
        }
        throw new dev.recall.store.RecallException(dev.recall.store.RecallException.Kind.INVALID,
                "RECALL_WRITE_WAIT_SECONDS must be a whole number of seconds, at least 1 (got '" + seconds + "')");
    }

    synchronized RecallConfig config() {
        if (config == null) {
            config = RecallConfig.load(dataDir);
            // Accepted so a user can bring the reference tool's file, but never dropped without a word.
            config.unused().forEach(key -> notices.accept(config.file() + ": " + key
                    + " is read but not used by recall yet"));
        }
        return config;
    }

    synchronized Embedder embedder() {
        if (embedder == null) {
            embedder = Embedders.open(config().embeddings(), dataDir.resolve("cache"));
        }
        return embedder;
    }

    synchronized LexicalIndex lexicalIndex() {
        if (lexicalIndex == null) {
            lexicalIndex = LexicalIndex.open(dataDir.resolve("index").resolve("lexical"), database(), notices);
        }
        return lexicalIndex;
    }

    /** The BM25 index of session passages, synced from the archive's journal. */
    synchronized LexicalIndex passageIndex() {
        if (passageIndex == null) {
            passageIndex = LexicalIndex.open(dataDir.resolve("index").resolve("passages"),
                    new PassageSource(database()), notices);
        }
        return passageIndex;
    }

    synchronized SessionSearch sessionSearch() {
        if (sessionSearch == null) {
            sessionSearch = new SessionSearch(database(), passageIndex(), this::embedder);
        }
        return sessionSearch;
    }

    /**
     * A second connection to the store, for the reads a search's helper thread does beside the caller's (SQLite
     * serialises the statements of one connection). It only reads; the store was opened and migrated by
     * {@link #database()} first.
     */
    private Database helperDatabase() {
        Database open = helperDatabase; // read without the lock on every search after the first
        if (open != null) {
            return open;
        }
        synchronized (this) {
            if (helperDatabase == null) {
                database();
                helperDatabase = Database.open(dataDir, writeWait(), notices, writeCheck);
            }
            return helperDatabase;
        }
    }

    Path vectorsDir() {
        return dataDir.resolve("vectors");
    }

    synchronized RecallSearch search() {
        if (search == null) {
            search = new RecallSearch(database(), searchBackend(), this::embedder, clock, notices, searchThreads,
                    searchThreads.helperReads() ? this::helperDatabase : null);
        }
        return search;
    }

    /**
     * Where searches run: the embedded Lucene indexes, or the configured OpenSearch cluster, which this process
     * publishes the store to (for a team, the daemon: the one writer of the store).
     */
    private SearchBackend searchBackend() {
        return config().openSearch().<SearchBackend>map(s -> new OpenSearchBackend(database(), s))
                .orElseGet(() -> new EmbeddedBackend(database(), lexicalIndex(), searchThreads));
    }

    @Override
    public synchronized void close() {
        if (sessionSearch != null) {
            sessionSearch.close();
            sessionSearch = null;
        }
        if (passageIndex != null) {
            passageIndex.close();
            passageIndex = null;
        }
        if (search != null) {
            search.close();
            search = null;
        }
        if (lexicalIndex != null) {
            lexicalIndex.close();
            lexicalIndex = null;
        }
        if (embedder != null) {
            embedder.close();
            embedder = null;
        }
        if (helperDatabase != null) {
            helperDatabase.close();
            helperDatabase = null;
        }
        if (database != null) {
            database.close();
            database = null;
        }
    }
}
