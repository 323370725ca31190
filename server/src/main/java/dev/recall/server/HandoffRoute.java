package dev.recall.server;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code POST /api/v1/cli/run}: a read command line handed over by the light client ({@link Handoff}), and
 * {@code POST /api/v1/cli/run/shell}: the same for the launchers' shell client (curl, no JVM; {@link Handoff.Shell}).
 * Served only to a client on this machine that presents the daemon's own token (serve.json's, readable by its owner
 * alone): not a team member's, not the page's cookie, never through a proxy. The runner refuses anything but the
 * CLI's read commands before it runs, and a data dir or locale other than the daemon's is refused too, so the client
 * runs in-process and prints exactly what it would have.
 */
final class HandoffRoute {
    private static final Duration READER_WAIT = Duration.ofSeconds(10);
    /**
     * The locale categories glibc's setlocale(LC_ALL, "") reads (the JVM takes its locales and its platform encoding
     * from the result): a shell client whose variables select the same value for each as the daemon's is a JVM that
     * would have started with the daemon's locales and encodings.
     */
    private static final List<String> CATEGORIES = List.of("LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE",
            "LC_MONETARY", "LC_MESSAGES", "LC_PAPER", "LC_NAME", "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT",
            "LC_IDENTIFICATION");
    /** Variables that add JVM options to a client's JVM: a shell client with any of them set is answered by a JVM. */
    private static final List<String> JVM_OPTION_VARIABLES = List.of("RECALL_JAVA_OPTS", "JAVA_TOOL_OPTIONS",
            "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");
    /** System properties that, given to the daemon's JVM, make its locales or encodings other than its variables'. */
    private static final List<String> LOCALE_PROPERTIES = List.of("-Duser.", "-Dfile.encoding", "-Dstdout.encoding",
            "-Dstderr.encoding", "-Dsun.jnu.encoding", "-Dsun.stdout.encoding", "-Dsun.stderr.encoding",
            "-Dnative.encoding");

    private HandoffRoute() {}

    static List<Route> of(Engines engines, Handoff.Runner runner, String token, Path dataDir) {
        // the JVM's arguments are read once, off the first shell request's path (the management beans load then)
        Thread.ofVirtual().name("recall-jvm-options").start(() -> {
            boolean ignored = DaemonOptions.LOCALE_GIVEN;
        });
        byte[] expected = token.getBytes(StandardCharsets.UTF_8);
        Path served = dataDir.toAbsolutePath().normalize();
        Route jvm = new Route("POST", Handoff.PATH, "Runs a read command of the CLI (query, brief, list, get, stats,"
                + " show) for the local light client: the command line, its directory, environment, terminal, locales"
                + " and charsets in, what it printed on each stream and its exit code out (binary frames). The daemon's"
                + " own token only, loopback only", Route.Access.READ, List.of(), List.of(), req -> {
                    guard(req, expected);
                    Handoff.Invocation inv;
                    try {
                        inv = Handoff.Invocation.decode(req.body());
                    } catch (IllegalArgumentException e) {
                        throw ApiError.badRequest("not a command line: " + e.getMessage());
                    }
                    // printf and friends format by the JVM's default locale, which one process cannot vary per request
                    if (!inv.locale().equals(Locale.getDefault().toLanguageTag())
                            || !inv.formatLocale().equals(Locale.getDefault(Locale.Category.FORMAT).toLanguageTag())) {
                        throw new ApiError(409, "other_locale", "the client's locale (" + inv.formatLocale()
                                + ") is not the daemon's (" + Locale.getDefault(Locale.Category.FORMAT).toLanguageTag()
                                + ")", "run the command in-process");
                    }
                    Handoff.Capture capture = run(engines, runner, inv, served);
                    return new Reply(200, capture.answer(capture.exitCode), Handoff.CONTENT_TYPE, Map.of());
                }, new Route.Media(Handoff.CONTENT_TYPE, "UTF-8 fields name=value, each ended by a NUL: protocol (1),"
                        + " cwd, data_dir, terminal (1/0), locale, format_locale, stdout, stderr (charsets),"
                        + " request_id (optional), then arg (one per argument) and env (NAME=value, one per variable)",
                        Handoff.CONTENT_TYPE, "frames of one byte (1 stdout, 2 stderr), a four-byte big-endian length"
                        + " and the bytes, in the order the command wrote them, then a frame 0 whose four bytes are"
                        + " the exit code"));
        Route shell = new Route("POST", Handoff.SHELL_PATH, "As POST /api/v1/cli/run, framed as text for a shell"
                + " client (the launchers' curl): no locales or charsets are sent, and a client whose locale variables"
                + " select other locales than the daemon's, or that sets JVM options, is refused (409 other_locale);"
                + " an output holding a NUL byte is refused (409 binary_output) after the command ran",
                Route.Access.READ, List.of(), List.of(), req -> {
                    guard(req, expected);
                    Handoff.Invocation inv = shellInvocation(req.body(), System.getenv());
                    Handoff.Capture capture = run(engines, runner, inv, served);
                    byte[] answer = capture.shellAnswer(capture.exitCode);
                    if (answer == null) {
                        throw new ApiError(409, "binary_output", "the command's output holds a NUL byte, which a"
                                + " shell cannot carry", "run the command through the JVM client (the same request_id"
                                + " records it once)");
                    }
                    return new Reply(200, answer, Handoff.SHELL_CONTENT_TYPE, Map.of());
                }, new Route.Media(Handoff.SHELL_CONTENT_TYPE, "the line 'recall-shell 1', then per field a line"
                        + " 'NAME LENGTH' (bytes, decimal), the bytes and a newline: cwd, data_dir, terminal (1/0),"
                        + " request_id (optional), arg (one per argument), env (NAME=value, one per exported"
                        + " variable); one newline more at the end is allowed", Handoff.SHELL_CONTENT_TYPE,
                        "the line 'recall-shell 1', then frames 'STREAM LENGTH', the bytes and a newline (1 stdout,"
                        + " 2 stderr, adjacent frames of a stream joined, in the order written), then the line"
                        + " '0 EXIT_CODE'"));
        return List.of(jvm, shell);
    }

    private static void guard(Request req, byte[] expected) {
        if (!req.loopbackClient()) {
            throw new ApiError(403, "local_only", "command lines are only run for clients on this machine", null);
        }
        String auth = req.header("Authorization");
        String presented = auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7) ? auth.substring(7).strip()
                : "";
        if (!MessageDigest.isEqual(presented.getBytes(StandardCharsets.UTF_8), expected)) {
            throw new ApiError(401, "unauthorized", "running a command line needs this daemon's own token",
                    "the token is in <data>/serve.json");
        }
    }

    private static Handoff.Capture run(Engines engines, Handoff.Runner runner, Handoff.Invocation inv, Path served) {
        if (!inv.dataDir().equals(served)) {
            throw new ApiError(409, "other_data_dir", "this daemon serves " + served + ", not " + inv.dataDir(),
                    "run the command in-process");
        }
        Handoff.Capture capture = new Handoff.Capture();
        try {
            capture.exitCode = engines.read(READER_WAIT, s -> runner.run(inv, s, capture));
        } catch (Handoff.Refused e) {
            throw new ApiError(403, "not_handed_over", e.getMessage(), "run the command in-process");
        }
        return capture;
    }

    /**
     * The shell client's request as an invocation with the daemon's locales and platform encoding, which its locale
     * variables were checked to select; the working directory is made real (the shell sends $PWD, which may name it
     * through a link, where the JVM's is the kernel's).
     */
    static Handoff.Invocation shellInvocation(byte[] body, Map<String, String> daemonEnv) {
        Charset platform = platformCharset();
        Map<String, List<String>> fields;
        try {
            fields = Handoff.Shell.decode(body, platform);
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("not a command line: " + e.getMessage());
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (String e : fields.getOrDefault("env", List.of())) {
            int eq = e.indexOf('=');
            if (eq <= 0) {
                throw ApiError.badRequest("not a command line: an environment entry is not NAME=value: '" + e + "'");
            }
            env.put(e.substring(0, eq), e.substring(eq + 1));
        }
        String why = otherLocale(env, daemonEnv);
        if (why != null) {
            throw new ApiError(409, "other_locale", why, "run the command through the JVM client");
        }
        Path cwd = absolute(fields, "cwd");
        try {
            cwd = cwd.toRealPath();
        } catch (java.io.IOException e) {
            throw new ApiError(409, "other_directory", "the client's directory cannot be read here: " + e.getMessage(),
                    "run the command in-process");
        }
        String terminal = single(fields, "terminal");
        if (!terminal.equals("0") && !terminal.equals("1")) {
            throw ApiError.badRequest("not a command line: terminal is 1 or 0, not '" + terminal + "'");
        }
        List<String> requestId = fields.get("request_id");
        try {
            return new Handoff.Invocation(fields.getOrDefault("arg", List.of()), cwd,
                    absolute(fields, "data_dir").normalize(), env, terminal.equals("1"),
                    Locale.getDefault().toLanguageTag(), Locale.getDefault(Locale.Category.FORMAT).toLanguageTag(),
                    platform, platform, requestId == null ? null : requestId.getFirst());
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("not a command line: " + e.getMessage());
        }
    }

    /** The charset a JVM started here takes for its arguments, environment and (with no option) stdout and stderr. */
    private static Charset platformCharset() {
        String name = System.getProperty("native.encoding", System.getProperty("sun.jnu.encoding"));
        try {
            return name == null ? Charset.defaultCharset() : Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8; // as the JDK falls back for an encoding it does not know
        }
    }

    /**
     * Why a shell client's JVM would not have had the daemon's locales and encodings, or null: a JVM option variable
     * set, a locale category selected otherwise (LC_ALL, else the category's variable, else LANG, as setlocale reads
     * them), or a daemon whose own locale comes from its JVM options rather than its variables.
     */
    static String otherLocale(Map<String, String> client, Map<String, String> daemon) {
        for (String v : JVM_OPTION_VARIABLES) {
            if (!blank(client.get(v))) {
                return v + " is set: the client's JVM would run with options of its own";
            }
        }
        for (String c : CATEGORIES) {
            String mine = effective(daemon, c);
            String theirs = effective(client, c);
            if (!mine.equals(theirs)) {
                return "the client's " + c + " is '" + theirs + "', the daemon's '" + mine + "'";
            }
        }
        if (DaemonOptions.LOCALE_GIVEN) {
            return "the daemon's locale or encoding was set by a JVM option";
        }
        return null;
    }

    private static String effective(Map<String, String> env, String category) {
        for (String v : new String[] {env.get("LC_ALL"), env.get(category), env.get("LANG")}) {
            if (!blank(v)) {
                return v;
            }
        }
        return "";
    }

    private static boolean blank(String s) {
        return s == null || s.isEmpty();
    }

    /** Whether this JVM was given a locale or encoding property, read once (the management beans load on demand). */
    private static final class DaemonOptions {
        static final boolean LOCALE_GIVEN = given();

        private static boolean given() {
            List<String> options = new java.util.ArrayList<>(
                    java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
            for (String v : JVM_OPTION_VARIABLES) {
                String value = System.getenv(v);
                if (value != null) {
                    options.addAll(List.of(value.split("\\s+")));
                }
            }
            for (String o : options) {
                for (String p : LOCALE_PROPERTIES) {
                    if (o.startsWith(p)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    private static String single(Map<String, List<String>> fields, String name) {
        List<String> v = fields.get(name);
        if (v == null) {
            throw ApiError.badRequest("not a command line: field '" + name + "' is missing");
        }
        return v.getFirst();
    }

    private static Path absolute(Map<String, List<String>> fields, String name) {
        Path p;
        try {
            p = Path.of(single(fields, name));
        } catch (java.nio.file.InvalidPathException e) {
            throw ApiError.badRequest("not a command line: " + name + " is not a path");
        }
        if (!p.isAbsolute()) {
            throw ApiError.badRequest("not a command line: " + name + " is not an absolute path: '" + p + "'");
        }
        return p;
    }
}
