package dev.recall.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.sun.net.httpserver.HttpServer;
import dev.recall.extract.Extraction;
import dev.recall.index.VectorBuilder;
import dev.recall.search.SearchThreads;
import dev.recall.service.EmbeddingService;
import dev.recall.service.ExtractionService;
import dev.recall.service.RecallService;
import dev.recall.service.SessionService;
import dev.recall.service.config.Durations;
import dev.recall.sessions.SyncProgress;
import dev.recall.sessions.SyncReport;
import dev.recall.sessions.TranscriptDiscovery;
import dev.recall.store.WriteCheck;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * {@code recall serve}: one resident process per data dir that owns the archive, answers the HTTP API from
 * indexes and models it keeps open, and runs the schedulers that keep the corpus current (sync, embeddings,
 * extraction). Started with {@link #start}; stopped by {@link #close()} (graceful: in-flight requests and the
 * write in progress finish), by idle time, or by a signal when started with {@code shutdownHook}.
 */
public final class Daemon implements AutoCloseable {
    private static final String NODELAY = "sun.net.httpserver.nodelay";
    public static final String VERSION = "0.1.0";
    private static final Duration DRAIN = Duration.ofSeconds(10);
    private static final Duration MEMBER_LOOKUP = Duration.ofSeconds(10);

    private final Path dataDir;
    private final ServeSettings settings;
    private final Consumer<String> log;
    private final Handoff.Runner handoff;
    private final Clock clock = Clock.systemUTC();
    private final Activity activity = new Activity(clock);
    private final WriteGate gate = new WriteGate();
    private final DaemonLock lock;
    private final Engines engines;
    /**
     * The store's quick_check before the first write, shared by every connection; run at start in the background.
     * Queries answered before its verdict have their ledger records queued behind it, not their answers.
     */
    private final WriteCheck writeCheck;
    private final Map<String, String> env;
    private final ExecutorService work = Executors.newVirtualThreadPerTaskExecutor();
    private final ExecutorService builds = Executors.newSingleThreadExecutor(r -> new Thread(r, "recall-build"));
    private final AtomicReference<Map<String, Object>> build = new AtomicReference<>();
    private final List<Scheduled> schedulers = new ArrayList<>();
    private final Status status = new Status();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final AtomicBoolean closing = new AtomicBoolean();
    private final Instant startedAt = clock.instant();
    private HttpServer server;
    private HttpApi api;
    private ServeInfo info;
    private TranscriptWatcher watcher;
    private Scheduled sync;
    private Scheduled embeddings;
    private Scheduled extraction;
    private Thread idleWatch;
    private Map<String, Object> openApi;
    private volatile String stopReason;
    private ServeSettings.Schedules schedules;

    private Daemon(Path dataDir, ServeSettings settings, Map<String, String> env, Consumer<String> log,
            DaemonLock lock, Handoff.Runner handoff, WriteCheck writeCheck) {
        this.dataDir = dataDir;
        this.writeCheck = writeCheck;
        this.handoff = handoff;
        this.settings = settings;
        this.log = log;
        this.lock = lock;
        this.env = env;
        // one quick_check of the store before the process's first write, not one per reader's connection
        // BM25 in a part per core only while this is the one request in flight: beside others the parts cost CPU
        // that another request would have used
        SearchThreads searchThreads = SearchThreads.perCoreWhen(activity::alone);
        this.engines = new Engines(settings.readers(), () -> new RecallService(dataDir, env, Clock.systemUTC(),
                m -> log.accept(m), writeCheck, searchThreads), gate);
    }

    /**
     * Takes the data dir (or throws {@link DaemonLock.HeldException} naming the daemon that has it), binds, writes
     * serve.json and starts the schedulers.
     */
    public static Daemon start(Path dataDir, ServeSettings settings, Map<String, String> env, Consumer<String> log,
            boolean shutdownHook) {
        return start(dataDir, settings, env, log, shutdownHook, null);
    }

    /**
     * As {@link #start(Path, ServeSettings, Map, Consumer, boolean)}, also serving {@link Handoff#PATH}: the CLI's
     * read commands run here for its light client by {@code handoff} (null: not served).
     */
    public static Daemon start(Path dataDir, ServeSettings settings, Map<String, String> env, Consumer<String> log,
            boolean shutdownHook, Handoff.Runner handoff) {
        return start(dataDir, settings, env, log, shutdownHook, handoff, WriteCheck.deferringAppends(log));
    }

    /** As {@link #start(Path, ServeSettings, Map, Consumer, boolean, Handoff.Runner)}, with the store check given. */
    static Daemon start(Path dataDir, ServeSettings settings, Map<String, String> env, Consumer<String> log,
            boolean shutdownHook, Handoff.Runner handoff, WriteCheck writeCheck) {
        validate(settings);
        DaemonLock lock = DaemonLock.acquire(dataDir);
        Daemon d;
        try {
            d = new Daemon(dataDir, settings, env, log, lock, handoff, writeCheck);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
        try {
            d.open(env);
        } catch (RuntimeException e) {
            d.close();
            throw e;
        }
        if (shutdownHook) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                d.stopReason = "signal";
                d.close();
            }, "recall-shutdown"));
        }
        return d;
    }

    /**
     * Refuses settings the daemon would not start with (a non-loopback address without listen-public, a port out of
     * range), with the reason: also before {@code serve --detach} starts the background process, whose own refusal
     * would only reach its log.
     */
    public static void validate(ServeSettings s) {
        boolean loopback;
        try {
            loopback = InetAddress.getByName(s.host()).isLoopbackAddress();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot resolve the address to listen on, '" + s.host() + "'");
        }
        if (!loopback && !s.listenPublic()) {
            throw new IllegalArgumentException("listening on " + s.host() + " would expose the archive beyond this"
                    + " machine; pass --listen-public to accept that (every request then needs the token)");
        }
        if (s.port() < 0 || s.port() > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, not " + s.port());
        }
    }

    private void open(Map<String, String> env) {
        startStoreCheck();
        // The writer opens the store first (migrating it if needed) and reads the configuration: a bad config.toml
        // stops the start instead of failing every request. Nothing is counted: the entries' statistics were a full
        // scan of the store, one to two minutes of a start at 1M entries (docs/benchmarks.md, issue 14).
        engines.writer().open();
        String token = settings.token() != null ? settings.token() : newToken();
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        RecallRoutes routes = new RecallRoutes(engines, status, dataDir);
        List<Route> table = new ArrayList<>(routes.routes());
        if (handoff != null) {
            table.addAll(HandoffRoute.of(engines, handoff, token, dataDir));
        }
        openApi = OpenApi.document(table, VERSION);
        PageSession page = new PageSession(token);
        List<Route> served = new ArrayList<>(table);
        served.addAll(new WebPage(page, settings, () -> info.port()).routes());
        served.add(McpRoute.of(engines, log));
        api = new HttpApi(settings, token,
                presented -> engines.read(MEMBER_LOOKUP, s -> s.members().authenticate(presented)), page, served, json,
                activity, work, log);
        // The JDK's server leaves Nagle's algorithm on, so a response written as headers, then body, waits for the
        // client's delayed ACK: a 40 ms floor under every small answer (HTTP lexical p50 59 -> 20 ms at 100k entries,
        // docs/benchmarks.md). It reads the switch once, when its first server is made; a user's own setting wins.
        if (System.getProperty(NODELAY) == null) {
            System.setProperty(NODELAY, "true");
        }
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(settings.host()), settings.port()),
                    64);
        } catch (IOException e) {
            throw new IllegalStateException("cannot listen on " + settings.host() + ":" + settings.port() + ": "
                    + e.getMessage(), e);
        }
        server.createContext("/", api);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        int port = server.getAddress().getPort();
        api.boundTo(port);
        server.start();
        info = new ServeInfo(ProcessHandle.current().pid(), settings.host(), port, token, dataDir.toString(),
                startedAt.toString(), settings.listenPublic(), VERSION);
        info.write(dataDir);
        startSchedulers(env);
        startIdleWatch();
        log.accept("serving " + dataDir + " on " + info.url() + " (pid " + info.pid() + ")");
    }

    /**
     * The store's quick_check reads the whole file (seconds at 1M entries): it starts first, beside the rest of the
     * start, on a connection of its own, so that it is done before the first request that writes (a recorded query
     * appends to the ledger) instead of on that request's path. A write that comes while it runs waits for it; a
     * failed check is reported in the health and refuses every write. Then the entries' statistics get the counts
     * a migration left out (one scan, without a write lock), so the first `stats` is as quick as the others.
     */
    private void startStoreCheck() {
        Thread.ofPlatform().daemon().name("recall-store-check").start(() -> {
            try {
                writeCheck.runNow(dataDir);
            } catch (RuntimeException e) {
                log.accept("store check failed; writes are refused: " + e.getMessage());
                return;
            }
            if (closing.get()) {
                return;
            }
            try (RecallService s = new RecallService(dataDir, env, Clock.systemUTC(), m -> log.accept(m), writeCheck)) {
                if (s.entries().completeCounts()) {
                    log.accept("entry statistics counted once; from now on kept beside the writes");
                }
            } catch (RuntimeException e) {
                log.accept("entry statistics not counted at start (the first stats request counts them): "
                        + e.getMessage());
            }
        });
    }

    private static String newToken() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    // ---- schedulers ------------------------------------------------------------------------------------------

    /**
     * The schedules: the defaults take config.toml's periods ([recall.extract] backstop_interval and
     * failure_backoff, [vector.embed] backstop_interval; negative disables); explicit settings (tests) win.
     */
    private ServeSettings.Schedules schedules() {
        ServeSettings.Schedules s = settings.schedulers();
        if (!s.equals(ServeSettings.Schedules.defaults())) {
            return s;
        }
        var f = engines.writer().config().settings();
        var x = f.recall().extract();
        return new ServeSettings.Schedules(s.enabled(), s.syncDebounce(), s.rescanPeriod(), s.embedDebounce(),
                Durations.parse("[vector.embed] backstop_interval", f.vector().embed().backstopInterval()),
                s.extractDebounce(), Durations.parse("[recall.extract] backstop_interval", x.backstopInterval()),
                Durations.parse("[recall.extract] failure_backoff", x.failureBackoff()));
    }

    private void startSchedulers(Map<String, String> env) {
        schedules = schedules();
        ServeSettings.Schedules s = schedules;
        sync = new Scheduled("sync", s.syncDebounce(), s.rescanPeriod(), this::runSync, clock, activity, log);
        embeddings = new Scheduled("embeddings", s.embedDebounce(), s.embedPeriod(), this::runEmbeddings, clock,
                activity, log);
        extraction = new Scheduled("extraction", s.extractDebounce(), s.extractBackstop(), this::runExtraction,
                clock, activity, log);
        schedulers.addAll(List.of(sync, embeddings, extraction));
        if (!s.enabled()) {
            schedulers.forEach(x -> x.disabled("schedulers off (--no-schedulers)"));
            return;
        }
        String home = env.get("HOME") != null ? env.get("HOME") : System.getProperty("user.home");
        TranscriptDiscovery.Roots roots = TranscriptDiscovery.roots(env, Path.of(home));
        // every agent's session directories; a location that is one file (a SQLite store) waits for the rescan
        List<Path> watched = new ArrayList<>();
        roots.byAgent().values().forEach(watched::addAll);
        watcher = new TranscriptWatcher(watched, sync::trigger, log);
        sync.start(true);
        embeddings.start(true);
        extraction.start(true);
    }

    private Scheduled.Outcome runSync() {
        if (watcher != null) {
            watcher.rescan();
        }
        SyncReport r = gate.run("sync", Duration.ofMinutes(30), () -> engines.writer().sessions()
                .sync(SessionService.SyncRequest.defaults(), SyncProgress.none()));
        boolean changed = r.messagesAdded() > 0 || r.sessionsCreated() > 0 || !r.revocations().isEmpty();
        if (changed) {
            extraction.trigger();
        }
        return new Scheduled.Outcome(r.files() + " files, " + r.read() + " read, " + r.sessionsCreated()
                + " new sessions, " + r.messagesAdded() + " messages added"
                + (r.revocations().isEmpty() ? "" : ", " + r.revocations().size() + " provenance revoked"), changed);
    }

    private Scheduled.Outcome runEmbeddings() {
        RecallService w = engines.writer();
        if (!w.config().autoEmbedRecall()) {
            embeddings.disabled("no consent: set [vector.embed] recall = true in config.toml to embed"
                    + " automatically; until then stale vectors stay refused");
            return new Scheduled.Outcome("skipped: no consent", false);
        }
        embeddings.disabled(null);
        return gate.run("embeddings refresh", Duration.ofMinutes(30), () -> {
            EmbeddingService.Status st = w.embeddings().status("recall");
            if (st.verdict().fresh()) {
                return new Scheduled.Outcome("fresh at corpus revision " + st.verdict().currentRevision(), false);
            }
            VectorBuilder.Report r = w.embeddings().build(new EmbeddingService.BuildRequest("recall", false),
                    progress("scheduled refresh", false));
            publishBuild(r, "scheduled refresh");
            return new Scheduled.Outcome("generation " + r.generation().id() + " at corpus revision "
                    + r.corpusRevision() + ": " + r.embedded() + " embedded, " + r.deleted() + " removed", true);
        });
    }

    /**
     * An extraction pass. With extraction enabled: the sessions that became eligible (ended and quiet, not automated
     * or trashed; the secret gates are the service's, as for `recall extract run`), where a session whose extraction
     * failed waits out [recall.extract] failure_backoff on its own while the other sessions go on, so a failing
     * endpoint is not called for it every 30 s. With extraction disabled but a generation once active: reconcile
     * only, so entries of sessions trashed or found to hold secrets stop being served.
     */
    private Scheduled.Outcome runExtraction() {
        RecallService w = engines.writer();
        Duration backoff = schedules.extractBackoff();
        ExtractionService.ScheduledPass p = gate.run("extraction", Duration.ofMinutes(30), () -> w.extraction()
                .scheduledPass(backoff == null || backoff.isNegative() ? null : backoff));
        if (p.mode() == ExtractionService.ScheduledPass.Mode.IDLE) {
            extraction.disabled("extraction is not enabled ([recall.extract] enabled = true in config.toml)");
            return new Scheduled.Outcome("skipped: not enabled", false);
        }
        extraction.disabled(null);
        if (p.withdrawn() > 0) {
            embeddings.trigger();
        }
        if (p.mode() == ExtractionService.ScheduledPass.Mode.RECONCILE) {
            return new Scheduled.Outcome("reconcile only (extraction not enabled): " + p.withdrawn()
                    + " entries of trashed, automated or secret-holding sessions withdrawn", p.withdrawn() > 0);
        }
        Extraction.RunReport r = p.run();
        if (r.inserted() > 0) {
            embeddings.trigger();
        }
        return new Scheduled.Outcome(r.sessions() + " sessions: " + r.done() + " done, " + r.failed() + " failed, "
                + r.ineligible() + " ineligible; " + r.inserted() + " entries new; " + p.withdrawn() + " withdrawn",
                r.inserted() > 0 || r.done() > 0 || p.withdrawn() > 0);
    }

    private void publishBuild(VectorBuilder.Report r, String trigger) {
        Map<String, Object> done = new LinkedHashMap<>(Views.build(r));
        done.put("running", false);
        done.put("trigger", trigger);
        done.put("finished_at", clock.instant().toString());
        build.set(done);
    }

    /** A vector build's progress, for /embeddings/status. */
    private VectorBuilder.Progress progress(String trigger, boolean full) {
        return new VectorBuilder.Progress() {
            private volatile String phase;
            private volatile long total;

            @Override
            public void start(String p, long t) {
                phase = p;
                total = t;
                publish(0, true);
            }

            @Override
            public void advance(long done) {
                publish(done, true);
            }

            @Override
            public void finish() {
                publish(total, true); // still running: the runner publishes the outcome
            }

            private void publish(long done, boolean running) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("running", running);
                m.put("trigger", trigger);
                m.put("full_rebuild", full);
                m.put("phase", phase);
                m.put("done", done);
                m.put("total", total);
                m.put("updated_at", clock.instant().toString());
                build.set(m);
            }
        };
    }

    // ---- idle exit -------------------------------------------------------------------------------------------

    private void startIdleWatch() {
        Duration idle = settings.idleTimeout();
        if (idle.isZero() || idle.isNegative()) {
            return;
        }
        long tick = Math.max(50, Math.min(1000, idle.toMillis() / 4));
        activity.touch(); // idle time counts from when the daemon serves, not from when it began opening
        idleWatch = new Thread(() -> {
            while (!closing.get()) {
                try {
                    Thread.sleep(tick);
                } catch (InterruptedException e) {
                    return;
                }
                boolean busy = gate.running() != null || schedulers.stream().anyMatch(s -> Boolean.TRUE.equals(s.status().get("running")));
                if (!busy && activity.idleFor().compareTo(idle) >= 0) {
                    stopReason = "idle for " + idle.toSeconds() + " s";
                    log.accept("no requests or scheduled work for " + idle.toSeconds() + " s; exiting");
                    Thread.ofPlatform().start(this::close);
                    return;
                }
            }
        }, "recall-idle");
        idleWatch.setDaemon(true);
        idleWatch.start();
    }

    // ---- lifecycle -------------------------------------------------------------------------------------------

    public ServeInfo info() {
        return info;
    }

    /** Blocks until the daemon has stopped; returns why (idle, signal, stop). */
    public String awaitStop() throws InterruptedException {
        stopped.await();
        return stopReason == null ? "stopped" : stopReason;
    }

    /**
     * Graceful stop: new requests are refused (503), in-flight ones get up to 10 s, the schedulers and the write
     * in progress finish, then everything is closed, serve.json removed and the lock released.
     */
    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            try {
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        try {
            if (api != null) {
                api.drain();
            }
            if (server != null) {
                server.stop((int) DRAIN.toSeconds());
            }
            if (watcher != null) {
                watcher.close();
            }
            schedulers.forEach(Scheduled::close);
            builds.shutdown();
            awaitQuietly(builds);
            gate.closeAfterCurrent(Duration.ofMinutes(10));
            work.shutdown();
            awaitQuietly(work);
            awaitStoreCheck();
            if (idleWatch != null) {
                idleWatch.interrupt();
            }
            engines.close();
        } finally {
            if (info != null) {
                ServeInfo.delete(dataDir);
            }
            lock.close();
            stopped.countDown();
        }
    }

    /** Queries answered while the store check ran are recorded when it passes: a stop waits for that, bounded. */
    private void awaitStoreCheck() {
        if (writeCheck.status().appendsQueued() == 0) {
            return;
        }
        try {
            if (!writeCheck.awaitVerdict(Duration.ofMinutes(2))) {
                log.accept(writeCheck.status().appendsQueued() + " ledger records queued behind the store check are"
                        + " lost: the check had not finished when the daemon stopped");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitQuietly(ExecutorService e) {
        try {
            e.awaitTermination(10, TimeUnit.MINUTES);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
    }

    /** What the routes ask of the daemon itself: health, the schedulers, background builds, the document. */
    final class Status {
        Map<String, Object> health() {
            Map<String, Object> m = new LinkedHashMap<>();
            WriteCheck.Status check = writeCheck.status();
            m.put("status", closing.get() ? "stopping" : check.state() == WriteCheck.State.FAILED ? "degraded" : "ok");
            m.put("version", VERSION);
            m.put("pid", ProcessHandle.current().pid());
            m.put("data_dir", dataDir.toString());
            m.put("started_at", startedAt.toString());
            m.put("uptime_s", Duration.between(startedAt, clock.instant()).toSeconds());
            m.put("idle_timeout_s", settings.idleTimeout().isZero() || settings.idleTimeout().isNegative() ? null
                    : settings.idleTimeout().toSeconds());
            m.put("idle_s", activity.idleFor().toSeconds());
            m.put("listen_public", settings.listenPublic());
            // what a measurement of this daemon ran under: the launchers run recall with the serial collector
            GarbageCollector gc = GarbageCollector.current();
            Map<String, Object> jvm = new LinkedHashMap<>();
            jvm.put("java", Runtime.version().toString());
            jvm.put("gc", gc.name());
            jvm.put("gc_beans", gc.beans());
            m.put("jvm", jvm);
            m.put("write_in_progress", gate.running());
            m.put("store_check", Views.storeCheck(check, clock.instant()));
            m.put("watched_directories", watcher == null ? 0 : watcher.watchedDirectories());
            m.put("schedulers", schedulers.stream().map(Scheduled::status).toList());
            m.put("build", build.get());
            return m;
        }

        Map<String, Object> openApi() {
            return openApi;
        }

        Map<String, Object> scheduler(String name) {
            return schedulers.stream().filter(s -> s.name().equals(name)).findFirst().map(Scheduled::status)
                    .orElse(null);
        }

        Map<String, Object> build() {
            return build.get();
        }

        /** Runs the sync scheduler's work now, on its thread, and answers with its status. */
        Map<String, Object> syncNow() throws Exception {
            Throwable failed = sync.runNowAndWait();
            if (failed != null) {
                throw Errors.of(failed);
            }
            return sync.status();
        }

        int maxQueryChars() {
            return settings.maxQueryChars();
        }

        /** The archive changed through the API: the embeddings refresh (with consent) follows. */
        void changed() {
            if (embeddings != null) {
                embeddings.trigger();
            }
        }

        /** Starts a vector build in the background; a build or another write already running is a 423. */
        Reply startBuild(String store, boolean full) {
            String running = gate.running();
            Map<String, Object> current = build.get();
            if (running != null || (current != null && Boolean.TRUE.equals(current.get("running")))) {
                throw new ApiError(423, "write_in_progress", "a write is running" + (running == null ? ""
                        : ": " + running), "wait for it (GET /api/v1/embeddings/status), then retry",
                        Map.of("running", running == null ? "embeddings build" : running));
            }
            Map<String, Object> queued = new LinkedHashMap<>();
            queued.put("running", true);
            queued.put("trigger", "api");
            queued.put("full_rebuild", full);
            queued.put("phase", "queued");
            build.set(queued);
            builds.submit(() -> {
                try {
                    VectorBuilder.Report r = gate.run("embeddings build", Duration.ofMinutes(30), () ->
                            engines.writer().embeddings().build(new EmbeddingService.BuildRequest(store, full),
                                    progress("api", full)));
                    publishBuild(r, "api");
                } catch (RuntimeException e) {
                    Map<String, Object> failed = new LinkedHashMap<>();
                    failed.put("running", false);
                    failed.put("trigger", "api");
                    failed.put("error", Errors.of(e).body().get("error"));
                    failed.put("finished_at", clock.instant().toString());
                    build.set(failed);
                    log.accept("embeddings build failed: " + e.getMessage());
                }
                activity.touch();
            });
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("started", true);
            m.put("store", store);
            m.put("full_rebuild", full);
            m.put("status", RecallRoutes.PREFIX + "/embeddings/status?store=" + store);
            return Reply.json(202, m);
        }
    }
}
