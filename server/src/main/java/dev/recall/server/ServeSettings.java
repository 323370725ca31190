package dev.recall.server;

import java.time.Duration;

/**
 * How the daemon listens and guards itself. Loopback by default; a non-loopback address needs
 * {@code listenPublic}, and then every request needs the bearer token.
 *
 * @param host              address to bind (127.0.0.1 unless public)
 * @param port              port, 0 for one the OS picks (written to serve.json)
 * @param listenPublic      the user accepted a non-loopback bind
 * @param token             the bearer token; null to generate a random one
 * @param requireToken      also demand the token from loopback clients (always on when public)
 * @param idleTimeout       exit after this long without requests or scheduled work; zero or negative never
 * @param requestTimeout    a request still running after this long is answered 503
 * @param maxBodyBytes      larger request bodies are refused (413)
 * @param maxQueryChars     longer query strings and query texts are refused (414/400)
 * @param readers           concurrent read requests (each holds one store connection)
 * @param schedulers        run the sync, embeddings and extraction schedulers
 */
public record ServeSettings(String host, int port, boolean listenPublic, String token, boolean requireToken,
        Duration idleTimeout, Duration requestTimeout, long maxBodyBytes, int maxQueryChars, int readers,
        Schedules schedulers) {

    public static final Duration DEFAULT_IDLE = Duration.ofMinutes(20);

    /** When the schedulers run; a non-positive period disables the periodic part. */
    public record Schedules(boolean enabled, Duration syncDebounce, Duration rescanPeriod, Duration embedDebounce,
            Duration embedPeriod, Duration extractDebounce, Duration extractBackstop, Duration extractBackoff) {
        public static Schedules defaults() {
            return new Schedules(true, Duration.ofSeconds(2), Duration.ofMinutes(5), Duration.ofSeconds(2),
                    Duration.ofMinutes(10), Duration.ofSeconds(30), Duration.ofHours(1), Duration.ofHours(1));
        }

        public static Schedules off() {
            Schedules d = defaults();
            return new Schedules(false, d.syncDebounce, d.rescanPeriod, d.embedDebounce, d.embedPeriod,
                    d.extractDebounce, d.extractBackstop, d.extractBackoff);
        }
    }

    public static ServeSettings loopback() {
        return new ServeSettings("127.0.0.1", 0, false, null, false, DEFAULT_IDLE, Duration.ofSeconds(30),
                16L << 20, 8192, 4, Schedules.defaults());
    }

    public ServeSettings withPort(int p) {
        return new ServeSettings(host, p, listenPublic, token, requireToken, idleTimeout, requestTimeout,
                maxBodyBytes, maxQueryChars, readers, schedulers);
    }

    public ServeSettings withIdleTimeout(Duration d) {
        return new ServeSettings(host, port, listenPublic, token, requireToken, d, requestTimeout, maxBodyBytes,
                maxQueryChars, readers, schedulers);
    }

    public ServeSettings withSchedules(Schedules s) {
        return new ServeSettings(host, port, listenPublic, token, requireToken, idleTimeout, requestTimeout,
                maxBodyBytes, maxQueryChars, readers, s);
    }

    public ServeSettings withHost(String h, boolean publicBind, String t) {
        return new ServeSettings(h, port, publicBind, t, requireToken, idleTimeout, requestTimeout, maxBodyBytes,
                maxQueryChars, readers, schedulers);
    }

    public ServeSettings withLimits(Duration timeout, long bodyBytes, int queryChars) {
        return new ServeSettings(host, port, listenPublic, token, requireToken, idleTimeout, timeout, bodyBytes,
                queryChars, readers, schedulers);
    }

    /** Whether the request must carry the token. */
    boolean tokenRequired() {
        return listenPublic || requireToken;
    }
}
