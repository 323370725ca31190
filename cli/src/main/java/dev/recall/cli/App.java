package dev.recall.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.Embedders;
import dev.recall.index.LexicalIndex;
import dev.recall.index.PassageSource;
import dev.recall.search.RecallSearch;
import dev.recall.search.SessionSearch;
import dev.recall.store.Database;
import java.time.Clock;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;

/**
 * What every command shares for one run: the environment, the data dir and the store, opened on first use and
 * closed when the run ends. Commands receive it through their constructor.
 */
final class App implements AutoCloseable {
    private final Map<String, String> env;
    private final Path workingDir;
    /** Built on first use: setting up Jackson is a visible part of start-up for commands that print no JSON. */
    private ObjectMapper json;
    private Path dataDirOption;
    private Database database;
    private RecallConfig config;
    private Embedder embedder;
    private LexicalIndex lexicalIndex;
    private RecallSearch search;
    private LexicalIndex passageIndex;
    private SessionSearch sessionSearch;
    PrintWriter out;
    PrintWriter err;

    App(Map<String, String> env, Path workingDir) {
        this.env = env;
        this.workingDir = workingDir;
    }

    void setDataDirOption(Path dataDir) {
        this.dataDirOption = dataDir;
    }

    Path dataDir() {
        return DataDirs.resolve(dataDirOption, env, System.getProperty("os.name"), Path.of(System.getProperty("user.home")));
    }

    Map<String, String> env() {
        return env;
    }

    Path workingDir() {
        return workingDir;
    }

    Database database() {
        if (database == null) {
            database = Database.open(dataDir());
        }
        return database;
    }

    RecallConfig config() {
        if (config == null) {
            config = RecallConfig.load(dataDir());
        }
        return config;
    }

    /** The configured embedding model, loaded on first use (lexical-only commands never pay for it). */
    Embedder embedder() {
        if (embedder == null) {
            embedder = Embedders.open(config().embeddings(), dataDir().resolve("cache"));
        }
        return embedder;
    }

    LexicalIndex lexicalIndex() {
        if (lexicalIndex == null) {
            lexicalIndex = LexicalIndex.open(dataDir().resolve("index").resolve("lexical"), database(), this::notice);
        }
        return lexicalIndex;
    }

    Path vectorsDir() {
        return dataDir().resolve("vectors");
    }

    RecallSearch search() {
        if (search == null) {
            search = new RecallSearch(database(), lexicalIndex(), this::embedder, Clock.systemUTC(), this::notice);
        }
        return search;
    }

    /** The BM25 index of session passages, synced from the archive's journal. */
    LexicalIndex passageIndex() {
        if (passageIndex == null) {
            passageIndex = LexicalIndex.open(dataDir().resolve("index").resolve("passages"),
                    new PassageSource(database()), this::notice);
        }
        return passageIndex;
    }

    SessionSearch sessionSearch() {
        if (sessionSearch == null) {
            sessionSearch = new SessionSearch(database(), passageIndex(), this::embedder);
        }
        return sessionSearch;
    }

    /** Something the user should know that is not the command's output: to stderr. */
    void notice(String message) {
        err.println("recall: " + message);
        err.flush();
    }

    ObjectMapper json() {
        if (json == null) {
            json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        }
        return json;
    }

    void printJson(Object value) {
        try {
            out.println(json().writeValueAsString(value));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise output", e);
        }
        out.flush();
    }

    @Override
    public void close() {
        if (search != null) {
            search.close();
            search = null;
        }
        if (sessionSearch != null) {
            sessionSearch.close();
            sessionSearch = null;
        }
        if (passageIndex != null) {
            passageIndex.close();
            passageIndex = null;
        }
        if (lexicalIndex != null) {
            lexicalIndex.close();
            lexicalIndex = null;
        }
        if (embedder != null) {
            embedder.close();
            embedder = null;
        }
        if (database != null) {
            database.close();
            database = null;
        }
    }
}
