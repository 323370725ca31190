package dev.recall.server;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The garbage collector a JVM runs, named as its {@code -XX:+Use...GC} flag names it (Serial, G1, Parallel, ZGC,
 * Shenandoah, Epsilon), with the names of its collector beans. The launchers run recall with Serial while
 * {@code java -jar} runs G1 on a machine of two cores or more, and a daemon measured under one is not the daemon
 * users start: G1 made the lexical requests of earlier rounds about 1.5 ms slower at 1M entries (docs/benchmarks.md,
 * issue 14, "The daemon as users start it").
 *
 * @param name the collector, or "unknown" when the beans name none of those
 * @param beans the JVM's garbage collector beans ({@code Copy}, {@code MarkSweepCompact} for Serial)
 */
public record GarbageCollector(String name, List<String> beans) {
    private static final Pattern USE_FLAG = Pattern.compile("-XX:\\+Use(\\w+)GC");

    public GarbageCollector {
        beans = List.copyOf(beans);
    }

    /** This JVM's. */
    public static GarbageCollector current() {
        return of(ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName)
                .toList());
    }

    static GarbageCollector of(List<String> beans) {
        for (String bean : beans) {
            String name = bean.equals("Copy") || bean.equals("MarkSweepCompact") ? "Serial"
                    : bean.startsWith("G1 ") ? "G1"
                    : bean.startsWith("PS ") ? "Parallel"
                    : bean.startsWith("ZGC ") ? "ZGC"
                    : bean.startsWith("Shenandoah ") ? "Shenandoah"
                    : bean.startsWith("Epsilon ") ? "Epsilon" : null;
            if (name != null) {
                return new GarbageCollector(name, beans);
            }
        }
        return new GarbageCollector("unknown", beans);
    }

    /**
     * The collector that JVM flags select ({@code -XX:+UseSerialGC}: Serial, {@code -XX:+UseZGC}: ZGC); empty when
     * none does: the JVM then chooses by the machine.
     */
    public static Optional<String> selectedBy(List<String> jvmFlags) {
        String chosen = null;
        for (String flag : jvmFlags) {
            Matcher m = USE_FLAG.matcher(flag);
            if (m.matches()) {
                chosen = m.group(1).equals("Z") ? "ZGC" : m.group(1);
            }
        }
        return Optional.ofNullable(chosen);
    }
}
