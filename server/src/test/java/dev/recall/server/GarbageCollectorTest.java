package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GarbageCollectorTest {
    @Test
    void namesEachCollectorByItsBeansAsTheJdkNamesThem() {
        // the beans of temurin 25 under each -XX:+Use...GC flag
        assertEquals("Serial", GarbageCollector.of(List.of("Copy", "MarkSweepCompact")).name());
        assertEquals("G1", GarbageCollector.of(List.of("G1 Young Generation", "G1 Concurrent GC", "G1 Old Generation"))
                .name());
        assertEquals("Parallel", GarbageCollector.of(List.of("PS MarkSweep", "PS Scavenge")).name());
        assertEquals("ZGC", GarbageCollector.of(List.of("ZGC Minor Cycles", "ZGC Minor Pauses")).name());
        assertEquals("Shenandoah", GarbageCollector.of(List.of("Shenandoah Pauses", "Shenandoah Cycles")).name());
        assertEquals("Epsilon", GarbageCollector.of(List.of("Epsilon Heap")).name());
        assertEquals("unknown", GarbageCollector.of(List.of("Some Future GC")).name());
    }

    @Test
    void thisJvmsIsReadFromItsBeans() {
        GarbageCollector gc = GarbageCollector.current();
        assertEquals(ManagementFactory.getGarbageCollectorMXBeans().stream().map(b -> b.getName()).toList(), gc.beans());
        assertNotEquals("unknown", gc.name(), gc.toString());
        List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments();
        GarbageCollector.selectedBy(flags).ifPresent(chosen -> assertEquals(chosen, gc.name(), flags.toString()));
    }

    @Test
    void theLaunchersFlagsSelectTheSerialCollector() throws Exception {
        assertEquals(Optional.of("Serial"), GarbageCollector.selectedBy(List.of("-Xmx1g", "-XX:+UseSerialGC")));
        assertEquals(Optional.of("ZGC"), GarbageCollector.selectedBy(List.of("-XX:+UseZGC")));
        assertEquals(Optional.empty(), GarbageCollector.selectedBy(List.of("-XX:-UseSerialGC", "-Xss1m")));
        // ./recall and the release archive's bin/recall take their flags from this script
        String script = Files.readString(Path.of("..", "src", "launcher", "jvm-flags.sh"));
        assertEquals(Optional.of("Serial"), GarbageCollector.selectedBy(Arrays.asList(script.split("\\s+"))));
    }
}
