package dev.recall.server;

import dev.recall.index.VectorBuilder;
import dev.recall.service.EntryService;
import dev.recall.service.RecallService;
import dev.recall.store.WriteCheck;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** A real daemon on 127.0.0.1 over a data dir holding the testdata corpus, for one test. */
final class TestDaemon implements AutoCloseable {
    static final Path TESTDATA = Path.of(System.getProperty("user.dir")).resolve("../testdata").normalize();

    final Path dataDir;
    final Daemon daemon;
    final Http http;
    final List<String> log = new CopyOnWriteArrayList<>();

    private TestDaemon(Path dataDir, ServeSettings settings, Map<String, String> env, Handoff.Runner handoff,
            java.util.function.Function<java.util.function.Consumer<String>, WriteCheck> check) {
        this.dataDir = dataDir;
        this.daemon = Daemon.start(dataDir, settings, env, log::add, false, handoff, check.apply(log::add));
        this.http = new Http(daemon.info().port(), settings.tokenRequired() ? daemon.info().token() : null);
    }

    /** No idle exit, no schedulers, and requests may take long: the shared test machine is often very busy. */
    static ServeSettings quiet() {
        ServeSettings s = ServeSettings.loopback().withIdleTimeout(Duration.ZERO)
                .withSchedules(ServeSettings.Schedules.off());
        return s.withLimits(Duration.ofMinutes(3), s.maxBodyBytes(), s.maxQueryChars());
    }

    static TestDaemon start(Path dataDir, ServeSettings settings, Map<String, String> env) {
        return new TestDaemon(dataDir, settings, env, null, WriteCheck::deferringAppends);
    }

    /** With the store check's start held by {@code beforeCheck} (it runs before the check reads the file). */
    static TestDaemon startWithCheck(Path dataDir, ServeSettings settings, Map<String, String> env,
            Runnable beforeCheck) {
        return new TestDaemon(dataDir, settings, env, null, log -> WriteCheck.deferringAppends(log, beforeCheck));
    }

    /** Also serving handed-over command lines with {@code handoff}. */
    static TestDaemon start(Path dataDir, ServeSettings settings, Map<String, String> env, Handoff.Runner handoff) {
        return new TestDaemon(dataDir, settings, env, handoff, WriteCheck::deferringAppends);
    }

    /** The testdata corpus: both session archives, part-a's entries reviewed, part-b's as extracted. */
    static void seed(Path dataDir) {
        try (RecallService s = new RecallService(dataDir, Map.of(), Clock.systemUTC(), m -> {})) {
            s.sessions().importArchive(TESTDATA.resolve("sessions/part-a.jsonl"));
            s.sessions().importArchive(TESTDATA.resolve("sessions/part-b.jsonl"));
            s.entries().importEntries(new EntryService.ImportRequest(TESTDATA.resolve("entries/part-a.jsonl"), true,
                    true, false), VectorBuilder.Progress.NONE);
            s.entries().importEntries(new EntryService.ImportRequest(TESTDATA.resolve("entries/part-b.jsonl"), true,
                    false, false), VectorBuilder.Progress.NONE);
        }
    }

    @Override
    public void close() {
        daemon.close();
    }
}
