package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The handover of a read command line to a real daemon on 127.0.0.1 (POST /api/v1/cli/run): what a local client
 * with the daemon's token gets back, everything that is refused without running anything, and every way the light
 * client finds no answer and so runs the command in-process.
 */
class HandoffTest {
    @TempDir
    static Path tmp;
    static Path data;
    static TestDaemon d;
    static final AtomicInteger RUNS = new AtomicInteger();
    static final HandoffClient CLIENT = new HandoffClient(Duration.ofSeconds(5), Duration.ofMinutes(2));

    /** A runner that prints what it was given and what it runs on; "import" is refused, as the CLI's runner does. */
    static int run(Handoff.Invocation inv, dev.recall.service.RecallService reader, Handoff.Capture capture) {
        if (!inv.args().isEmpty() && inv.args().getFirst().equals("import")) {
            throw new Handoff.Refused("only the read commands run in the daemon");
        }
        RUNS.incrementAndGet();
        PrintStream out = new PrintStream(capture.stdout(), true, inv.stdout());
        PrintStream err = new PrintStream(capture.stderr(), true, inv.stderr());
        out.println("args " + inv.args());
        err.println("cwd " + inv.workingDir() + " terminal " + inv.terminal() + " HOME=" + inv.env().get("HOME"));
        out.println("served from " + reader.dataDir() + " — ünïcödé");
        return inv.args().size();
    }

    @BeforeAll
    static void start() {
        data = tmp.resolve("data");
        TestDaemon.seed(data);
        d = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()), HandoffTest::run);
    }

    @AfterAll
    static void stop() {
        d.close();
    }

    private static Handoff.Invocation invocation(Path dataDir, List<String> args) {
        return new Handoff.Invocation(args, tmp, dataDir, Map.of("HOME", "/home/someone", "A", "b=c"), true,
                Locale.getDefault().toLanguageTag(), Locale.getDefault(Locale.Category.FORMAT).toLanguageTag(),
                StandardCharsets.UTF_8, StandardCharsets.UTF_8, null);
    }

    private static String replayed(Handoff.Answer a, boolean stderr) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        a.replay(out, err);
        return (stderr ? err : out).toString(StandardCharsets.UTF_8);
    }

    private static Http.Response post(Map<String, String> headers, byte[] body) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "127.0.0.1:" + d.daemon.info().port());
        h.put("Content-Type", Handoff.CONTENT_TYPE);
        h.putAll(headers);
        return d.http.raw("POST", Handoff.PATH, body, h);
    }

    private static Map<String, String> bearer(String token) {
        return Map.of("Authorization", "Bearer " + token);
    }

    @Test
    void aLocalClientWithTheTokenGetsWhatTheCommandPrintedAndItsExitCode() throws IOException {
        int before = RUNS.get();
        Handoff.Answer a = CLIENT.send(invocation(data, List.of("query", "a b", "--json"))).orElseThrow();
        assertEquals(before + 1, RUNS.get());
        assertEquals(3, a.exitCode());
        assertEquals("args [query, a b, --json]\nserved from " + data + " — ünïcödé\n", replayed(a, false));
        assertEquals("cwd " + tmp + " terminal true HOME=/home/someone\n", replayed(a, true));
        // the frames keep the order in which the command flushed them
        assertEquals(List.of(false, true, false), a.frames().stream().map(Handoff.Answer.Frame::stderr).toList());
    }

    @Test
    void anInvocationSurvivesTheWireWhateverItHolds() {
        Handoff.Invocation inv = new Handoff.Invocation(List.of("query", "", "a=b", "line\nbreak", "ünï €", "--x=y"),
                Path.of("/w d"), Path.of("/data/ré"), Map.of("K", "v=w", "EMPTY", "", "NL", "a\nb"), false, "de-DE",
                "fr-FR", StandardCharsets.ISO_8859_1, StandardCharsets.UTF_8, Handoff.Invocation.newRequestId());
        assertEquals(inv, Handoff.Invocation.decode(inv.encode()));
        Handoff.Invocation noId = new Handoff.Invocation(inv.args(), inv.workingDir(), inv.dataDir(), inv.env(), false,
                "de-DE", "fr-FR", inv.stdout(), inv.stderr(), null);
        assertEquals(noId, Handoff.Invocation.decode(noId.encode()), "an older client sends no id");
        assertThrows(IllegalArgumentException.class, () -> new Handoff.Invocation(List.of("a\0b"), Path.of("/"),
                Path.of("/d"), Map.of(), false, "en", "en", StandardCharsets.UTF_8, StandardCharsets.UTF_8, null)
                .encode());
        for (String bad : List.of("", "a b", "x".repeat(129), "é")) {
            assertThrows(IllegalArgumentException.class, () -> new Handoff.Invocation(List.of("stats"), Path.of("/"),
                    Path.of("/d"), Map.of(), false, "en", "en", StandardCharsets.UTF_8, StandardCharsets.UTF_8, bad),
                    "request id '" + bad + "'");
        }
        assertNotEquals(Handoff.Invocation.newRequestId(), Handoff.Invocation.newRequestId());
    }

    @Test
    void malformedRequestsAreRefusedAndNothingRuns() {
        int before = RUNS.get();
        String token = d.daemon.info().token();
        byte[] good = invocation(data, List.of("stats")).encode();
        String text = new String(good, StandardCharsets.UTF_8);
        for (String bad : List.of("", "garbage", text.replace("protocol=1", "protocol=99"),
                text.replace("cwd=" + tmp, "cwd=relative/dir"), text.replace("stdout=UTF-8", "stdout=no-such-charset"),
                text + "mystery=1\0", text.substring(0, text.length() - 1))) {
            Http.Response r = post(bearer(token), bad.getBytes(StandardCharsets.UTF_8));
            assertEquals(400, r.status(), bad + " -> " + r);
            assertEquals("bad_request", r.errorCode(), r.toString());
        }
        assertEquals(before, RUNS.get());
    }

    @Test
    void withoutTheDaemonsOwnTokenNothingRuns() {
        int before = RUNS.get();
        byte[] body = invocation(data, List.of("stats")).encode();
        Http.Response none = post(Map.of(), body);
        assertEquals(401, none.status(), none.toString());
        Http.Response wrong = post(bearer("not-the-token"), body);
        assertEquals(401, wrong.status(), wrong.toString());
        // a browser's request (a cookie, no token) is stopped before the route
        Http.Response cookie = post(Map.of("Cookie", "recall_session=whatever"), body);
        assertEquals(403, cookie.status(), cookie.toString());
        assertEquals(before, RUNS.get());
    }

    @Test
    void aClientBehindAProxyIsNotLocalEvenWithTheToken() {
        int before = RUNS.get();
        byte[] body = invocation(data, List.of("stats")).encode();
        for (String header : List.of("X-Forwarded-For", "Forwarded", "X-Real-IP")) {
            Map<String, String> h = new LinkedHashMap<>(bearer(d.daemon.info().token()));
            h.put(header, "203.0.113.7");
            Http.Response r = post(h, body);
            assertEquals(403, r.status(), header + ": " + r);
            assertEquals("local_only", r.errorCode());
        }
        assertEquals(before, RUNS.get());
    }

    @Test
    void anotherDataDirOrLocaleOrARefusedCommandRunsNothingAndTheClientFallsBack() {
        int before = RUNS.get();
        String token = d.daemon.info().token();
        Http.Response other = post(bearer(token), invocation(tmp.resolve("elsewhere"), List.of("stats")).encode());
        assertEquals(409, other.status(), other.toString());
        assertEquals("other_data_dir", other.errorCode());
        Handoff.Invocation i = invocation(data, List.of("stats"));
        Handoff.Invocation otherLocale = new Handoff.Invocation(i.args(), i.workingDir(), i.dataDir(), i.env(),
                i.terminal(), "tlh-XX", "tlh-XX", i.stdout(), i.stderr(), null);
        Http.Response locale = post(bearer(token), otherLocale.encode());
        assertEquals(409, locale.status(), locale.toString());
        assertEquals("other_locale", locale.errorCode());
        assertTrue(CLIENT.send(otherLocale).isEmpty());
        Http.Response refused = post(bearer(token), invocation(data, List.of("import", "x.jsonl")).encode());
        assertEquals(403, refused.status(), refused.toString());
        assertEquals("not_handed_over", refused.errorCode());
        assertTrue(CLIENT.send(invocation(data, List.of("import", "x.jsonl"))).isEmpty());
        assertEquals(before, RUNS.get());
    }

    @Test
    void noDaemonADeadPidARefusedConnectionOrACutOffAnswerIsNoAnswer() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("stale"));
        assertTrue(CLIENT.send(invocation(dir, List.of("stats"))).isEmpty(), "no serve.json");

        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        int livePort = d.daemon.info().port();
        new ServeInfo(gone.pid(), "127.0.0.1", livePort, d.daemon.info().token(), dir.toString(), "x", false, "0")
                .write(dir);
        assertTrue(CLIENT.send(invocation(dir, List.of("stats"))).isEmpty(), "serve.json of a dead process");

        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        long self = ProcessHandle.current().pid();
        new ServeInfo(self, "127.0.0.1", closed, "t", dir.toString(), "x", false, "0").write(dir);
        assertTrue(CLIENT.send(invocation(dir, List.of("stats"))).isEmpty(), "nothing listens");

        // the live daemon under another data dir's serve.json with a stale token: refused, so no answer
        new ServeInfo(d.daemon.info().pid(), "127.0.0.1", livePort, "stale-token", dir.toString(), "x", false, "0")
                .write(dir);
        assertTrue(CLIENT.send(invocation(dir, List.of("stats"))).isEmpty(), "a wrong token");

        // a server that promises a whole answer and closes the connection half-way
        try (ServerSocket fake = new ServerSocket(0)) {
            Thread server = Thread.ofVirtual().start(() -> {
                try (Socket s = fake.accept()) {
                    s.getInputStream().read(new byte[8192]);
                    OutputStream out = s.getOutputStream();
                    out.write(("HTTP/1.1 200 OK\r\nContent-Type: " + Handoff.CONTENT_TYPE
                            + "\r\nContent-Length: 100\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(new byte[] {1, 0, 0, 0, 3, 'a', 'b', 'c'});
                    out.flush();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            new ServeInfo(self, "127.0.0.1", fake.getLocalPort(), "t", dir.toString(), "x", false, "0").write(dir);
            assertTrue(CLIENT.send(invocation(dir, List.of("stats"))).isEmpty(), "a cut-off answer");
            server.join();
        }
    }

    @Test
    void aDaemonWithoutTheRunnerDoesNotServeTheRoute() {
        Path other = tmp.resolve("plain");
        try (TestDaemon plain = TestDaemon.start(other, TestDaemon.quiet(), Map.of("HOME", tmp.toString()))) {
            Http.Response r = plain.http.raw("POST", Handoff.PATH, invocation(other, List.of("stats")).encode(),
                    Map.of("Host", "127.0.0.1:" + plain.daemon.info().port(), "Authorization", "Bearer "
                            + plain.daemon.info().token()));
            assertEquals(404, r.status(), r.toString());
            assertTrue(CLIENT.send(invocation(other, List.of("stats"))).isEmpty());
        }
    }

    @Test
    void answersThatAreNotWholeAreRejected() {
        Handoff.Capture c = new Handoff.Capture();
        new PrintStream(c.stdout(), true, StandardCharsets.UTF_8).print("out");
        byte[] whole = c.answer(5);
        assertEquals(5, Handoff.Answer.decode(whole).exitCode());
        List<byte[]> broken = new ArrayList<>();
        broken.add(java.util.Arrays.copyOf(whole, whole.length - 1));
        broken.add(java.util.Arrays.copyOf(whole, 4));
        broken.add(new byte[0]);
        byte[] extra = java.util.Arrays.copyOf(whole, whole.length + 1);
        broken.add(extra);
        byte[] badStream = whole.clone();
        badStream[0] = 9;
        broken.add(badStream);
        for (byte[] b : broken) {
            assertThrows(IllegalArgumentException.class, () -> Handoff.Answer.decode(b));
        }
    }
}
