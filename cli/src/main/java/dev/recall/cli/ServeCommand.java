package dev.recall.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.server.Daemon;
import dev.recall.server.DaemonClient;
import dev.recall.server.DaemonLock;
import dev.recall.server.ServeInfo;
import dev.recall.server.ServeSettings;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "serve", description = {
        "Run the recall daemon for the data dir: an HTTP API on 127.0.0.1 (port and token in <data>/serve.json),",
        "and schedulers that keep the archive current (sync, embeddings with consent, extraction when enabled).",
        "While it runs, read commands are answered by it and write commands are refused (stop it with --stop);",
        "RECALL_NO_DAEMON=1 runs a command in-process anyway."})
final class ServeCommand implements Callable<Integer> {
    static final String LOG_FILE = "serve.log";
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?");

    private final App app;

    ServeCommand(App app) {
        this.app = app;
    }

    @Option(names = "--port", defaultValue = "0", description = "Port (default: one the OS picks, written to serve.json).")
    int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to listen on (default ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--listen-public", description = "Allow a non-loopback --host; every request then needs the"
            + " bearer token.")
    boolean listenPublic;

    @Option(names = "--token-env", paramLabel = "NAME", description = "Take the bearer token from this environment"
            + " variable (default: a random token).")
    String tokenEnv;

    @Option(names = "--require-token", description = "Demand the token from loopback clients too.")
    boolean requireToken;

    @Option(names = "--idle-timeout", defaultValue = "20m", paramLabel = "DURATION",
            description = "Exit after this long without requests or scheduled work (e.g. 20m, 90s; 0 never).")
    String idleTimeout;

    @Option(names = "--request-timeout", defaultValue = "30s", paramLabel = "DURATION",
            description = "Answer 503 to a read still running after this long (default ${DEFAULT-VALUE}).")
    String requestTimeout;

    @Option(names = "--max-body-bytes", defaultValue = "16777216", description = "Largest request body (default 16 MiB).")
    long maxBodyBytes;

    @Option(names = "--readers", defaultValue = "2", description = "Concurrent read requests (default ${DEFAULT-VALUE}).")
    int readers;

    @Option(names = "--no-schedulers", description = "Serve the API only: no sync, embeddings or extraction runs.")
    boolean noSchedulers;

    @Option(names = "--rescan-interval", defaultValue = "5m", paramLabel = "DURATION",
            description = "Sync's periodic rescan, the backstop of the directory watch (default ${DEFAULT-VALUE}).")
    String rescan;

    @Option(names = "--detach", description = "Start in the background (log in <data>/serve.log) and return.")
    boolean detach;

    @Option(names = "--status", description = "Say whether a daemon serves the data dir, and its schedulers.")
    boolean status;

    @Option(names = "--stop", description = "Stop the daemon serving the data dir (graceful: writes finish).")
    boolean stop;

    @Mixin
    OutputFormat output;

    @Override
    public Integer call() throws Exception {
        if ((status ? 1 : 0) + (stop ? 1 : 0) + (detach ? 1 : 0) > 1) {
            throw new CliException(ExitCode.USAGE, "--status, --stop and --detach exclude each other");
        }
        Path dataDir = app.dataDir();
        if (status) {
            return status(dataDir);
        }
        if (stop) {
            return stop(dataDir);
        }
        ServeSettings settings = settings();
        try {
            Daemon.validate(settings);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
        OptionalLong holder = DaemonLock.holder(dataDir);
        if (holder.isPresent()) {
            throw new CliException(ExitCode.ERROR, "a recall daemon (pid " + holder.getAsLong() + ") already serves "
                    + dataDir + "; `recall serve --status` shows it, `recall serve --stop` stops it");
        }
        if (detach) {
            return detach(dataDir);
        }
        Daemon daemon;
        try {
            daemon = Daemon.start(dataDir, settings, app.env(), app::notice, true, new HandoffRunner());
        } catch (DaemonLock.HeldException e) {
            throw new CliException(ExitCode.ERROR, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
        app.out.println("recall daemon: pid " + daemon.info().pid() + ", " + daemon.info().url() + ", data "
                + dataDir);
        app.out.println("  page: " + daemon.info().url() + "/recall");
        app.out.flush();
        String why = daemon.awaitStop();
        app.notice("daemon stopped (" + why + ")");
        return ExitCode.OK.code;
    }

    private ServeSettings settings() {
        String token = null;
        if (tokenEnv != null) {
            token = app.env().get(tokenEnv);
            if (token == null || token.isBlank()) {
                throw new CliException(ExitCode.USAGE, "--token-env " + tokenEnv + ": the variable is not set");
            }
        }
        if (readers < 1 || readers > 64) {
            throw new CliException(ExitCode.USAGE, "--readers must be between 1 and 64");
        }
        if (maxBodyBytes < 1024) {
            throw new CliException(ExitCode.USAGE, "--max-body-bytes must be at least 1024");
        }
        ServeSettings.Schedules d = ServeSettings.Schedules.defaults();
        ServeSettings.Schedules schedules = new ServeSettings.Schedules(!noSchedulers, d.syncDebounce(),
                duration("--rescan-interval", rescan), d.embedDebounce(), d.embedPeriod(), d.extractDebounce(),
                d.extractBackstop(), d.extractBackoff());
        ServeSettings base = ServeSettings.loopback();
        return new ServeSettings(host, port, listenPublic, token, requireToken, duration("--idle-timeout", idleTimeout),
                duration("--request-timeout", requestTimeout), maxBodyBytes, base.maxQueryChars(), readers, schedules);
    }

    static Duration duration(String option, String text) {
        Matcher m = DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new CliException(ExitCode.USAGE, option + ": '" + text + "' is not a duration (e.g. 90s, 20m, 1h)");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            case "d" -> Duration.ofDays(n);
            default -> Duration.ofSeconds(n);
        };
    }

    /** Starts this same program again, without --detach, in its own session, and waits until it answers. */
    private int detach(Path dataDir) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            cmd.add("/usr/bin/setsid"); // not killed with the terminal that started it
        }
        cmd.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.add("--data-dir");
        cmd.add(dataDir.toString());
        cmd.add("serve");
        cmd.addAll(forwardedOptions());
        Path log = dataDir.resolve(LOG_FILE);
        Files.createDirectories(dataDir);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().clear();
        pb.environment().putAll(app.env());
        Process p = pb.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            Optional<DaemonClient> client = DaemonClient.find(dataDir, Duration.ofSeconds(2));
            if (client.isPresent() && client.get().info().pid() != 0) {
                try {
                    if (client.get().get("/api/v1/health").ok()) {
                        ServeInfo i = client.get().info();
                        app.out.println("recall daemon started: pid " + i.pid() + ", " + i.url() + ", log " + log);
                        app.out.flush();
                        return ExitCode.OK.code;
                    }
                } catch (DaemonClient.UnreachableException e) {
                    // still starting
                }
            }
            if (!p.isAlive() && !(p.exitValue() == 0 && DaemonClient.find(dataDir, Duration.ofSeconds(2)).isPresent())) {
                throw new CliException(ExitCode.ERROR, "the daemon exited during start-up (status " + p.exitValue()
                        + "); see " + log);
            }
            Thread.sleep(100);
        }
        throw new CliException(ExitCode.ERROR, "the daemon did not answer within 60 s; see " + log);
    }

    private List<String> forwardedOptions() {
        List<String> o = new ArrayList<>(List.of("--port", Integer.toString(port), "--host", host, "--idle-timeout",
                idleTimeout, "--request-timeout", requestTimeout, "--max-body-bytes", Long.toString(maxBodyBytes),
                "--readers", Integer.toString(readers), "--rescan-interval", rescan));
        if (listenPublic) {
            o.add("--listen-public");
        }
        if (tokenEnv != null) {
            o.addAll(List.of("--token-env", tokenEnv));
        }
        if (requireToken) {
            o.add("--require-token");
        }
        if (noSchedulers) {
            o.add("--no-schedulers");
        }
        return o;
    }

    private int status(Path dataDir) throws IOException {
        Optional<DaemonClient> client = DaemonClient.find(dataDir, Duration.ofSeconds(5));
        if (client.isEmpty()) {
            if (output.json()) {
                app.printJson(java.util.Map.of("running", false, "data_dir", dataDir.toString()));
            } else {
                app.out.println("no recall daemon serves " + dataDir);
            }
            return ExitCode.NOT_FOUND.code;
        }
        DaemonClient.Response r;
        try {
            r = client.get().get("/api/v1/health");
        } catch (DaemonClient.UnreachableException e) {
            throw new CliException(ExitCode.ERROR, e.getMessage());
        }
        JsonNode h = new ObjectMapper().readTree(r.body());
        if (output.json()) {
            app.out.println(r.text());
            app.out.flush();
            return ExitCode.OK.code;
        }
        ServeInfo i = client.get().info();
        app.out.printf("recall daemon: pid %d, %s, up %d s, idle %d s%s%n", i.pid(), i.url(),
                h.path("uptime_s").asLong(), h.path("idle_s").asLong(), h.path("idle_timeout_s").isNull() ? ""
                        : " (exits after " + h.path("idle_timeout_s").asLong() + " s idle)");
        // a daemon that needs its token hands it to the page in the fragment, which never reaches a server or log
        app.out.println("  page: " + i.url() + "/recall" + (h.path("listen_public").asBoolean() ? "#token=" + i.token()
                : ""));
        JsonNode jvm = h.path("jvm");
        if (!jvm.isMissingNode()) {
            app.out.println("  jvm: Java " + jvm.path("java").asText() + ", " + jvm.path("gc").asText() + " collector");
        }
        JsonNode check = h.path("store_check");
        if (!check.isMissingNode()) {
            String state = check.path("state").asText();
            app.out.println("  store check: " + switch (state) {
                case "passed" -> "passed in " + check.path("seconds").asText() + " s; writes allowed";
                case "failed" -> "FAILED, writes refused: " + check.path("problem").asText();
                case "running" -> "running for " + check.path("seconds").asText() + " s; writes wait for it";
                default -> "not run yet";
            });
        }
        if (!h.path("write_in_progress").isNull()) {
            app.out.println("  writing: " + h.path("write_in_progress").asText());
        }
        for (JsonNode s : h.path("schedulers")) {
            String state = !s.path("enabled").asBoolean() ? "off (" + s.path("disabled_reason").asText() + ")"
                    : s.path("running").asBoolean() ? "running" : "idle";
            app.out.printf("  %-11s %s; last run %s%s; next %s%s%n", s.path("name").asText(), state,
                    or(s.path("last_run_at"), "never"),
                    s.path("last_result").isNull() ? "" : " (" + s.path("last_result").asText() + ")",
                    or(s.path("next_run_at"), "on change"),
                    s.path("last_error").isNull() ? "" : "; last error: " + s.path("last_error").asText());
        }
        app.out.flush();
        return ExitCode.OK.code;
    }

    private static String or(JsonNode n, String fallback) {
        return n == null || n.isNull() ? fallback : n.asText();
    }

    private int stop(Path dataDir) throws InterruptedException {
        OptionalLong pid = DaemonLock.holder(dataDir);
        if (pid.isEmpty()) {
            app.out.println("no recall daemon serves " + dataDir);
            app.out.flush();
            return ExitCode.OK.code;
        }
        ProcessHandle p = ProcessHandle.of(pid.getAsLong()).orElse(null);
        if (p == null || !p.destroy()) { // SIGTERM: the daemon's shutdown hook stops it gracefully
            throw new CliException(ExitCode.ERROR, "cannot signal the daemon (pid " + pid.getAsLong() + ")");
        }
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        if (p.isAlive()) {
            throw new CliException(ExitCode.ERROR, "the daemon (pid " + pid.getAsLong() + ") is still finishing"
                    + " after 2 minutes; it exits when its write is done");
        }
        app.out.println("stopped the recall daemon (pid " + pid.getAsLong() + ")");
        app.out.flush();
        return ExitCode.OK.code;
    }
}
