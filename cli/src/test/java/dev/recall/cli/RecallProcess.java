package dev.recall.cli;

import dev.recall.server.DaemonClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
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

    /** `recall serve --no-schedulers --idle-timeout 0` on the data dir as its own process, its output to {@code log}. */
    static Process serve(Path home, Path data, Path log, String... extra) throws IOException {
        return serve(home, data, log, List.of(), extra);
    }

    /** As {@link #serve(Path, Path, Path, String...)}, the JVM started with {@code jvmFlags} too. */
    static Process serve(Path home, Path data, Path log, List<String> jvmFlags, String... extra) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
                "-Dai.djl.offline=true"));
        cmd.addAll(jvmFlags);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "--data-dir", data.toString(), "serve", "--no-schedulers", "--idle-timeout", "0"));
        cmd.addAll(List.of(extra));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("HOME", home.toString());
        pb.environment().put("DJL_OFFLINE", "true");
        return pb.start();
    }

    /** The daemon process {@code p} once it answers its health route (90 s at most). */
    static DaemonClient awaitDaemon(Path data, Process p) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            var c = DaemonClient.find(data, Duration.ofSeconds(30));
            if (c.isPresent() && c.get().info().pid() == p.pid()) {
                try {
                    if (c.get().get("/api/v1/health").ok()) {
                        return c.get();
                    }
                } catch (DaemonClient.UnreachableException e) {
                    // starting
                }
            }
            if (!p.isAlive()) {
                throw new AssertionError("the daemon exited during start-up");
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no daemon answered within 90 s");
    }
}
