package dev.recall.bench;

/** CPU time of this process as the JVM reports it. */
final class ProcessCpu {
    private ProcessCpu() {}

    /** CPU seconds this process has used, all threads together. */
    static double seconds() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
    }
}
