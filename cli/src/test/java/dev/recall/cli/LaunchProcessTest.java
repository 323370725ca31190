package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.server.Daemon;
import dev.recall.server.Handoff;
import dev.recall.server.HandoffClient;
import dev.recall.server.ServeInfo;
import dev.recall.store.StoreSql;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar's entry point as real processes against a real daemon on 127.0.0.1: a read command is handed over and
 * prints the same bytes, on stdout and stderr, with the same exit code, as the command run in-process
 * (RECALL_NO_DAEMON=1), while loading none of picocli, Jackson or the service; everything the daemon cannot or may
 * not answer runs in-process as before.
 */
class LaunchProcessTest {
    @TempDir
    static Path tmp;
    static Path data;
    static Path project;
    static Daemon daemon;

    /** One process's output, and the classes it loaded (by name). */
    record Run(int code, byte[] out, byte[] err, Set<String> classes) {
        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }

        boolean handedOver() {
            return classes.contains(Launch.class.getName()) && classes.stream().noneMatch(c -> c.startsWith("picocli.")
                    || c.startsWith("com.fasterxml.") || c.startsWith("dev.recall.service."));
        }

        @Override
        public String toString() {
            return "exit " + code + "\nstdout:\n" + text() + "\nstderr:\n" + new String(err, StandardCharsets.UTF_8);
        }
    }

    @BeforeAll
    static void start() throws IOException {
        data = tmp.resolve("data");
        CliRun.seedTestdata(data);
        // the first query builds the lexical index and says so; after it, both paths print the same
        assertEquals(0, CliRun.runIn(data, tmp, Map.of("RECALL_NO_DAEMON", "1"), "query", "warm up").code());
        project = CliRun.projectWithContext(tmp.resolve("ledgerd"));
        daemon = Daemon.start(data, CliRun.daemonSettings(), Map.of("HOME", tmp.toString()), m -> {}, false, new HandoffRunner());
    }

    @AfterAll
    static void stop() {
        daemon.close();
    }

    /** `recall --data-dir DIR args` as its own JVM started at the jar's entry point, in the project's directory. */
    static Run launch(Path dataDir, Map<String, String> env, List<String> jvm, String... args) throws Exception {
        Path log = Files.createTempFile(tmp, "classes", ".log");
        Path out = Files.createTempFile(tmp, "out", ".bin");
        Path err = Files.createTempFile(tmp, "err", ".bin");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Dai.djl.offline=true", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Xlog:disable", "-Xlog:class+load=info:file=" + log));
        cmd.addAll(jvm);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Launch.class.getName(), "--data-dir",
                dataDir.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(project.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        for (String k : List.of("RECALL_NO_DAEMON", "RECALL_SERVICE_URL", "RECALL_DATA_DIR", "NO_COLOR", "TERM")) {
            pb.environment().remove(k);
        }
        pb.environment().put("HOME", tmp.toString());
        pb.environment().put("DJL_OFFLINE", "true");
        pb.environment().putAll(env);
        Process p = pb.start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "recall " + String.join(" ", args) + " did not end");
        Set<String> classes = new HashSet<>();
        for (String line : Files.readAllLines(log)) {
            int at = line.indexOf("] ");
            int source = line.indexOf(" source:");
            if (at >= 0 && source > at) {
                classes.add(line.substring(line.lastIndexOf("] ", source) + 2, source));
            }
        }
        return new Run(p.exitValue(), Files.readAllBytes(out), Files.readAllBytes(err), classes);
    }

    private static String withoutQueryId(String json) {
        return json.replaceAll("\"query_id\" : \\d+", "\"query_id\" : N");
    }

    @Test
    void readCommandsPrintTheSameBytesHandedOverAsInProcess() throws Exception {
        List<List<String>> commands = List.of(
                List.of("query", "how do I run the integration tests"),
                List.of("query", "integration tests", "--scores", "--limit", "3", "--evidence"),
                List.of("query", "postgres", "--json"),
                List.of("brief", "fix the rounding bug in the FX conversion"),
                List.of("list", "--project", "ledgerd", "--type", "warning"),
                List.of("list", "--json", "--limit", "5"),
                List.of("get", "ledgerd-proc-001", "--evidence"),
                List.of("stats"),
                List.of("show"),
                // failures: a bad value is a usage error (2), a missing entry is not found (5), in JSON too
                List.of("query", "x", "--mode", "bogus"),
                List.of("get", "no-such-entry", "--json"));
        List<String> jvm = List.of("-Drecall.terminal=0");
        for (List<String> c : commands) {
            String[] args = c.toArray(String[]::new);
            Run handed = launch(data, Map.of(), jvm, args);
            Run local = launch(data, Map.of("RECALL_NO_DAEMON", "1"), jvm, args);
            assertTrue(handed.handedOver(), c + " was not handed over: " + handed.classes());
            assertFalse(local.handedOver(), c + " ran in-process");
            assertEquals(local.code(), handed.code(), c + "\n" + local + "\n" + handed);
            assertEquals(withoutQueryId(local.text()), withoutQueryId(handed.text()), c.toString());
            assertArrayEquals(local.err(), handed.err(), c + "\n" + local + "\n" + handed);
            // what a handover loads of recall's own is what the class cache's first run loads for it
            handed.classes().stream().filter(n -> n.startsWith("dev.recall.")).forEach(n -> assertTrue(
                    n.equals(Launch.class.getName()) || Launch.CLIENT_CLASSES.contains(n), n + " is not in "
                            + "Launch.CLIENT_CLASSES"));
        }
        Run notFound = launch(data, Map.of(), jvm, "get", "no-such-entry");
        assertEquals(5, notFound.code(), notFound.toString());
        assertEquals(2, launch(data, Map.of(), jvm, "query", "x", "--mode", "bogus").code());
    }

    @Test
    void theClientsTerminalAndEnvironmentReachTheCommand() throws Exception {
        List<String> terminal = List.of("-Drecall.terminal=1");
        Run handed = launch(data, Map.of(), terminal, "query", "integration tests", "--limit", "3");
        Run local = launch(data, Map.of("RECALL_NO_DAEMON", "1"), terminal, "query", "integration tests", "--limit",
                "3");
        assertTrue(handed.handedOver(), handed.classes().toString());
        assertTrue(local.text().contains("\u001b["), "highlighted at a terminal: " + local);
        assertArrayEquals(local.out(), handed.out(), local + "\n" + handed);
        Run plain = launch(data, Map.of("NO_COLOR", "1"), terminal, "query", "integration tests", "--limit", "3");
        assertTrue(plain.handedOver());
        assertFalse(plain.text().contains("\u001b["), "NO_COLOR in the client's environment: " + plain);
    }

    @Test
    void aStaleServeJsonOrADaemonThatDoesNotAnswerRunsInProcess() throws Exception {
        Path stale = tmp.resolve("stale");
        CliRun.importSessions(stale, "part-a", "part-b");
        CliRun imported = CliRun.run(stale, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(),
                "--yes", "--reviewed");
        assertEquals(0, imported.code(), imported.toString());
        // the first query builds the lexical index and says so on stderr; the runs compared come after it
        assertEquals(0, CliRun.runIn(stale, tmp, Map.of("RECALL_NO_DAEMON", "1"), "query", "warm up").code());
        List<String> jvm = List.of("-Drecall.terminal=0");
        Run expected = launch(stale, Map.of("RECALL_NO_DAEMON", "1"), jvm, "query", "integration tests");
        assertEquals(0, expected.code(), expected.toString());

        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        new ServeInfoWriter(stale).write(gone.pid(), daemon.info().port(), daemon.info().token());
        Run dead = launch(stale, Map.of(), jvm, "query", "integration tests");
        assertFalse(dead.handedOver());
        assertEquals(expected.code(), dead.code(), dead.toString());
        assertEquals(withoutQueryId(expected.text()), withoutQueryId(dead.text()));

        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        // a live pid (this test's JVM) whose port nobody listens on: connection refused, then in-process (the full
        // command line finds no answer there either and reads the store itself)
        new ServeInfoWriter(stale).write(ProcessHandle.current().pid(), closed, "t");
        Run refused = launch(stale, Map.of(), jvm, "query", "integration tests");
        assertFalse(refused.handedOver());
        assertEquals(expected.code(), refused.code(), refused.toString());
        assertEquals(withoutQueryId(expected.text()), withoutQueryId(refused.text()));
        assertArrayEquals(expected.err(), refused.err(), refused.toString());
    }

    @Test
    void writesHookFormsAndOtherDataDirsAreNeverHandedOver() throws Exception {
        // through the entry point: the full command line runs and refuses the write as before
        Run write = launch(data, Map.of(), List.of(), "import", CliRun.TESTDATA.resolve("demo/late-entry.jsonl")
                .toString(), "--yes");
        assertFalse(write.handedOver());
        assertEquals(1, write.code(), write.toString());
        assertTrue(new String(write.err(), StandardCharsets.UTF_8).contains("recall serve --stop"), write.toString());

        // straight to the route with the token, as a client that ignores the entry point's own choice would
        HandoffClient client = new HandoffClient(Duration.ofSeconds(5), Duration.ofMinutes(3));
        String before = CliRun.runIn(data, tmp, Map.of("RECALL_NO_DAEMON", "1"), "stats", "--json").out();
        for (List<String> args : List.of(
                List.of("import", CliRun.TESTDATA.resolve("demo/late-entry.jsonl").toString(), "--yes"),
                List.of("serve", "--stop"),
                List.of("show", "--hook"),
                List.of("query", "--help"),
                List.of("query", "x", "-hV"),
                List.of("--data-dir", tmp.resolve("elsewhere").toString(), "stats"),
                List.of("sessions", "list"))) {
            Handoff.Invocation inv = new Handoff.Invocation(args, project, data, Map.of("HOME", tmp.toString()), false,
                    Locale.getDefault().toLanguageTag(), Locale.getDefault(Locale.Category.FORMAT).toLanguageTag(),
                    StandardCharsets.UTF_8, StandardCharsets.UTF_8, null);
            assertTrue(client.send(inv).isEmpty(), args + " was run by the daemon");
        }
        assertTrue(ProcessHandle.of(daemon.info().pid()).map(ProcessHandle::isAlive).orElse(false));
        assertEquals(before, CliRun.runIn(data, tmp, Map.of("RECALL_NO_DAEMON", "1"), "stats", "--json").out(),
                "nothing was written");
    }

    @Test
    void theRunThatCreatesTheClassCacheTakesTheFullPathAndLoadsTheClientsClasses() throws Exception {
        Path cache = tmp.resolve("not-yet-written.jsa");
        Run first = launch(data, Map.of(), List.of("-Drecall.terminal=0", "-D" + Launch.CLASS_CACHE_PROPERTY + "="
                + cache), "stats");
        assertFalse(first.handedOver(), first.classes().toString());
        assertEquals(0, first.code(), first.toString());
        assertTrue(first.classes().containsAll(Launch.CLIENT_CLASSES), first.classes().toString());
        Files.writeString(cache, "exists");
        Run later = launch(data, Map.of(), List.of("-Drecall.terminal=0", "-D" + Launch.CLASS_CACHE_PROPERTY + "="
                + cache), "stats");
        assertTrue(later.handedOver(), later.classes().toString());
        assertArrayEquals(first.out(), later.out());
    }

    /**
     * The double record: a handed-over query is recorded by the daemon, whose answer is then lost, and the client
     * runs the command again (in-process, or through the daemon's query route when it still lives). Every run of one
     * invocation carries the id the client gave it, and the ledger keeps one event per id: one record, and the
     * query_id printed is that record's. Without the id each case recorded the query twice.
     */
    @Test
    void aQueryRecordedByTheDaemonBeforeItsAnswerWasLostIsRecordedOnce() throws Exception {
        Path dies = tmp.resolve("dies");
        CliRun.seedTestdata(dies);
        assertEquals(0, CliRun.runIn(dies, tmp, Map.of("RECALL_NO_DAEMON", "1"), "query", "warm up", "--no-record")
                .code());
        Process serve = RecallProcess.serve(tmp, dies, tmp.resolve("dies-serve.log"));
        try {
            RecallProcess.awaitDaemon(dies, serve);
            ServeInfo info = ServeInfo.read(dies).orElseThrow();
            try (AnswerLosingProxy proxy = new AnswerLosingProxy(info.port())) {
                new ServeInfoWriter(dies).write(info.pid(), proxy.port(), info.token());
                List<String> jvm = List.of("-Drecall.terminal=0");

                // the answer is lost and the daemon lives on: the command runs again in the client, which asks the
                // daemon's query route, under the same id
                proxy.loseNextHandoverAnswer(() -> {});
                Run alive = launch(dies, Map.of(), jvm, "query", "integration tests while it lives", "--json");
                assertEquals(0, alive.code(), alive.toString());
                assertEquals(List.of("HTTP/1.1 200 OK"), proxy.lost(), "the daemon ran the command first");
                assertTrue(proxy.requests().stream().anyMatch(r -> r.startsWith("POST /api/v1/recall/query ")),
                        "then the client asked the query route: " + proxy.requests());
                assertRecordedOnce(dies, "integration tests while it lives", alive);

                // the answer is lost because the daemon is killed after running the command: the client runs it
                // in-process
                proxy.loseNextHandoverAnswer(() -> {
                    serve.destroyForcibly();
                    try {
                        assertTrue(serve.waitFor(30, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
                int before = proxy.requests().size();
                Run killed = launch(dies, Map.of(), jvm, "query", "integration tests when it dies", "--json");
                assertEquals(0, killed.code(), killed.toString());
                assertEquals(2, proxy.lost().size(), proxy.lost().toString());
                assertFalse(serve.isAlive());
                assertEquals(before + 1, proxy.requests().size(), "in-process, no daemon asked: " + proxy.requests());
                assertRecordedOnce(dies, "integration tests when it dies", killed);
            }
        } finally {
            serve.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** One ledger event of this query text, with a request id, and the query_id the client printed is its id. */
    private static void assertRecordedOnce(Path dataDir, String text, Run run) throws IOException {
        List<Map<String, Object>> events = StoreSql.rowsOfFile(dataDir.resolve("recall.db"),
                "SELECT id, request_id FROM recall_query_events WHERE query_text = ?", text);
        assertEquals(1, events.size(), text + " recorded " + events.size() + " times: " + events);
        assertNotNull(events.getFirst().get("request_id"), events.toString());
        long printed = new ObjectMapper().readTree(run.text()).path("query_id").asLong(-1);
        assertEquals(((Number) events.getFirst().get("id")).longValue(), printed, run.toString());
    }

    /** Writes a serve.json as a daemon would, naming any pid and port. */
    private record ServeInfoWriter(Path dataDir) {
        void write(long pid, int port, String token) throws IOException {
            Files.createDirectories(dataDir);
            Files.writeString(dataDir.resolve(ServeInfo.FILE), "{\"pid\": " + pid + ", \"host\": \"127.0.0.1\","
                    + " \"port\": " + port + ", \"token\": \"" + token + "\", \"data_dir\": \"" + dataDir + "\"}");
        }
    }
}
