package dev.recall.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The machine a run was measured on. */
public record Machine(int cpus, String cpuModel, long memoryKb, String jdk, String os, String loadAverage) {

    static Machine current() {
        return new Machine(Runtime.getRuntime().availableProcessors(), readCpuModel(), readMemoryKb(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                currentLoadAverage());
    }

    /** The 1, 5 and 15 minute load averages: the machine is shared, so they say how noisy a run was. */
    static String currentLoadAverage() {
        List<String> lines = read("/proc/loadavg");
        if (lines.isEmpty()) {
            return "unknown";
        }
        String[] f = lines.getFirst().split(" ");
        return f.length >= 3 ? f[0] + " " + f[1] + " " + f[2] : "unknown";
    }

    private static String readCpuModel() {
        return read("/proc/cpuinfo").stream().filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse("unknown");
    }

    private static long readMemoryKb() {
        return read("/proc/meminfo").stream().filter(l -> l.startsWith("MemTotal:"))
                .map(l -> Long.parseLong(l.replaceAll("\\D", ""))).findFirst().orElse(-1L);
    }

    private static List<String> read(String file) {
        try {
            return Files.readAllLines(Path.of(file));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
