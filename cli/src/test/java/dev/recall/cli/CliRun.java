package dev.recall.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
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
