package dev.recall.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How to start {@code recall} as a fresh process: the java binary, the launcher's JVM flags and the fat jar.
 *
 * @param runs timed runs per variant; one more, untimed, primes the OS page cache and the model cache
 */
public record ColdStartSpec(Path java, List<String> jvmFlags, Path jar, int runs) {
    /**
     * The flags the {@code ./recall} launcher passes to {@code recall query} (besides its class cache and log
     * settings), including C1-only compilation, which it uses for short commands.
     */
    public static final List<String> LAUNCHER_FLAGS = List.of("--add-modules", "jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED", "-Dai.djl.offline=true", "-XX:+UseSerialGC",
            "-XX:MetaspaceSize=64m", "-XX:TieredStopAtLevel=1");

    private static final Pattern RELEASE_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"([0-9][0-9.]*)");

    public ColdStartSpec {
        jvmFlags = List.copyOf(jvmFlags);
        if (runs < 1) {
            throw new IllegalArgumentException("cold-start runs must be at least 1");
        }
    }

    /**
     * The feature version of {@link #java()} (21, 25, ...), read from its JDK's {@code release} file as the launcher
     * does; -1 when there is none or it names no version.
     */
    public int javaFeatureVersion() {
        Path release = java().toAbsolutePath().getParent().resolveSibling("release");
        try {
            return featureVersion(Files.readString(release));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The feature version in the text of a JDK's release file ("1.8.0_402" is 8), or -1. */
    static int featureVersion(String release) {
        Matcher m = RELEASE_VERSION.matcher(release);
        if (!m.find()) {
            return -1;
        }
        String v = m.group(1);
        if (v.startsWith("1.")) {
            v = v.substring(2);
        }
        int dot = v.indexOf('.');
        return Integer.parseInt(dot < 0 ? v : v.substring(0, dot));
    }
}
