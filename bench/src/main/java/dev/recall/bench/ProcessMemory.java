package dev.recall.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Memory of this process as Linux and the JVM see it. Off Linux the RSS figures are -1. */
final class ProcessMemory {
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");

    private ProcessMemory() {}

    /** Peak resident set since start or the last {@link #resetPeak()}, in KiB (VmHWM). */
    static long peakRssKb() {
        return statusKb("VmHWM:");
    }

    static long rssKb() {
        return statusKb("VmRSS:");
    }

    /** Starts a new peak (writing 5 to clear_refs resets VmHWM), so each tier reports its own. */
    static boolean resetPeak() {
        try {
            Files.writeString(CLEAR_REFS, "5");
            return true;
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Heap in use after full collections: what the live objects need. */
    static long heapUsedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = Math.min(used, rt.totalMemory() - rt.freeMemory());
        }
        return used;
    }

    private static long statusKb(String key) {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).replace("kB", "").strip());
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
