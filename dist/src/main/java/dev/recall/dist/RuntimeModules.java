package dev.recall.dist;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.spi.ToolProvider;

/**
 * The JDK modules the bundled runtime is linked with: those jdeps finds referenced by the jar's classes, plus the ones
 * recall's libraries reach only reflectively or by a launcher flag, which jdeps cannot see.
 */
public final class RuntimeModules {
    /** Modules jdeps misses, each with why it is needed. */
    static final Map<String, String> UNSEEN = Map.of(
            "jdk.incubator.vector", "Lucene's SIMD vector code, enabled by the launcher's --add-modules",
            "jdk.management", "Lucene's HotspotVMOptions reads HotSpotDiagnosticMXBean reflectively; without it every"
                    + " search warns that Lucene cannot optimize for this JVM",
            "jdk.unsupported", "sun.misc.Unsafe and sun.misc.Signal, looked up reflectively by Gson (DJL), commons-io"
                    + " and JLine (progress bars)");

    private RuntimeModules() {}

    /** The modules to link for this jar (jlink adds what they require). */
    public static Set<String> of(Path jar) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps")
                .orElseThrow(() -> new IllegalStateException("this JDK has no jdeps; build with a full JDK 21+"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = jdeps.run(new PrintWriter(out), new PrintWriter(err), "--multi-release",
                String.valueOf(Runtime.version().feature()), "--ignore-missing-deps", "--print-module-deps",
                jar.toString());
        if (code != 0) {
            throw new IllegalStateException("jdeps failed on " + jar + ": " + err + out);
        }
        Set<String> modules = new TreeSet<>(Arrays.asList(out.toString().strip().split(",")));
        modules.addAll(UNSEEN.keySet());
        return modules;
    }

    /** Prints the modules for the jar given, comma-separated, for jlink's --add-modules. */
    public static void main(String[] args) {
        System.out.println(String.join(",", of(Path.of(args[0]))));
    }
}
