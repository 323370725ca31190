package dev.recall.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A real recall process on a data dir, started as a user would start it (its own JVM, the test's classpath). */
final class RecallProcess {
    private RecallProcess() {}

    static Process start(Path home, Path data, List<String> command, Path log) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
                "-Dai.djl.offline=true", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "--data-dir", data.toString()));
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("HOME", home.toString());
        pb.environment().put("DJL_OFFLINE", "true");
        pb.environment().put("RECALL_NO_DAEMON", "1");
        // the launchers set it too; removed here so that what is tested is recall switching it off itself
        pb.environment().remove("ORT_DISABLE_TELEMETRY");
        return pb.start();
    }
}
