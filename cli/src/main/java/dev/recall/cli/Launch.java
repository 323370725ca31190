package dev.recall.cli;

import dev.recall.server.DaemonClient;
import dev.recall.server.Handoff;
import dev.recall.server.HandoffClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The jar's entry point, the light client. A read command ({@link #READ_COMMANDS}) on a data dir that a live daemon
 * serves is handed over to it whole ({@link Handoff}): the daemon runs the real command line and this process only
 * prints what it sent back, so it never loads picocli's command model or Jackson, which were most of a cold
 * `recall query`'s time (docs/benchmarks.md). Everything else, and any handover that does not come back whole, runs
 * the full command line in this JVM ({@link Main}), exactly as before.
 *
 * <p>This class and what it touches must stay free of picocli, Jackson and the service: that is the point of it.
 */
public final class Launch {
    /** The commands handed over by name; {@link DaemonGuard#HANDED_OVER} is the daemon's check of what parsed. */
    static final Set<String> READ_COMMANDS = Set.of("query", "brief", "list", "get", "stats", "show");
    /** Hook forms read stdin; help is coloured by picocli only at a terminal: both stay in-process. */
    private static final Set<String> IN_PROCESS_FLAGS = Set.of("--hook", "-h", "--help", "-V", "--version");
    /**
     * Set by the launchers to the class cache the JVM writes at exit when it does not exist yet (AppCDS): such a
     * first run takes the full path, so the cache holds the command line's classes and not only this client's.
     */
    static final String CLASS_CACHE_PROPERTY = "recall.class-cache";
    /**
     * Set by the launchers to the request id their shell client sent (src/launcher/handover.sh) when it got no whole
     * answer: this invocation keeps it, so a query the daemon recorded before that answer was lost is not recorded
     * again.
     */
    static final String REQUEST_ID_PROPERTY = "recall.request-id";
    private static final Duration CONNECT = Duration.ofSeconds(2);
    /** Long enough for a hybrid query that first loads the model; a daemon that times out is answered in-process. */
    private static final Duration ANSWER = Duration.ofSeconds(120);

    private Launch() {}

    public static void main(String[] args) {
        // one id for this invocation, wherever it runs: a query the daemon recorded before its answer was lost is
        // not recorded again by the in-process run that follows (the ledger keeps one event per id)
        // (the launchers give theirs when their shell client has already sent the command to the daemon)
        String given = System.getProperty(REQUEST_ID_PROPERTY);
        String requestId = Handoff.Invocation.validRequestId(given) ? given : Handoff.Invocation.newRequestId();
        Integer code = viaDaemon(args, System.getenv(), requestId);
        if (code == null) {
            System.exit(Main.run(requestId, args));
            return;
        }
        // halt, not exit: exit starts the JDK's logging (it logs every exit), and this process has no shutdown work;
        // the output is flushed and a class cache being created is still written
        Runtime.getRuntime().halt(code);
    }

    /** The read command's --data-dir (null when not given), for a command line the daemon may run. */
    record ReadCommand(Path dataDirOption) {}

    /** The command line as a read command for the daemon, or null when it runs in-process. */
    static ReadCommand handedOver(String[] args) {
        Path dataDir = null;
        int i = 0;
        try {
            for (; i < args.length; i++) {
                if (args[i].equals("--data-dir") && i + 1 < args.length) {
                    dataDir = Path.of(args[++i]);
                } else if (args[i].startsWith("--data-dir=")) {
                    dataDir = Path.of(args[i].substring("--data-dir=".length()));
                } else {
                    break;
                }
            }
        } catch (InvalidPathException e) {
            return null;
        }
        if (i >= args.length || !READ_COMMANDS.contains(args[i])) {
            return null;
        }
        for (int j = i + 1; j < args.length; j++) {
            if (IN_PROCESS_FLAGS.contains(args[j])) {
                return null;
            }
        }
        return new ReadCommand(dataDir);
    }

    /** The exit code of the command as the daemon ran it, having printed its output; null to run it in-process. */
    static Integer viaDaemon(String[] args, Map<String, String> env, String requestId) {
        ReadCommand read = handedOver(args);
        String service = env.get(Remote.SERVICE_URL_ENV);
        if (read == null || set(env.get(DaemonClient.NO_DAEMON_ENV)) || (service != null && !service.isBlank())) {
            return null;
        }
        String cache = System.getProperty(CLASS_CACHE_PROPERTY);
        if (cache != null && !cache.isEmpty() && !Files.exists(Path.of(cache))) {
            loadClientClasses();
            return null;
        }
        Path cwd = Path.of("").toAbsolutePath();
        Path dataDir = DataDirs.resolve(read.dataDirOption(), env, System.getProperty("os.name"),
                Path.of(System.getProperty("user.home")), cwd);
        Handoff.Invocation inv = new Handoff.Invocation(List.of(args), cwd, dataDir, env, Terminal.attached(),
                Locale.getDefault().toLanguageTag(), Locale.getDefault(Locale.Category.FORMAT).toLanguageTag(),
                System.out.charset(), System.err.charset(), requestId);
        Optional<Handoff.Answer> answer = new HandoffClient(CONNECT, ANSWER).send(inv);
        if (answer.isEmpty()) {
            return null;
        }
        try {
            answer.get().replay(System.out, System.err);
        } catch (IOException e) {
            // a closed stdout (`| head`): in-process the command would not have said more either
        }
        return answer.get().exitCode();
    }

    /**
     * The classes the handover loads besides this one, loaded (not run) by the run that creates the class cache, so
     * the cache holds them too: a class the cache lacks is read from the jar, whose index of some 13,000 entries is
     * then read first, 40-50 ms of CPU on the loaded test machine. {@code LaunchProcessTest} checks this list against
     * what a handover loads.
     */
    static final List<String> CLIENT_CLASSES = List.of("dev.recall.cli.Launch$ReadCommand", "dev.recall.cli.DataDirs",
            "dev.recall.cli.Terminal", "dev.recall.server.Handoff", "dev.recall.server.Handoff$Invocation",
            "dev.recall.server.Handoff$Answer", "dev.recall.server.Handoff$Answer$Frame",
            "dev.recall.server.HandoffClient", "dev.recall.server.ServeInfo", "dev.recall.server.FlatJson");

    private static void loadClientClasses() {
        for (String name : CLIENT_CLASSES) {
            try {
                Class.forName(name, false, Launch.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("the jar lacks " + name, e);
            }
        }
    }

    /** As RECALL_NO_DAEMON is read everywhere: set, not blank, not 0. */
    private static boolean set(String value) {
        return value != null && !value.isBlank() && !value.equals("0");
    }
}
