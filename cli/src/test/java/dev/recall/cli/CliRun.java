package dev.recall.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import dev.recall.server.ServeSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs the real recall command line in-process against a data dir, capturing output and exit code. */
record CliRun(int code, String out, String err) {
    static final Path TESTDATA = Path.of(System.getProperty("user.dir")).resolve("../testdata").normalize();

    static CliRun run(Path dataDir, String... args) {
        return runIn(dataDir, Path.of("").toAbsolutePath(), Map.of(), args);
    }

    static CliRun runIn(Path dataDir, Path workingDir, Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>();
        if (dataDir != null) {
            all.add("--data-dir");
            all.add(dataDir.toString());
        }
        all.addAll(List.of(args));
        String[] argv = all.toArray(String[]::new);
        int code = RecallCommand.commandLine(env, workingDir, new PrintWriter(out, true), new PrintWriter(err, true),
                argv).execute(argv);
        return new CliRun(code, out.toString(), err.toString());
    }

    /**
     * The sample archive and entries most daemon and launcher tests start from: both sample session files, part-a's
     * entries as human-reviewed and part-b's as imported (unreviewed).
     */
    /** A loopback daemon's settings for tests: no idle exit, no schedules, requests allowed three minutes under load. */
    static ServeSettings daemonSettings() {
        ServeSettings settings = ServeSettings.loopback().withIdleTimeout(Duration.ZERO)
                .withSchedules(ServeSettings.Schedules.off());
        return settings.withLimits(Duration.ofMinutes(3), settings.maxBodyBytes(), settings.maxQueryChars());
    }

    /** A project directory whose .recall/context.md names the ledgerd integration tests. */
    static Path projectWithContext(Path dir) throws IOException {
        Files.createDirectories(dir.resolve(".recall"));
        Files.writeString(dir.resolve(".recall/context.md"), "# ledgerd\n\nRun `make itest` for the integration"
                + " tests (needs docker).\n");
        return dir;
    }

    static void seedTestdata(Path dataDir) {
        importSessions(dataDir, "part-a", "part-b");
        for (String[] entries : List.of(new String[] {"part-a", "--reviewed"}, new String[] {"part-b"})) {
            List<String> args = new ArrayList<>(List.of("import", TESTDATA.resolve("entries/" + entries[0] + ".jsonl")
                    .toString(), "--yes"));
            args.addAll(List.of(entries).subList(1, entries.length));
            CliRun r = run(dataDir, args.toArray(String[]::new));
            if (r.code() != 0) {
                throw new AssertionError("importing " + entries[0] + "'s entries failed: " + r);
            }
        }
    }

    /** The named sample session files (testdata/sessions/NAME.jsonl) imported into the data dir. */
    static void importSessions(Path dataDir, String... names) {
        for (String name : names) {
            CliRun r = run(dataDir, "sessions", "import", TESTDATA.resolve("sessions/" + name + ".jsonl").toString());
            if (r.code() != 0) {
                throw new AssertionError("importing the sessions of " + name + " failed: " + r);
            }
        }
    }

    JsonNode json() {
        try {
            return new ObjectMapper().readTree(out);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + out + "\nstderr: " + err, e);
        }
    }

    @Override
    public String toString() {
        return "exit " + code + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
}
