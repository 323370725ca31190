package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Start, serve.json, idle exit, public binds and their token, graceful stop. */
class LifecycleTest {
    @TempDir
    Path tmp;

    @Test
    void serveJsonIsPrivateAndGoesAwayWithTheDaemonWhichExitsWhenIdle() throws Exception {
        Path data = tmp.resolve("data");
        ServeSettings settings = TestDaemon.quiet().withIdleTimeout(Duration.ofSeconds(3));
        try (TestDaemon d = TestDaemon.start(data, settings, Map.of("HOME", tmp.toString()))) {
            Path file = data.resolve(ServeInfo.FILE);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            ServeInfo info = ServeInfo.read(data).orElseThrow();
            assertEquals(d.daemon.info(), info, "serve.json reads back as the daemon wrote it, every field");
            assertEquals(d.daemon.info().port(), info.port());
            assertEquals(ProcessHandle.current().pid(), info.pid());
            assertTrue(info.token().length() >= 40, "a random token of 256 bits");
            assertEquals(String.valueOf(ProcessHandle.current().pid()),
                    Files.readString(data.resolve(DaemonLock.PID_FILE)).strip());
            // a request resets the idle time
            assertEquals(200, d.http.get("/api/v1/health").status());
            assertTrue(d.http.get("/api/v1/health").json().path("idle_s").asLong() < 3);
            Future<String> why = Executors.newSingleThreadExecutor().submit(d.daemon::awaitStop);
            String reason = why.get(60, TimeUnit.SECONDS);
            assertTrue(reason.startsWith("idle"), reason);
            assertFalse(Files.exists(file), "serve.json is removed when the daemon exits");
            assertFalse(Files.exists(data.resolve(DaemonLock.PID_FILE)));
        }
        // the data dir is free again
        try (TestDaemon again = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()))) {
            assertEquals(200, again.http.get("/api/v1/health").status());
        }
    }

    @Test
    void aPublicDaemonDemandsTheTokenOnEveryRequest() {
        ServeSettings pub = TestDaemon.quiet().withHost("0.0.0.0", true, "s3cret-token-for-tests");
        try (TestDaemon d = TestDaemon.start(tmp.resolve("pub"), pub, Map.of("HOME", tmp.toString()))) {
            int port = d.daemon.info().port();
            Http anonymous = new Http(port, null);
            Http.Response none = anonymous.get("/api/v1/health");
            assertEquals(401, none.status(), none.toString());
            assertEquals("unauthorized", none.errorCode());
            assertEquals("Bearer realm=\"recall\"", none.headers().get("www-authenticate"));
            assertEquals(401, new Http(port, "wrong").get("/api/v1/health").status());
            Http authed = new Http(port, "s3cret-token-for-tests");
            assertEquals(200, authed.get("/api/v1/health").status());
            // with the token, a public daemon answers whatever name it was reached by
            assertEquals(200, authed.send("GET", "/api/v1/recall/stats", null,
                    Map.of("Host", "recall.example.org:" + port)).status());
        }
    }

    @Test
    void aNonLoopbackAddressNeedsListenPublic() {
        ServeSettings s = TestDaemon.quiet().withHost("0.0.0.0", false, null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Daemon.start(tmp.resolve("x"), s, Map.of(), m -> {}, false));
        assertTrue(e.getMessage().contains("--listen-public"), e.getMessage());
        assertFalse(Files.exists(tmp.resolve("x").resolve(ServeInfo.FILE)));
    }

    @Test
    void aSecondDaemonOnTheSameDataDirIsRefusedWithTheHoldersPid() {
        Path data = tmp.resolve("one");
        try (TestDaemon d = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()))) {
            DaemonLock.HeldException e = assertThrows(DaemonLock.HeldException.class,
                    () -> Daemon.start(data, TestDaemon.quiet(), Map.of(), m -> {}, false));
            assertEquals(ProcessHandle.current().pid(), e.pid());
            assertTrue(e.getMessage().contains("pid " + ProcessHandle.current().pid()), e.getMessage());
            assertEquals(200, d.http.get("/api/v1/health").status(), "the first one goes on serving");
        }
    }

    @Test
    void aStoppingDaemonRefusesNewRequests() throws Exception {
        TestDaemon d = TestDaemon.start(tmp.resolve("s"), TestDaemon.quiet(), Map.of("HOME", tmp.toString()));
        int port = d.daemon.info().port();
        d.close();
        assertThrows(AssertionError.class, () -> new Http(port, null).get("/api/v1/health"),
                "a stopped daemon no longer listens");
        assertTrue(DaemonLock.holder(tmp.resolve("s")).isEmpty());
    }
}
