package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
        if (!inv.args().isEmpty() && inv.args().getFirst().equals("many")) {
            // three flushes of stdout, one of stderr, two of stdout
            out.println("a");
            out.println("b");
            out.println("c");
            err.println("warning");
            out.println("d");
            out.print("e\n\n");
            out.flush();
            return 7;
        }
        if (!inv.args().isEmpty() && inv.args().getFirst().equals("nul")) {
            out.print("a\0b");
            out.flush();
            return 0;
        }
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

    // ---- the shell client's route (POST /api/v1/cli/run/shell) ------------------------------------------------

    private static final Charset PLATFORM = Charset.forName(System.getProperty("native.encoding"));

    /** The daemon's own locale variables: a shell client sends its exported variables, these among them. */
    private static Map<String, String> localeEnv() {
        Map<String, String> env = new LinkedHashMap<>();
        System.getenv().forEach((k, v) -> {
            if (k.equals("LANG") || k.startsWith("LC_")) {
                env.put(k, v);
            }
        });
        return env;
    }

    /** A request as src/launcher/handover.sh writes it: lengths in bytes, the here-string's newline at the end. */
    private static byte[] shellRequest(Path cwd, Path dataDir, String terminal, List<String> args,
            Map<String, String> env) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes("recall-shell 1\n".getBytes(StandardCharsets.US_ASCII));
        shellField(b, "cwd", cwd.toString());
        shellField(b, "data_dir", dataDir.toString());
        shellField(b, "terminal", terminal);
        shellField(b, "request_id", "123-456-789");
        for (String a : args) {
            shellField(b, "arg", a);
        }
        for (Map.Entry<String, String> e : env.entrySet()) {
            shellField(b, "env", e.getKey() + "=" + e.getValue());
        }
        b.write('\n');
        return b.toByteArray();
    }

    private static void shellField(ByteArrayOutputStream b, String name, String value) {
        byte[] v = value.getBytes(PLATFORM);
        b.writeBytes((name + " " + v.length + "\n").getBytes(StandardCharsets.US_ASCII));
        b.writeBytes(v);
        b.write('\n');
    }

    private static Map<String, String> envWith(String... kv) {
        Map<String, String> env = localeEnv();
        env.put("HOME", "/home/someone");
        for (int i = 0; i < kv.length; i += 2) {
            env.put(kv[i], kv[i + 1]);
        }
        return env;
    }

    private static Http.Response postShell(Map<String, String> headers, byte[] body) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "127.0.0.1:" + d.daemon.info().port());
        h.put("Content-Type", Handoff.SHELL_CONTENT_TYPE);
        h.putAll(headers);
        return d.http.raw("POST", Handoff.SHELL_PATH, body, h);
    }

    /** Frames as the shell client writes them: "STREAM LENGTH\n" (bytes), the bytes, "\n". */
    private static String frame(int stream, String text) {
        return stream + " " + text.getBytes(StandardCharsets.UTF_8).length + "\n" + text + "\n";
    }

    @Test
    void aShellClientGetsWhatTheCommandPrintedFramedAsTextAndItsExitCode() throws IOException {
        assumeTrue(PLATFORM.equals(StandardCharsets.UTF_8), "the expected bytes are UTF-8's");
        int before = RUNS.get();
        Http.Response r = postShell(bearer(d.daemon.info().token()), shellRequest(tmp, data, "1",
                List.of("query", "a b", "line\nbreak", "ünï €", "", "it's \"q\" $x"), envWith("A", "b=c")));
        assertEquals(200, r.status(), r.toString());
        assertEquals(before + 1, RUNS.get());
        assertEquals(Handoff.SHELL_CONTENT_TYPE, r.headers().get("content-type"));
        assertEquals("recall-shell 1\n"
                + frame(1, "args [query, a b, line\nbreak, ünï €, , it's \"q\" $x]\n")
                + frame(2, "cwd " + tmp.toRealPath() + " terminal true HOME=/home/someone\n")
                + frame(1, "served from " + data + " — ünïcödé\n")
                + "0 6\n", r.body());
    }

    @Test
    void adjacentFramesOfOneStreamAreJoinedInTheShellsAnswerAndTheOrderKept() {
        assumeTrue(PLATFORM.equals(StandardCharsets.UTF_8), "the expected bytes are UTF-8's");
        Http.Response r = postShell(bearer(d.daemon.info().token()), shellRequest(tmp, data, "0", List.of("many"),
                envWith()));
        assertEquals(200, r.status(), r.toString());
        assertEquals("recall-shell 1\n" + frame(1, "a\nb\nc\n") + frame(2, "warning\n") + frame(1, "d\ne\n\n")
                + "0 7\n", r.body());
        // the JVM client's answer keeps each flush a frame of its own
        Handoff.Answer a = CLIENT.send(invocation(data, List.of("many"))).orElseThrow();
        assertEquals(6, a.frames().size());
    }

    @Test
    void aWorkingDirectoryNamedThroughALinkIsTheRealOne() throws IOException {
        Path link = tmp.resolve("link-to-tmp");
        if (!Files.exists(link)) {
            Files.createSymbolicLink(link, tmp);
        }
        Http.Response r = postShell(bearer(d.daemon.info().token()), shellRequest(link, data, "0", List.of("stats"),
                envWith()));
        assertEquals(200, r.status(), r.toString());
        assertTrue(r.body().contains("cwd " + tmp.toRealPath() + " terminal false"), r.body());
    }

    @Test
    void anOutputWithANulByteIsRefusedForTheShellAfterItRan() {
        int before = RUNS.get();
        Http.Response r = postShell(bearer(d.daemon.info().token()), shellRequest(tmp, data, "0", List.of("nul"),
                envWith()));
        assertEquals(409, r.status(), r.toString());
        assertEquals("binary_output", r.errorCode());
        assertEquals(before + 1, RUNS.get(), "it ran: the client's next run keeps the request id");
        // the JVM client carries it
        assertEquals("a\0b", new String(CLIENT.send(invocation(data, List.of("nul"))).orElseThrow().frames()
                .getFirst().bytes(), StandardCharsets.UTF_8));
    }

    @Test
    void theShellRouteRefusesWhatItCannotAnswerAsTheJvmWouldAndRunsNothing() {
        int before = RUNS.get();
        String token = d.daemon.info().token();
        byte[] good = shellRequest(tmp, data, "0", List.of("stats"), envWith());
        assertEquals(401, postShell(Map.of(), good).status());
        assertEquals(401, postShell(bearer("not-the-token"), good).status());
        Map<String, String> proxied = new LinkedHashMap<>(bearer(token));
        proxied.put("X-Forwarded-For", "203.0.113.7");
        assertEquals("local_only", postShell(proxied, good).errorCode());
        // another locale: LC_ALL overrides every category; a JVM option variable
        List<Map<String, String>> others = new ArrayList<>(List.of(envWith("LC_ALL", "tlh_XX.UTF-8"),
                envWith("RECALL_JAVA_OPTS", "-Duser.language=de"), envWith("JAVA_TOOL_OPTIONS", "-Xss2m")));
        if (System.getenv("LC_ALL") == null || System.getenv("LC_ALL").isEmpty()) {
            others.add(envWith("LC_NUMERIC", "tlh_XX")); // one category of the client's own
        }
        for (Map<String, String> env : others) {
            Http.Response r = postShell(bearer(token), shellRequest(tmp, data, "0", List.of("stats"), env));
            assertEquals(409, r.status(), env + ": " + r);
            assertEquals("other_locale", r.errorCode());
        }
        Map<String, String> noLocale = envWith();
        noLocale.keySet().removeIf(k -> k.equals("LANG") || k.startsWith("LC_"));
        if (!localeEnv().values().stream().allMatch(String::isEmpty)) {
            assertEquals("other_locale", postShell(bearer(token), shellRequest(tmp, data, "0", List.of("stats"),
                    noLocale)).errorCode(), "a client without the daemon's locale variables");
        }
        Http.Response other = postShell(bearer(token), shellRequest(tmp, tmp.resolve("elsewhere"), "0",
                List.of("stats"), envWith()));
        assertEquals("other_data_dir", other.errorCode(), other.toString());
        Http.Response refused = postShell(bearer(token), shellRequest(tmp, data, "0", List.of("import", "x"),
                envWith()));
        assertEquals("not_handed_over", refused.errorCode(), refused.toString());
        Http.Response gone = postShell(bearer(token), shellRequest(tmp.resolve("no-such-dir"), data, "0",
                List.of("stats"), envWith()));
        assertEquals(409, gone.status(), gone.toString());
        String text = new String(good, PLATFORM);
        List<byte[]> malformed = new ArrayList<>();
        for (String bad : List.of("", "recall-shell 2\n", text.replace("recall-shell 1", "recall-shell 9"),
                text.substring(0, text.length() - 3), text + "x", text.replace("terminal 1\n0", "terminal 1\n7"),
                text.replace("cwd ", "cwd_x "), text.replace("arg 5\nstats", "arg 9\nstats"),
                text.replace("cwd " + (tmp.toString().getBytes(PLATFORM).length), "cwd 1x"),
                text.replace("cwd " + tmp.toString().getBytes(PLATFORM).length + "\n" + tmp, "cwd 8\nrelative"),
                text.replace("terminal 1\n0\n", "terminal 1\n0\nterminal 1\n0\n"),
                text.replace("env 18\nHOME=/home/someone", "env 14\n=/home/someone"))) {
            malformed.add(bad.getBytes(PLATFORM));
        }
        if (PLATFORM.equals(StandardCharsets.UTF_8)) {
            byte[] latin = shellRequest(tmp, data, "0", List.of("stats", "caf"), envWith());
            String s = new String(latin, StandardCharsets.ISO_8859_1).replace("arg 3\ncaf", "arg 4\ncaf\u00e9");
            malformed.add(s.getBytes(StandardCharsets.ISO_8859_1)); // not UTF-8: the JVM would not read it so
        }
        for (byte[] bad : malformed) {
            Http.Response r = postShell(bearer(token), bad);
            assertEquals(400, r.status(), new String(bad, PLATFORM) + " -> " + r);
            assertEquals("bad_request", r.errorCode());
        }
        assertEquals(before, RUNS.get());
    }

    @Test
    void theOpenApiDocumentListsBothHandoverRoutesWithTheirMediaTypes() {
        JsonNode doc = d.http.get("/api/v1/openapi.json").json();
        Set<String> documented = new HashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = doc.path("paths").fields(); it.hasNext(); ) {
            var p = it.next();
            p.getValue().fieldNames().forEachRemaining(m -> documented.add(m.toUpperCase(Locale.ROOT) + " " + p.getKey()));
        }
        Set<String> expected = new HashSet<>();
        new RecallRoutes(null, null, null).routes().forEach(r -> expected.add(r.method() + " " + r.path()));
        expected.add("POST " + Handoff.PATH);
        expected.add("POST " + Handoff.SHELL_PATH);
        assertEquals(expected, documented);
        for (String[] route : List.of(new String[] {Handoff.PATH, Handoff.CONTENT_TYPE},
                new String[] {Handoff.SHELL_PATH, Handoff.SHELL_CONTENT_TYPE})) {
            JsonNode op = doc.path("paths").path(route[0]).path("post");
            assertTrue(op.path("requestBody").path("content").has(route[1]), op.toString());
            assertTrue(op.path("responses").path("200").path("content").has(route[1]), op.toString());
        }
        // and the shell's route answers (not no_route) as documented
        assertNotEquals(404, postShell(bearer(d.daemon.info().token()), "x".getBytes(StandardCharsets.UTF_8))
                .status());
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
