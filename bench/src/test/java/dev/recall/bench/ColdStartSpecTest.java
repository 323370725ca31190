package dev.recall.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ColdStartSpecTest {
    @TempDir
    Path jdk;

    @Test
    void readsTheFeatureVersionFromTheReleaseFile() {
        assertEquals(25, ColdStartSpec.featureVersion("IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"25.0.1\"\n"));
        assertEquals(21, ColdStartSpec.featureVersion("JAVA_VERSION=\"21\"\nJAVA_RUNTIME_VERSION=\"21+35\"\n"));
        assertEquals(8, ColdStartSpec.featureVersion("JAVA_VERSION=\"1.8.0_402\"\n"));
        assertEquals(-1, ColdStartSpec.featureVersion("IMPLEMENTOR=\"nobody\"\n"));
    }

    @Test
    void findsTheReleaseFileBesideTheJavaBinary() throws Exception {
        Files.createDirectories(jdk.resolve("bin"));
        Path java = jdk.resolve("bin").resolve("java");
        ColdStartSpec spec = new ColdStartSpec(java, List.of(), jdk.resolve("recall-all.jar"), 1);
        assertEquals(-1, spec.javaFeatureVersion(), "no release file");
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"25\"\n");
        assertEquals(25, spec.javaFeatureVersion());
    }

    @Test
    void theAotVariantNeedsJdk25() {
        assertFalse(ColdStartRunner.aotSupported(-1));
        assertFalse(ColdStartRunner.aotSupported(21));
        assertFalse(ColdStartRunner.aotSupported(24));
        assertTrue(ColdStartRunner.aotSupported(25));
        assertTrue(ColdStartRunner.aotSupported(26));
    }

    @Test
    void theAotCacheLivesBesideTheCdsArchive() {
        ColdStartRunner runner = new ColdStartRunner(null, jdk.resolve("recall-appcds.jsa"), s -> { });
        assertEquals(jdk.resolve("recall-aot.aot"), runner.aotCache());
    }

    @Test
    void theLauncherFlagsMatchTheLauncher() throws Exception {
        // ./recall and the release archive's bin/recall both take their JVM flags from src/launcher/jvm-flags.sh
        Path flags = Path.of("..", "src", "launcher", "jvm-flags.sh");
        assertTrue(Files.readString(Path.of("..", "recall")).contains("src/launcher/jvm-flags.sh"));
        String script = Files.readString(flags);
        for (String flag : ColdStartSpec.LAUNCHER_FLAGS) {
            assertTrue(script.contains(flag), flags + " passes " + flag);
        }
    }
}
