package dev.recall.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.recall.store.Database;
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
    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private Path dataDirOption;
    private Database database;
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

    ObjectMapper json() {
        return json;
    }

    void printJson(Object value) {
        try {
            out.println(json.writeValueAsString(value));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise output", e);
        }
        out.flush();
    }

    @Override
    public void close() {
        if (database != null) {
            database.close();
            database = null;
        }
    }
}
