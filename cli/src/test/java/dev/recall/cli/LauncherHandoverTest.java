package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.server.Daemon;
import dev.recall.server.ServeInfo;
import dev.recall.store.StoreSql;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launchers themselves (the checkout's ./recall and the release archive's bin/recall) as real processes against
 * a real daemon on 127.0.0.1: a read command is handed over by curl (src/launcher/handover.sh) and no JVM starts, and
 * what it prints on stdout and stderr, byte for byte, and its exit code are the command's run in-process
 * (RECALL_NO_DAEMON=1, through the same launcher). Everything the shell cannot hand over whole starts the JVM as
 * before: no curl on PATH, a daemon gone, JVM options, another locale, an answer lost on the way (the query is then
 * recorded once).
 *
 * <p>The launchers run in copies of their trees: the jar is a manifest jar naming this test's class path, and the
 * JDK a directory whose bin/java notes each start in a file and then runs this JVM's java.
 */
class LauncherHandoverTest {
    @TempDir
    static Path tmp;
    static Path data;
    static Path project;
    static Path checkout;
    static Path installed;
    static Path jdk;
    static Path noCurl;
    static Daemon daemon;
    static final java.util.concurrent.atomic.AtomicInteger SERVED = new java.util.concurrent.atomic.AtomicInteger();

    record Run(int code, byte[] out, byte[] err, boolean javaStarted) {
        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return "exit " + code + (javaStarted ? " (a JVM started)" : " (no JVM)") + "\nstdout:\n" + text()
                    + "\nstderr:\n" + new String(err, StandardCharsets.UTF_8);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        data = tmp.resolve("data");
        CliRun.seedTestdata(data);
        // the first query builds the lexical index and says so; after it, both paths print the same
        assertEquals(0, CliRun.runIn(data, tmp, Map.of("RECALL_NO_DAEMON", "1"), "query", "warm up").code());
        // an awkward working directory: a space and letters beyond ASCII
        project = CliRun.projectWithContext(tmp.resolve("wörk dir/ledgerd"));
        daemon = Daemon.start(data, CliRun.daemonSettings(), Map.of("HOME", tmp.toString()), m -> {}, false, new HandoffRunner());

        jdk = fakeJdk(tmp.resolve("jdk"));
        Path jar = tmp.resolve("recall-all.jar");
        manifestJar(jar);
        Path launchers = Path.of("..", "src", "launcher");

        checkout = tmp.resolve("checkout");
        Files.createDirectories(checkout.resolve("src/launcher"));
        Files.createDirectories(checkout.resolve("cli/target"));
        Files.copy(Path.of("..", "recall"), checkout.resolve("recall"));
        copyDir(launchers, checkout.resolve("src/launcher"));
        Files.copy(jar, checkout.resolve("cli/target/recall-all.jar"));
        checkout.resolve("recall").toFile().setExecutable(true);

        installed = tmp.resolve("installed");
        Files.createDirectories(installed.resolve("bin"));
        Files.createDirectories(installed.resolve("lib/launcher"));
        Files.copy(launchers.resolve("installed-recall"), installed.resolve("bin/recall"));
        installed.resolve("bin/recall").toFile().setExecutable(true);
        copyDir(launchers, installed.resolve("lib/launcher"));
        Files.copy(jar, installed.resolve("lib/recall.jar"));
        Files.createSymbolicLink(installed.resolve("runtime"), jdk);

        // a PATH with what the launchers use, and no curl
        noCurl = Files.createDirectories(tmp.resolve("no-curl"));
        for (String tool : List.of("bash", "readlink", "stat", "mkdir", "cat", "flock", "sh", "dirname")) {
            Path found = which(tool);
            if (found != null) {
                Files.createSymbolicLink(noCurl.resolve(tool), found);
            }
        }
        assertNull(which(noCurl.toString(), "curl"));
    }

    @AfterAll
    static void stop() {
        daemon.close();
    }

    private static Path fakeJdk(Path dir) throws IOException {
        Path real = Path.of(System.getProperty("java.home"));
        Files.createDirectories(dir.resolve("bin"));
        Files.copy(real.resolve("release"), dir.resolve("release"));
        Files.createSymbolicLink(dir.resolve("bin/javac"), real.resolve("bin/javac"));
        Path java = dir.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\necho started >> \"$RECALL_TEST_JAVA_LOG\"\nexec '" + real.resolve("bin/java")
                + "' \"$@\"\n");
        java.toFile().setExecutable(true);
        return dir;
    }

    /** A jar that holds no classes: its manifest starts {@link Launch} from this test's class path. */
    private static void manifestJar(Path jar) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Launch.class.getName());
        List<String> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            urls.add(Path.of(entry).toAbsolutePath().toUri().toString());
        }
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", urls));
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
            out.flush();
        }
    }

    private static void copyDir(Path from, Path to) throws IOException {
        try (var files = Files.list(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
    }

    private static Path which(String tool) {
        return which(System.getenv("PATH"), tool);
    }

    private static Path which(String path, String tool) {
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** The launcher with these arguments, in the project's directory, stdin from /dev/null. */
    static Run run(Path launcher, Map<String, String> env, List<String> args) throws Exception {
        Path out = Files.createTempFile(tmp, "out", ".bin");
        Path err = Files.createTempFile(tmp, "err", ".bin");
        Path javaLog = tmp.resolve("java-" + System.nanoTime() + ".log");
        List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(project.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        for (String k : List.of("RECALL_NO_DAEMON", "RECALL_SERVICE_URL", "RECALL_DATA_DIR", "NO_COLOR", "TERM",
                "RECALL_JAVA_OPTS", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "RECALL_AOT")) {
            pb.environment().remove(k);
        }
        pb.environment().put("HOME", tmp.toString());
        pb.environment().put("RECALL_CDS", "0");
        pb.environment().put("JAVA_HOME", jdk.toString());
        pb.environment().put("RECALL_TEST_JAVA_LOG", javaLog.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), cmd + " did not end");
        return new Run(p.exitValue(), Files.readAllBytes(out), Files.readAllBytes(err), Files.exists(javaLog));
    }

    static List<String> withData(Path dataDir, String... args) {
        List<String> all = new ArrayList<>(List.of("--data-dir", dataDir.toString()));
        all.addAll(List.of(args));
        return all;
    }

    private static String withoutQueryId(String json) {
        return json.replaceAll("\"query_id\" : \\d+", "\"query_id\" : N");
    }

    private static void assertSame(List<String> args, Run local, Run handed) {
        assertFalse(handed.javaStarted(), args + " started a JVM: " + handed);
        assertTrue(local.javaStarted(), args + ": RECALL_NO_DAEMON=1 runs it in a JVM");
        assertEquals(local.code(), handed.code(), args + "\n" + local + "\n" + handed);
        assertEquals(withoutQueryId(local.text()), withoutQueryId(handed.text()), args.toString());
        assertArrayEquals(local.err(), handed.err(), args + "\n" + local + "\n" + handed);
    }

    @Test
    void readCommandsHandedOverByTheShellPrintTheBytesOfTheCommandRunInProcess() throws Exception {
        List<List<String>> commands = List.of(
                withData(data, "query", "how do I run the integration tests"),
                withData(data, "query", "integration tests", "--scores", "--limit", "3", "--evidence"),
                withData(data, "query", "postgres", "--json"),
                withData(data, "brief", "fix the rounding bug in the FX conversion"),
                withData(data, "list", "--project", "ledgerd", "--type", "warning"),
                // a large answer: every entry, as JSON
                withData(data, "list", "--json", "--limit", "1000"),
                withData(data, "get", "ledgerd-proc-001", "--evidence"),
                withData(data, "stats"),
                withData(data, "show"),
                // awkward arguments: quotes, a dollar, backquotes, backslashes, a newline, a tab, an empty one,
                // letters beyond ASCII
                withData(data, "query", "it's \"quoted\" $HOME `id` \\back\\slash", "--limit", "2"),
                withData(data, "query", "ünïcödé naïve café 日本 — integration", "--limit", "2"),
                withData(data, "query", "line one\nline two\ttab", "--limit", "2"),
                withData(data, "query", ""),
                List.of("--data-dir=" + data, "query", "integration", "--limit", "1"),
                // failures: a usage error (2), not found (5), in JSON too, an unknown option
                withData(data, "query", "x", "--mode", "bogus"),
                withData(data, "get", "no-such-entry", "--json"),
                withData(data, "get", "no-such-entry"),
                withData(data, "list", "--no-such-option"));
        for (List<String> args : commands) {
            Run handed = run(checkout.resolve("recall"), Map.of(), args);
            Run local = run(checkout.resolve("recall"), Map.of("RECALL_NO_DAEMON", "1"), args);
            assertSame(args, local, handed);
        }
        assertEquals(5, run(checkout.resolve("recall"), Map.of(), withData(data, "get", "no-such-entry")).code());
        assertTrue(run(checkout.resolve("recall"), Map.of(), withData(data, "list", "--json", "--limit", "1000"))
                .out().length > 50_000, "a large answer");
    }

    @Test
    void theReleaseArchivesLauncherHandsOverToo() throws Exception {
        Path launcher = installed.resolve("bin/recall");
        for (List<String> args : List.of(withData(data, "query", "integration tests", "--limit", "3"),
                withData(data, "get", "no-such-entry", "--json"), withData(data, "stats", "--json"))) {
            assertSame(args, run(launcher, Map.of("RECALL_NO_DAEMON", "1"), args), run(launcher, Map.of(), args));
        }
    }

    @Test
    void theClientsTerminalEnvironmentAndDataDirReachTheCommand() throws Exception {
        // NO_COLOR and RECALL_DATA_DIR from the environment, the data dir given by no option
        Map<String, String> env = Map.of("RECALL_DATA_DIR", data.toString(), "NO_COLOR", "1");
        List<String> args = List.of("query", "integration tests", "--limit", "3");
        assertSame(args, run(checkout.resolve("recall"), with(env, "RECALL_NO_DAEMON", "1"), args),
                run(checkout.resolve("recall"), env, args));
        // a data dir relative to the working directory
        Path relative = project.relativize(data);
        List<String> rel = List.of("--data-dir", relative.toString(), "stats");
        assertSame(rel, run(checkout.resolve("recall"), Map.of("RECALL_NO_DAEMON", "1"), rel),
                run(checkout.resolve("recall"), Map.of(), rel));
    }

    /** At a terminal (util-linux's `script` gives the command one): highlighted the same both ways. */
    @Test
    void atATerminalTheHandedOverOutputIsHighlightedAsInProcess() throws Exception {
        Path script = which("script");
        org.junit.jupiter.api.Assumptions.assumeTrue(script != null, "no script(1) here");
        String line = String.join(" ", java.util.stream.Stream.concat(java.util.stream.Stream.of(
                checkout.resolve("recall").toString()), withData(data, "query", "integration tests", "--limit", "2")
                .stream()).map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
        Run handed = run(script, Map.of(), List.of("-qec", line, "/dev/null"));
        Run local = run(script, Map.of("RECALL_NO_DAEMON", "1"), List.of("-qec", line, "/dev/null"));
        assertTrue(local.text().contains("\u001b["), "highlighted at a terminal: " + local);
        assertSame(List.of("at a terminal"), local, handed);
    }

    private static Map<String, String> with(Map<String, String> env, String k, String v) {
        Map<String, String> m = new java.util.HashMap<>(env);
        m.put(k, v);
        return m;
    }

    @Test
    void withoutCurlWithJvmOptionsOrInAnotherLocaleTheJvmRunsIt() throws Exception {
        List<String> args = withData(data, "query", "integration tests", "--limit", "3");
        Run expected = run(checkout.resolve("recall"), Map.of("RECALL_NO_DAEMON", "1"), args);
        for (Map<String, String> env : List.of(Map.of("PATH", noCurl.toString()),
                Map.of("RECALL_JAVA_OPTS", "-Xss2m"), Map.of("LC_ALL", "POSIX"))) {
            Run r = run(checkout.resolve("recall"), env, args);
            assertTrue(r.javaStarted(), env + ": " + r);
            assertEquals(expected.code(), r.code(), env + ": " + r);
            assertEquals(expected.text(), r.text(), env.toString());
            assertArrayEquals(expected.err(), r.err(), env + ": " + r);
        }
        // hook forms, help and writes are never the shell's either
        for (List<String> other : List.of(withData(data, "query", "--help"), withData(data, "stats", "-h"),
                withData(data, "--version"))) {
            assertTrue(run(checkout.resolve("recall"), Map.of(), other).javaStarted(), other.toString());
        }
    }

    @Test
    void aDaemonGoneOrNotListeningLeavesTheCommandToTheJvm() throws Exception {
        Path stale = tmp.resolve("stale");
        CliRun.seedTestdata(stale);
        assertEquals(0, CliRun.runIn(stale, tmp, Map.of("RECALL_NO_DAEMON", "1"), "query", "warm up").code());
        List<String> args = withData(stale, "query", "integration tests");
        Run expected = run(checkout.resolve("recall"), Map.of("RECALL_NO_DAEMON", "1"), args);
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        writeServeJson(stale, gone.pid(), daemon.info().port(), daemon.info().token());
        Run dead = run(checkout.resolve("recall"), Map.of(), args);
        assertTrue(dead.javaStarted(), dead.toString());
        assertEquals(expected.code(), dead.code(), dead.toString());
        assertEquals(withoutQueryId(expected.text()), withoutQueryId(dead.text()));
        assertArrayEquals(expected.err(), dead.err(), dead.toString());
        // the live daemon named under another data dir: it refuses (409 other_data_dir), the JVM runs it
        writeServeJson(stale, daemon.info().pid(), daemon.info().port(), daemon.info().token());
        Run other = run(checkout.resolve("recall"), Map.of(), args);
        assertTrue(other.javaStarted(), other.toString());
        assertEquals(withoutQueryId(expected.text()), withoutQueryId(other.text()));
        assertArrayEquals(expected.err(), other.err(), other.toString());
    }

    /**
     * A server that answers 200 with a shell answer that is not whole (a frame longer than what follows, or no exit
     * line): the launcher prints none of it and the JVM runs the command.
     */
    @Test
    void aMalformedAnswerPrintsNothingAndTheJvmRunsTheCommand() throws Exception {
        Path dir = tmp.resolve("malformed");
        CliRun.seedTestdata(dir);
        assertEquals(0, CliRun.runIn(dir, tmp, Map.of("RECALL_NO_DAEMON", "1"), "query", "warm up").code());
        List<String> args = withData(dir, "query", "integration tests");
        Run expected = run(checkout.resolve("recall"), Map.of("RECALL_NO_DAEMON", "1"), args);
        int served = 0;
        for (String body : List.of("recall-shell 1\n1 100\nonly part of it\n0 0\n",
                "recall-shell 1\n1 5\nhello\n", "recall-shell 2\n0 0\n", "recall-shell 1\n1 5\nhello\n0 x\n")) {
            try (java.net.ServerSocket fake = new java.net.ServerSocket(0)) {
                fake.setSoTimeout(120_000);
                // one connection, the shell's: then nothing listens, and the JVM finds no daemon either
                Thread server = Thread.ofVirtual().start(() -> {
                    try (java.net.Socket sock = fake.accept()) {
                        fake.close();
                        var in = sock.getInputStream();
                        StringBuilder head = new StringBuilder();
                        while (!head.toString().endsWith("\r\n\r\n")) {
                            head.append((char) in.read());
                        }
                        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)")
                                .matcher(head);
                        in.readNBytes(m.find() ? Integer.parseInt(m.group(1)) : 0);
                        byte[] b = body.getBytes(StandardCharsets.UTF_8);
                        sock.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Type: "
                                + dev.recall.server.Handoff.SHELL_CONTENT_TYPE + "\r\nContent-Length: " + b.length
                                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                        sock.getOutputStream().write(b);
                        sock.getOutputStream().flush();
                        SERVED.incrementAndGet();
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                });
                writeServeJson(dir, ProcessHandle.current().pid(), fake.getLocalPort(), "t");
                Run r = run(checkout.resolve("recall"), Map.of(), args);
                server.join();
                assertEquals(served + 1, SERVED.get(), "the shell asked the fake daemon: " + body);
                served++;
                assertTrue(r.javaStarted(), body + ": " + r);
                assertEquals(expected.code(), r.code(), r.toString());
                assertEquals(withoutQueryId(expected.text()), withoutQueryId(r.text()), body);
                assertArrayEquals(expected.err(), r.err(), body + ": " + r);
            }
        }
    }

    /**
     * The token reaches curl on its stdin, never its command line (which ps shows to every user): a curl on PATH
     * that notes its arguments and its stdin, then runs the real one.
     */
    @Test
    void theTokenIsNeverOnCurlsCommandLine() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("noting-curl"));
        Path argv = tmp.resolve("curl-argv");
        Path stdin = tmp.resolve("curl-stdin");
        Path curl = dir.resolve("curl");
        Files.writeString(curl, "#!/bin/sh\nprintf '%s\\n' \"$@\" > '" + argv + "'\ntee '" + stdin + "' | '"
                + which("curl") + "' \"$@\"\n");
        curl.toFile().setExecutable(true);
        List<String> args = withData(data, "stats");
        Run r = run(checkout.resolve("recall"), Map.of("PATH", dir + File.pathSeparator + System.getenv("PATH")),
                args);
        assertFalse(r.javaStarted(), r.toString());
        assertEquals(0, r.code(), r.toString());
        String token = daemon.info().token();
        assertFalse(Files.readString(argv).contains(token), Files.readString(argv));
        assertTrue(Files.readString(stdin).contains("Bearer " + token));
    }

    /**
     * The shell's answer is lost after the daemon ran and recorded the query: the JVM then runs the command with the
     * request id the shell sent (-Drecall.request-id), and the ledger keeps one event for it.
     */
    @Test
    void aQueryWhoseShellAnswerWasLostIsRecordedOnce() throws Exception {
        Path dies = tmp.resolve("lost");
        CliRun.seedTestdata(dies);
        assertEquals(0, CliRun.runIn(dies, tmp, Map.of("RECALL_NO_DAEMON", "1"), "query", "warm up", "--no-record")
                .code());
        Process serve = RecallProcess.serve(tmp, dies, tmp.resolve("lost-serve.log"));
        try {
            RecallProcess.awaitDaemon(dies, serve);
            ServeInfo info = ServeInfo.read(dies).orElseThrow();
            try (AnswerLosingProxy proxy = new AnswerLosingProxy(info.port())) {
                writeServeJson(dies, info.pid(), proxy.port(), info.token());
                proxy.loseNextHandoverAnswer(() -> {});
                Run r = run(checkout.resolve("recall"), Map.of(), withData(dies, "query",
                        "integration tests lost on the way", "--json"));
                assertEquals(0, r.code(), r.toString());
                assertTrue(r.javaStarted(), "the JVM ran it after the shell's answer was lost: " + r);
                assertEquals(List.of("HTTP/1.1 200 OK"), proxy.lost(), "the daemon ran the command first");
                assertTrue(proxy.requests().getFirst().startsWith("POST /api/v1/cli/run/shell "), proxy.requests()
                        .toString());
                List<Map<String, Object>> events = StoreSql.rowsOfFile(dies.resolve("recall.db"),
                        "SELECT id, request_id FROM recall_query_events WHERE query_text = ?",
                        "integration tests lost on the way");
                assertEquals(1, events.size(), "recorded " + events.size() + " times: " + events);
                assertEquals(((Number) events.getFirst().get("id")).longValue(),
                        new ObjectMapper().readTree(r.text()).path("query_id").asLong(-1), r.toString());
            }
        } finally {
            serve.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** A serve.json as the daemon writes it (its pretty printer), naming any pid and port. */
    private static void writeServeJson(Path dataDir, long pid, int port, String token) throws IOException {
        Files.createDirectories(dataDir);
        Files.writeString(dataDir.resolve(ServeInfo.FILE), "{\n  \"pid\" : " + pid + ",\n  \"host\" : \"127.0.0.1\",\n"
                + "  \"port\" : " + port + ",\n  \"token\" : \"" + token + "\",\n  \"data_dir\" : \"" + dataDir
                + "\",\n  \"listen_public\" : false\n}");
    }
}
