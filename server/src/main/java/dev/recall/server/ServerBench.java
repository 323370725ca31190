package dev.recall.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * {@code recall bench --server}: the daemon measured from outside, on data dirs that hold a corpus (bench tiers).
 * HTTP end to end per mode (hybrid includes embedding the query), a {@code recall query} process answered by the
 * daemon, the Stop and SessionStart hooks through the plugin's script, and a bounded load test (clients mixing
 * queries and briefs while a sync, an import and the embeddings refresh it triggers run).
 */
public final class ServerBench {
    /**
     * @param launcher the {@code recall} launcher for the process runs (null: skipped)
     * @param hookScript the plugin's run-recall.sh (null: skipped)
     * @param transcript a transcript the Stop hook archives (a copy is made)
     * @param handoff the CLI's runner of handed-over read commands, so the process runs take the path a user's
     *     `recall query` takes with `recall serve` up (null: they run in-process after finding no route)
     * @param launcherCollector the garbage collector the launchers run recall with (null: not known), which the
     *     daemons measured are compared with
     */
    public record Options(List<Path> dataDirs, List<String> queries, Path launcher, Path hookScript,
            Path transcript, List<String> importLines, int processRuns, int clients, Duration load,
            Duration warmup, Consumer<String> log, Handoff.Runner handoff, String launcherCollector) {}

    /**
     * What the bench found: the machine, the collectors (this JVM's, which is also the load generator's and the
     * daemons' it starts; the launchers'), a warning for each daemon measured under another collector than the
     * launchers', and each data dir's figures.
     */
    public record Report(int cores, String loadAverage, String collector, String launcherCollector,
            List<String> warnings, List<Tier> tiers) {
        public Report {
            warnings = List.copyOf(warnings);
            tiers = List.copyOf(tiers);
        }

        public String markdown() {
            StringBuilder md = new StringBuilder();
            md.append("Machine: ").append(cores).append(" cores; load average ").append(loadAverage)
                    .append(" at the start.\n");
            md.append("Collector: ").append(collector).append(" (this JVM: the load generator and the daemons it"
                    + " starts); the launchers run recall with ").append(launcherCollector == null ? "a collector not"
                    + " known here" : launcherCollector).append(".\n\n");
            for (String w : warnings) {
                md.append("**warning**: ").append(w).append("\n\n");
            }
            for (Tier t : tiers) {
                md.append(t.markdown());
            }
            return md.toString();
        }
    }

    /**
     * One data dir: its entries, what its daemon reports of its JVM (GET /api/v1/health: Java version, collector),
     * the timed rows and the load test.
     */
    public record Tier(String dataDir, long entries, String daemonJava, String daemonCollector, List<Row> rows,
            Load load) {
        public Tier {
            rows = List.copyOf(rows);
        }

        String markdown() {
            StringBuilder md = new StringBuilder();
            md.append(String.format(Locale.ROOT, "### %,d entries (%s)%n%n", entries, Path.of(dataDir).getFileName()));
            md.append("Daemon: Java ").append(daemonJava).append(", ").append(daemonCollector)
                    .append(" collector (its health answer).\n\n");
            md.append("| measure | p50 ms | p99 ms | n | errors |\n|---|---|---|---|---|\n");
            for (Row r : rows) {
                md.append(r.markdown());
            }
            md.append("\n").append(load.markdown()).append("\n");
            return md.toString();
        }
    }

    /** A timed measure (percentiles null when nothing was timed), or one that was not measured, and why. */
    public record Row(String measure, Double p50Ms, Double p99Ms, int n, int errors, String notMeasured) {
        static Row of(String measure, List<Double> ms, int errors) {
            List<Double> sorted = new ArrayList<>(ms);
            Collections.sort(sorted);
            return new Row(measure, pct(sorted, 50), pct(sorted, 99), sorted.size(), errors, null);
        }

        static Row skipped(String measure, String why) {
            return new Row(measure, null, null, 0, 0, why);
        }

        String markdown() {
            if (notMeasured != null) {
                return "| " + measure + " | not measured: " + notMeasured + " | | | |\n";
            }
            return String.format(Locale.ROOT, "| %s | %s | %s | %d | %d |%n", measure, ms(p50Ms), ms(p99Ms), n,
                    errors);
        }
    }

    /**
     * The load test: clients, its length, the writes that ran meanwhile (sync's status; the import's entries and
     * status, 0 and -1 when there was none), the requests' rate, percentiles and errors, hybrid queries refused as
     * stale, the peak RSS, and each scheduler's last result afterwards.
     */
    public record Load(int clients, long seconds, int syncStatus, int importEntries, int importStatus, int requests,
            double perSecond, Double p50Ms, Double p99Ms, long errors, long refusedAsStale, String peakRss,
            List<Scheduler> schedulers) {
        public Load {
            schedulers = List.copyOf(schedulers);
        }

        String markdown() {
            StringBuilder md = new StringBuilder();
            md.append(String.format(Locale.ROOT, "Load: %d clients for %d s (lexical 50%%, hybrid 25%%, brief 25%%); a"
                    + " sync (status %d) and %s ran meanwhile.%n%n", clients, seconds, syncStatus,
                    importEntries == 0 ? "no import (no testdata/ beside the jar to take its entries from)"
                            : String.format(Locale.ROOT, "an import of %d entries (status %d, then the embeddings"
                                    + " refresh)", importEntries, importStatus)));
            md.append("| requests | per s | p50 ms | p99 ms | errors | hybrid refused as stale (fail closed) | peak RSS"
                    + " |\n");
            md.append("|---|---|---|---|---|---|---|\n");
            md.append(String.format(Locale.ROOT, "| %d | %.0f | %s | %s | %d | %d | %s |%n", requests, perSecond,
                    ms(p50Ms), ms(p99Ms), errors, refusedAsStale, peakRss));
            for (Scheduler s : schedulers) {
                md.append(String.format(Locale.ROOT, "%n- %s: %s", s.name(), s.lastResult()));
            }
            md.append("\n");
            return md.toString();
        }
    }

    /** A scheduler's last result after the load test, as the daemon's health reports it. */
    public record Scheduler(String name, String lastResult) {}

    /**
     * Warm-up passes over the queries before a mode is measured, within {@link Options#warmup()}: as the in-process
     * bench warms its engines, so the two measure the same warm code. Twenty queries left most of the request path
     * (routing, snippets, JSON) interpreted or in C1 code, which a daemon that has answered a morning's queries
     * is not; five passes (500 queries) still left C2 compiling beside the timed queries at 1M entries (about a
     * millisecond of a request's CPU after 5,000 requests, docs/benchmarks.md), so the time budget bounds it.
     */
    static final int MAX_WARMUP_PASSES = 50;
    private static final String QUERY_PATH = "/api/v1/recall/query";
    /** As long as a daemon's own request timeout: a slower answer is the daemon's error, not the client's. */
    private static final Duration TIMED_REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private static final ObjectMapper JSON = new ObjectMapper();

    private ServerBench() {}

    public static Report run(Options o) throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        String load = loadAverage();
        String collector = GarbageCollector.current().name();
        if (o.launcherCollector() != null && !collector.equals(o.launcherCollector())) {
            // said at once, not only in the report: the daemons start in this JVM, and a long run would be wasted
            o.log().accept("warning: this bench runs under the " + collector + " collector, and so will the daemons it"
                    + " measures; the launchers run recall with " + o.launcherCollector() + " (run it through ./recall)");
        }
        List<Tier> tiers = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (Path dir : o.dataDirs()) {
            Tier t = tier(dir, o);
            tiers.add(t);
            if (o.launcherCollector() != null && !t.daemonCollector().equals(o.launcherCollector())) {
                String w = "the daemon measured on " + dir + " ran under the " + t.daemonCollector()
                        + " collector, the launchers run recall with " + o.launcherCollector() + ": these figures are"
                        + " not those of the daemon users start. Run the bench through ./recall (or an install's"
                        + " bin/recall), not java -jar.";
                warnings.add(w);
            }
        }
        return new Report(cores, load, collector, o.launcherCollector(), warnings, tiers);
    }

    private static Tier tier(Path dataDir, Options o) throws Exception {
        Path home = Files.createTempDirectory("recall-bench-home");
        boolean fresh;
        try (var s = new dev.recall.service.RecallService(dataDir, Map.of(), java.time.Clock.systemUTC(), m -> {})) {
            fresh = s.embeddings().status("recall").verdict().fresh();
        }
        // consent to embed only where the vectors are the configured model's: elsewhere the refresh would be a
        // full build of the tier; the dir's own config.toml is put back afterwards
        Path config = dataDir.resolve("config.toml");
        byte[] own = Files.exists(config) ? Files.readAllBytes(config) : null;
        Files.writeString(config, fresh ? "[vector.embed]\nrecall = true\n" : "");
        try {
            return measure(dataDir, o, home);
        } finally {
            if (own != null) {
                Files.write(config, own);
            } else {
                Files.deleteIfExists(config);
            }
        }
    }

    private static Tier measure(Path dataDir, Options o, Path home) throws Exception {
        ServeSettings.Schedules manual = new ServeSettings.Schedules(true, Duration.ofSeconds(2), Duration.ZERO,
                Duration.ofSeconds(2), Duration.ZERO, Duration.ofSeconds(30), Duration.ZERO, Duration.ofHours(1));
        ServeSettings settings = ServeSettings.loopback().withIdleTimeout(Duration.ZERO).withSchedules(manual);
        List<Row> rows = new ArrayList<>();
        try (Daemon d = Daemon.start(dataDir, settings, Map.of("HOME", home.toString()), o.log(), false,
                o.handoff())) {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            String base = d.info().url();
            JsonNode stats = JSON.readTree(get(http, base + "/api/v1/recall/stats").body());
            long entries = stats.path("total").asLong();
            o.log().accept(String.format(Locale.ROOT, "server bench: %,d entries in %s", entries, dataDir));
            boolean vectors = JSON.readTree(get(http, base + "/api/v1/embeddings/status").body()).path("fresh")
                    .asBoolean();
            // the daemon's own word on the JVM it runs in, as for a daemon in a process of its own
            JsonNode jvm = JSON.readTree(get(http, base + "/api/v1/health").body()).path("jvm");
            List<String> modes = vectors ? List.of("lexical", "vector", "hybrid") : List.of("lexical");
            for (String mode : modes) {
                List<Double> ms = new ArrayList<>();
                List<Double> inDaemon = new ArrayList<>();
                int errors = 0;
                try (KeepAliveClient timed = new KeepAliveClient(d.info().clientHost(), d.info().port(), null,
                        TIMED_REQUEST_TIMEOUT)) {
                    int warm = warmUp(timed, o, mode);
                    o.log().accept(String.format(Locale.ROOT, "server bench: %s warmed with %,d queries", mode, warm));
                    for (String q : o.queries()) {
                        long t0 = System.nanoTime();
                        KeepAliveClient.Response r = timed.post(QUERY_PATH, queryBody(q, mode));
                        ms.add((System.nanoTime() - t0) / 1e6);
                        errors += r.status() == 200 ? 0 : 1;
                        daemonMillis(r.headers().get(RequestTiming.HEADER.toLowerCase(Locale.ROOT)))
                                .ifPresent(inDaemon::add);
                    }
                }
                rows.add(Row.of("HTTP " + mode + (mode.equals("lexical") ? "" : " (incl. query embedding)"), ms,
                        errors));
                // what the daemon says it spent (Server-Timing): the rest is the connection and this client
                rows.add(Row.of("HTTP " + mode + ": of which in the daemon (its Server-Timing)", inDaemon, 0));
            }
            if (!vectors) {
                rows.add(Row.skipped("HTTP vector, hybrid", "no fresh vectors of the configured model here"));
            }
            if (o.launcher() != null) {
                // one run first, not measured: after a build it writes the launcher's class cache (and takes the
                // in-process path to do so), which a user pays once per build, not per command
                process(List.of(o.launcher().toString(), "--data-dir", dataDir.toString(), "query",
                        o.queries().getFirst()), Map.of(), null);
                List<Double> ms = new ArrayList<>();
                for (int i = 0; i < o.processRuns(); i++) {
                    ms.add(process(List.of(o.launcher().toString(), "--data-dir", dataDir.toString(), "query",
                            o.queries().get(i % o.queries().size())), Map.of(), null));
                }
                rows.add(Row.of("`recall query` through the daemon (process wall)", ms, 0));
            } else {
                rows.add(Row.skipped("`recall query` through the daemon", "no launcher (run the bench from a"
                        + " checkout's ./recall or an install's bin/recall)"));
            }
            if (o.hookScript() != null && o.transcript() != null) {
                rows.addAll(hooks(o, dataDir, home));
            } else {
                rows.add(Row.skipped("Stop and SessionStart hooks through the daemon",
                        (o.hookScript() == null ? "no hook script" : "no sample transcript (testdata/)")
                                + " beside the jar"));
            }
            Load load = load(http, base, o, home);
            return new Tier(dataDir.toString(), entries, jvm.path("java").asText("unknown"),
                    jvm.path("gc").asText("unknown"), rows, load);
        }
    }

    /** Queries in passes until {@link Options#warmup()} is spent (at least 20); how many were sent. */
    private static int warmUp(KeepAliveClient timed, Options o, String mode) throws Exception {
        long end = System.nanoTime() + o.warmup().toNanos();
        int sent = 0;
        for (int pass = 0; pass < MAX_WARMUP_PASSES && (sent < 20 || System.nanoTime() < end); pass++) {
            for (int i = 0; i < o.queries().size() && (sent < 20 || System.nanoTime() < end); i++, sent++) {
                timed.post(QUERY_PATH, queryBody(o.queries().get(i), mode));
            }
        }
        return sent;
    }

    private static List<Row> hooks(Options o, Path dataDir, Path home) throws Exception {
        Path project = Files.createDirectories(home.resolve("project"));
        Path transcript = home.resolve("transcript.jsonl");
        Files.copy(o.transcript(), transcript);
        List<String> lines = Files.readAllLines(o.transcript());
        Map<String, String> env = Map.of("RECALL_DATA_DIR", dataDir.toString(), "RECALL_BIN", "/bin/false",
                "PATH", "/usr/bin:/bin", "HOME", home.toString());
        String stopInput = "{\"hook_event_name\":\"Stop\",\"cwd\":\"" + project + "\",\"transcript_path\":\""
                + transcript + "\"}";
        List<Double> stop = new ArrayList<>();
        for (int i = 0; i < o.processRuns(); i++) {
            // new bytes every run, as after each turn of a session
            Files.writeString(transcript, lines.get(lines.size() - 1 - (i % Math.max(1, lines.size() - 1))) + "\n",
                    java.nio.file.StandardOpenOption.APPEND);
            stop.add(process(List.of("sh", o.hookScript().toString(), "capture", "--hook"), env, stopInput));
        }
        String startInput = "{\"hook_event_name\":\"SessionStart\",\"cwd\":\"" + project + "\"}";
        List<Double> start = new ArrayList<>();
        for (int i = 0; i < o.processRuns(); i++) {
            start.add(process(List.of("sh", o.hookScript().toString(), "show", "--hook"), env, startInput));
        }
        return List.of(Row.of("Stop hook through the daemon (curl; script wall)", stop, 0),
                Row.of("SessionStart hook through the daemon (curl; script wall)", start, 0));
    }

    /** Clients mixing lexical and hybrid queries and briefs while a sync, an import and a vector refresh run. */
    private static Load load(HttpClient http, String base, Options o, Path home) throws Exception {
        AtomicLong errors = new AtomicLong();
        AtomicLong stale = new AtomicLong();
        ConcurrentLinkedQueue<Double> ms = new ConcurrentLinkedQueue<>();
        long end = System.nanoTime() + o.load().toNanos();
        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < o.clients(); c++) {
            int id = c;
            clients.add(Thread.ofPlatform().start(() -> {
                int i = id;
                while (System.nanoTime() < end) {
                    String q = o.queries().get(i % o.queries().size());
                    long t0 = System.nanoTime();
                    int status;
                    try {
                        status = switch (i % 4) {
                            case 0, 1 -> query(http, base, q, "lexical");
                            case 2 -> query(http, base, q, "hybrid");
                            default -> post(http, base + "/api/v1/recall/brief", "{\"task\": " + JSON
                                    .writeValueAsString(q) + ", \"record\": false, \"trusted_only\": false}")
                                    .statusCode();
                        };
                    } catch (Exception e) {
                        status = -1;
                    }
                    ms.add((System.nanoTime() - t0) / 1e6);
                    if (status == 409) {
                        stale.incrementAndGet(); // hybrid refused while the refresh catches up: fail closed
                    } else if (status != 200) {
                        errors.incrementAndGet();
                    }
                    i += o.clients();
                }
            }));
        }
        // the writes, while the clients run: a sync of a session directory, then an import (which triggers the
        // embeddings refresh, with consent)
        Thread.sleep(Math.min(5000, o.load().toMillis() / 6));
        Path projects = Files.createDirectories(home.resolve(".claude/projects/-bench"));
        if (o.transcript() != null) {
            Files.copy(o.transcript(), projects.resolve("0b1d0c8e-2f4a-4b6c-9d8e-0a1b2c3d4e5f.jsonl"));
        }
        int syncStatus = post(http, base + "/api/v1/sync", "{}").statusCode();
        int importStatus = -1;
        if (!o.importLines().isEmpty()) {
            importStatus = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base
                    + "/api/v1/recall/import?yes=true&allow_placeholder_sessions=true"))
                    .POST(HttpRequest.BodyPublishers.ofString(String.join("\n", o.importLines()) + "\n"))
                    .header("Content-Type", "application/x-ndjson").build(), HttpResponse.BodyHandlers.ofString())
                    .statusCode();
        }
        for (Thread t : clients) {
            t.join();
        }
        List<Double> all = new ArrayList<>(ms);
        JsonNode health = JSON.readTree(get(http, base + "/api/v1/health").body());
        List<Scheduler> schedulers = new ArrayList<>();
        for (JsonNode s : health.path("schedulers")) {
            schedulers.add(new Scheduler(s.path("name").asText(), s.path("last_result").asText("-")));
        }
        Collections.sort(all);
        return new Load(o.clients(), o.load().toSeconds(), syncStatus, o.importLines().size(), importStatus,
                all.size(), all.size() / (double) o.load().toSeconds(), pct(all, 50), pct(all, 99), errors.get(),
                stale.get(), peakRss(), schedulers);
    }

    private static int query(HttpClient http, String base, String q, String mode) throws Exception {
        return post(http, base + QUERY_PATH, queryBody(q, mode)).statusCode();
    }

    private static String queryBody(String q, String mode) throws Exception {
        return "{\"query\": " + JSON.writeValueAsString(q) + ", \"mode\": \"" + mode
                + "\", \"record\": false, \"scores\": false}";
    }

    /** The daemon's own time for a request, from its Server-Timing header ({@code daemon;dur=...}). */
    private static java.util.Optional<Double> daemonMillis(String header) {
        return java.util.Optional.ofNullable(header).flatMap(h -> java.util.Arrays.stream(h.split(","))
                .map(String::strip).filter(p -> p.startsWith("daemon;dur=")).findFirst())
                .map(p -> Double.parseDouble(p.substring("daemon;dur=".length())));
    }

    private static HttpResponse<String> post(HttpClient http, String url, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static double process(List<String> cmd, Map<String, String> env, String stdin) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        Process p = pb.start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        p.getInputStream().readAllBytes();
        int code = p.waitFor();
        double ms = (System.nanoTime() - t0) / 1e6;
        if (code != 0) {
            throw new IOException(String.join(" ", cmd) + " exited with " + code);
        }
        return ms;
    }

    /** The p-th percentile of sorted times; null when there are none. */
    private static Double pct(List<Double> sorted, int p) {
        if (sorted.isEmpty()) {
            return null;
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i)));
    }

    /** A time as the tables show it; NaN for none, as before there was a JSON form. */
    private static String ms(Double ms) {
        return ms == null ? "NaN" : String.format(Locale.ROOT, "%.1f", ms);
    }

    private static String peakRss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    long kb = Long.parseLong(line.replaceAll("\\D", ""));
                    return String.format(Locale.ROOT, "%.0f MiB (daemon and load generator, one JVM)", kb / 1024.0);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return "unknown";
        }
        return "unknown";
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "unknown";
        }
    }
}
