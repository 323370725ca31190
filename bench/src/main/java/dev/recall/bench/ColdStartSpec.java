package dev.recall.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * How to start {@code recall} as a fresh process: the java binary, the launcher's JVM flags and the fat jar.
 *
 * @param runs timed runs per variant; one more, untimed, primes the OS page cache and the model cache
 */
public record ColdStartSpec(Path java, List<String> jvmFlags, Path jar, int runs) {
    /** The flags the {@code ./recall} launcher passes (besides its CDS archive). */
    public static final List<String> LAUNCHER_FLAGS = List.of("--add-modules", "jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED", "-Dai.djl.offline=true", "-XX:+UseSerialGC");

    public ColdStartSpec {
        jvmFlags = List.copyOf(jvmFlags);
        if (runs < 1) {
            throw new IllegalArgumentException("cold-start runs must be at least 1");
        }
    }
}
