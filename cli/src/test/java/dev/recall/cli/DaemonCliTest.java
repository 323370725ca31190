package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.server.Daemon;
import dev.recall.store.StoreSql;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With a daemon serving the data dir, the read commands are answered by it and print exactly what they print
 * in-process; writes are refused naming `recall serve --stop`; RECALL_NO_DAEMON=1 runs in-process.
 */
class DaemonCliTest {
    @TempDir
    static Path tmp;
    static Path data;
    static Daemon daemon;
    static final Map<String, String> IN_PROCESS = Map.of("RECALL_NO_DAEMON", "1");

    @BeforeAll
    static void start() {
        data = tmp.resolve("data");
        CliRun.seedTestdata(data);
        daemon = Daemon.start(data, CliRun.daemonSettings(), Map.of("HOME", tmp.toString()), m -> {}, false);
    }

    @AfterAll
    static void stop() {
        daemon.close();
    }

    private static CliRun run(Map<String, String> env, String... args) {
        return CliRun.runIn(data, tmp, env, args);
    }

    private static String withoutQueryId(String json) {
        return json.replaceAll("\"query_id\" : \\d+", "\"query_id\" : N");
    }

    @Test
    void readCommandsPrintTheSameThroughTheDaemon() {
        List<List<String>> commands = List.of(
                List.of("query", "how do I run the integration tests"),
                List.of("query", "integration tests", "--scores", "--project", "ledgerd", "--limit", "3"),
                List.of("query", "postgres", "--json", "--type", "fact"),
                List.of("query", "postgres", "--limit", "2", "--trusted-only"),
                List.of("list", "--project", "ledgerd", "--type", "warning"),
                List.of("list", "--json", "--limit", "5", "--review-state", "unreviewed_auto"),
                List.of("get", "ledgerd-proc-001", "--evidence"),
                List.of("get", "ledgerd-proc-001", "--json"),
                List.of("stats"),
                List.of("stats", "--json"),
                List.of("brief", "fix the rounding bug in the FX conversion"),
                List.of("brief", "integration tests", "--json", "--context-max-bytes", "2000"),
                List.of("brief", "nothing matches zzyzx", "--project", "nope"),
                // issue 22: the reference tool's flags go through the daemon too
                List.of("query", "integration tests", "--context", "--summary", "--evidence", "--limit", "3"),
                List.of("query", "integration tests", "--format", "json", "--context-max-bytes", "900",
                        "--summary", "--evidence", "--extractor-method", "manual"),
                List.of("list", "--query", "postgres", "--summary", "--evidence", "--limit", "3", "--no-record"),
                List.of("list", "--source-session-id", "sess-ledgerd-0001", "--json", "--summary"),
                List.of("stats", "--project", "ledgerd", "--extractor-method", "manual"),
                List.of("stats", "--json", "--source-session-id", "sess-ledgerd-0001"));
        // the first in-process run builds the lexical index (and says so on stderr); the daemon's readers share it
        assertEquals(0, run(IN_PROCESS, "query", "warm up").code());
        for (List<String> c : commands) {
            String[] args = c.toArray(String[]::new);
            CliRun local = run(IN_PROCESS, args);
            CliRun remote = run(Map.of(), args);
            assertEquals(local.code(), remote.code(), c + "\n" + local + "\n" + remote);
            assertEquals(withoutQueryId(local.out()), withoutQueryId(remote.out()), c.toString());
            assertEquals(local.err(), remote.err(), c.toString());
        }
        // the cli's queries through the daemon stay the cli's in the ledger
        CliRun stats = run(IN_PROCESS, "ledger", "stats", "--json");
        assertFalse(stats.json().path("by_surface").has("http"), stats.out());
    }

    @Test
    void failuresAreWordedTheSameThroughTheDaemon() {
        for (String[] args : List.of(new String[] {"query", "integration", "--mode", "hybrid"},
                new String[] {"get", "no-such-entry"}, new String[] {"query", "x", "--cursor", "garbage"})) {
            CliRun local = run(IN_PROCESS, args);
            CliRun remote = run(Map.of(), args);
            assertNotEquals(0, local.code());
            assertEquals(local.code(), remote.code(), local + "\n" + remote);
            assertEquals(local.err(), remote.err());
        }
    }

    @Test
    void writesAreRefusedWhileTheDaemonOwnsTheArchive() {
        CliRun refused = run(Map.of(), "import", CliRun.TESTDATA.resolve("demo/late-entry.jsonl").toString(), "--yes");
        assertEquals(1, refused.code(), refused.toString());
        assertTrue(refused.err().contains("recall serve --stop") && refused.err().contains("pid "
                + ProcessHandle.current().pid()), refused.err());
        assertEquals(0, run(Map.of(), "import", CliRun.TESTDATA.resolve("demo/late-entry.jsonl").toString(),
                "--dry-run").code(), "a dry run writes nothing");
        CliRun sync = run(Map.of(), "sync", "--path", tmp.toString());
        assertEquals(1, sync.code());
        // writes of the archive by other commands too: trashing a session, the secrets backfill, the doctor's --gc
        String sessions = run(IN_PROCESS, "sessions", "list", "--json", "--limit", "1000").out();
        assertTrue(sessions.contains("sess-ledgerd-0003"), sessions);
        for (String[] write : List.of(new String[] {"sessions", "trash", "sess-ledgerd-0003"},
                new String[] {"sessions", "trash", "sess-ledgerd-0003", "--automated"},
                new String[] {"secrets", "scan", "--backfill"}, new String[] {"doctor", "--gc"})) {
            CliRun w = run(Map.of(), write);
            assertEquals(1, w.code(), w.toString());
            assertTrue(w.err().contains("recall serve --stop"), w.err());
        }
        assertEquals(sessions, run(IN_PROCESS, "sessions", "list", "--json", "--limit", "1000").out(),
                "no session was trashed or marked");
        assertEquals(0, run(Map.of(), "secrets", "scan").code(), "a scan without --backfill only reports");
    }

    @Test
    void theSessionStartHookIsAnsweredByTheDaemonWithTheSameText() throws Exception {
        Path project = tmp.resolve("ledgerd");
        Files.createDirectories(project.resolve(".git"));
        Files.writeString(project.resolve(".git/HEAD"), "ref: refs/heads/fix/rounding\n");
        String input = "{\"hook_event_name\":\"SessionStart\",\"cwd\":\"" + project + "\"}";
        CliRun local = withStdin(input, () -> run(IN_PROCESS, "show", "--hook"));
        CliRun remote = withStdin(input, () -> run(Map.of(), "show", "--hook"));
        assertTrue(local.out().contains("<recall-brief>"), local.toString());
        assertEquals(local.out(), remote.out());
    }

    @Test
    void theHookScriptUsesCurlWhenTheDaemonIsUp() throws Exception {
        Path project = tmp.resolve("curl").resolve("ledgerd");
        Files.createDirectories(project.resolve(".git"));
        Files.writeString(project.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        String input = "{\"hook_event_name\":\"SessionStart\",\"cwd\":\"" + project + "\"}";
        CliRun local = withStdin(input, () -> run(IN_PROCESS, "show", "--hook"));
        Path script = CliRun.TESTDATA.resolve("../src/claude-plugin/hooks/run-recall.sh").normalize();
        // a curl first on PATH that notes its arguments, then runs the real one: the token must not be among them,
        // since any local user reads a command line with ps
        Path noting = Files.createDirectories(tmp.resolve("noting-curl"));
        Path argv = tmp.resolve("curl-argv");
        Files.writeString(noting.resolve("curl"), "#!/bin/sh\nprintf '%s\\n' \"$@\" > '" + argv
                + "'\nexec /usr/bin/curl \"$@\"\n");
        assertTrue(noting.resolve("curl").toFile().setExecutable(true));
        // RECALL_BIN names a program that fails: the output can only have come from the daemon, through curl
        Map<String, String> env = new HashMap<>(Map.of("RECALL_DATA_DIR", data.toString(), "RECALL_BIN", "/bin/false",
                "PATH", noting + ":/usr/bin:/bin", "HOME", tmp.toString()));
        ProcessBuilder pb = new ProcessBuilder("sh", script.toString(), "show", "--hook");
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        assertEquals(local.out(), out, err);
        assertTrue(out.contains("<recall-brief>"), out + err);
        String curlArgs = Files.readString(argv);
        assertTrue(curlArgs.contains("/api/v1/hooks/session-start"), curlArgs);
        assertFalse(curlArgs.contains(daemon.info().token()), curlArgs);
    }

    @Test
    void thePromptHookIsAnsweredByTheDaemonWithoutStartingAnyProgram() throws Exception {
        String related = "{\"hook_event_name\":\"UserPromptSubmit\",\"cwd\":\"/tmp/d\u00e9j\u00e0\",\"prompt\":"
                + "\"make db-down deleted the dev database volume again, how do I keep my data?\"}";
        String unrelated = "{\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":\"add a dark mode toggle to the"
                + " settings page\"}";
        CliRun local = withStdin(related, () -> run(IN_PROCESS, "prompt", "--hook"));
        assertTrue(local.out().contains("<recall-brief>"), local.toString());
        long before = hookCalls();
        // PATH names nothing: the answer can only have come through bash's own /dev/tcp (no curl, no sed, no JVM)
        assertEquals(local.out(), promptHook(related, Map.of()));
        assertEquals("", promptHook(unrelated, Map.of()));
        // the daemon records both lookups after answering them
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (hookCalls() < before + 2 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(before + 2, hookCalls());
        // no daemon for the data dir: nothing, at once
        assertEquals("", promptHook(related, Map.of("RECALL_DATA_DIR", tmp.resolve("none").toString())));
    }

    private static String promptHook(String input, Map<String, String> env) throws Exception {
        Path script = CliRun.TESTDATA.resolve("../src/claude-plugin/hooks/prompt-recall.sh").normalize();
        ProcessBuilder pb = new ProcessBuilder("/bin/bash", script.toString());
        pb.environment().clear();
        pb.environment().putAll(Map.of("RECALL_DATA_DIR", data.toString(), "PATH", "/nonexistent",
                "HOME", tmp.toString()));
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), err);
        assertEquals("", err);
        return out;
    }

    private static long hookCalls() throws Exception {
        return ((Number) StoreSql.rowsOfFile(data.resolve("recall.db"),
                "SELECT count(*) AS n FROM recall_tool_calls WHERE surface = 'hook'").getFirst().get("n")).longValue();
    }

    private static CliRun withStdin(String input, java.util.function.Supplier<CliRun> run) {
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
            return run.get();
        } finally {
            System.setIn(saved);
        }
    }
}
