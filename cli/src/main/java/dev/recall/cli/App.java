package dev.recall.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.recall.embeddings.Embedder;
import dev.recall.service.config.RecallConfig;
import dev.recall.service.RecallService;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * What every command shares for one run: the environment, the output streams and the {@link RecallService} of
 * the data dir, created on first use and closed when the run ends. Commands receive it through their constructor.
 */
final class App implements AutoCloseable {
    private final Map<String, String> env;
    private final Path workingDir;
    /** In the daemon, running a command handed over by the light client: its reader, lent, never closed here. */
    private final RecallService lent;
    /** Whether the output goes to a terminal: the client's, for a handed-over command; else asked when needed. */
    private final Boolean terminal;
    /** The id its client gave this invocation (null: none), carried by its ledger record and its daemon requests. */
    private final String requestId;
    /** Built on first use: setting up Jackson is a visible part of start-up for commands that print no JSON. */
    private ObjectMapper json;
    private Path dataDirOption;
    private RecallService service;
    private java.util.Optional<Remote> remote;
    private String handoverRefused;
    /** For people: control characters from transcripts and entries are shown escaped, never acted on. */
    PrintWriter out;
    PrintWriter err;
    /** For machines (JSON, JSONL): the encoder escapes control characters itself and the text stays lossless. */
    PrintWriter rawOut;

    App(Map<String, String> env, Path workingDir) {
        this(env, workingDir, null);
    }

    App(Map<String, String> env, Path workingDir, String requestId) {
        this(env, workingDir, null, null, requestId);
    }

    private App(Map<String, String> env, Path workingDir, RecallService lent, Boolean terminal, String requestId) {
        this.env = env;
        this.workingDir = workingDir;
        this.lent = lent;
        this.terminal = terminal;
        this.requestId = requestId;
    }

    /**
     * A command the daemon runs for its light client ({@link HandoffRunner}): the client's environment, directory
     * and terminal, the daemon's reader as the service, and no daemon to hand over to (this is it).
     */
    static App handedOver(Map<String, String> env, Path workingDir, boolean terminal, RecallService reader,
            String requestId) {
        return new App(env, workingDir, reader, terminal, requestId);
    }

    /** The id its client gave this invocation, or null. */
    String requestId() {
        return requestId;
    }

    /** Whether this command runs in the daemon for a light client. */
    boolean handedOver() {
        return lent != null;
    }

    /** Set when a handed-over command line may not run in the daemon: why; nothing ran. */
    void refuseHandover(String why) {
        handoverRefused = why;
    }

    /** Why the handed-over command line did not run, or null when it ran. */
    String handoverRefused() {
        return handoverRefused;
    }

    /** Whether the output goes to a person at a terminal. */
    boolean terminal() {
        return terminal != null ? terminal : Terminal.attached();
    }

    void setDataDirOption(Path dataDir) {
        this.dataDirOption = dataDir;
    }

    /** The global --data-dir, or null when it was not given. */
    Path dataDirOption() {
        return dataDirOption;
    }

    Path dataDir() {
        return DataDirs.resolve(dataDirOption, env, System.getProperty("os.name"), Path.of(System.getProperty("user.home")),
                workingDir);
    }

    /**
     * Whether the data dir is the platform's default one, the user's real store (neither --data-dir nor
     * RECALL_DATA_DIR moved it elsewhere).
     */
    boolean defaultDataDir() {
        Map<String, String> platform = new java.util.HashMap<>(env);
        platform.remove("RECALL_DATA_DIR");
        return dataDir().equals(DataDirs.resolve(null, platform, System.getProperty("os.name"),
                Path.of(System.getProperty("user.home")), workingDir).toAbsolutePath().normalize());
    }

    Map<String, String> env() {
        return env;
    }

    Path workingDir() {
        return workingDir;
    }

    /** recall's operations on the data dir: every command is parsing, one call here, and rendering. */
    RecallService service() {
        if (lent != null) {
            return lent;
        }
        if (service == null) {
            service = new RecallService(dataDir(), env, Clock.systemUTC(), this::notice);
        }
        return service;
    }

    /** The daemon serving the data dir, if one does (and RECALL_NO_DAEMON does not say otherwise). */
    java.util.Optional<Remote> remote() {
        if (remote == null) {
            remote = lent != null ? java.util.Optional.empty() : Remote.find(this);
        }
        return remote;
    }

    RecallConfig config() {
        return service().config();
    }

    /** The configured embedding model, loaded on first use (lexical-only commands never pay for it). */
    Embedder embedder() {
        return service().embedder();
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
            rawOut.println(json().writeValueAsString(value));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise output", e);
        }
        rawOut.flush();
    }

    @Override
    public void close() {
        if (service != null) {
            service.close();
            service = null;
        }
    }
}
