package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkout launcher's freshness check (src/launcher/stale.sh, sourced by ./recall): the jar is rebuilt when it is
 * missing or when any file it is built from (a pom, a module's main sources or resources, testdata) was changed after
 * it; test sources and the release module's files do not count. Run on a small tree shaped like the checkout.
 */
class LauncherStaleTest {
    private static final Path SCRIPT = Path.of("..", "src", "launcher", "stale.sh").toAbsolutePath().normalize();
    private static final Instant BUILT = Instant.parse("2026-12-01T12:00:00Z");

    @TempDir
    Path root;

    private static final List<String> FILES = List.of("pom.xml", "store/pom.xml",
            "store/src/main/java/dev/recall/store/Database.java", "store/src/main/resources/dev/recall/store/V1.sql",
            "store/src/test/java/dev/recall/store/DatabaseTest.java", "testdata/entries/part-a.jsonl",
            "dist/pom.xml", "dist/src/main/java/dev/recall/dist/Archive.java", "docs/architecture.md",
            "cli/target/classes/dev/recall/cli/Main.class");

    private Path jar() {
        return root.resolve("cli/target/recall-all.jar");
    }

    /** The tree, every file a minute older than the jar. */
    private void tree() throws Exception {
        for (String f : FILES) {
            Path p = root.resolve(f);
            Files.createDirectories(p.getParent());
            Files.writeString(p, f);
        }
        Files.writeString(jar(), "jar");
        try (var all = Files.walk(root)) {
            for (Path p : all.toList()) {
                Files.setLastModifiedTime(p, FileTime.from(BUILT.minusSeconds(60)));
            }
        }
        Files.setLastModifiedTime(jar(), FileTime.from(BUILT));
    }

    /** True when the check says the jar must be built. */
    private boolean stale() throws Exception {
        Process p = new ProcessBuilder("bash", "-c", "set -euo pipefail; . \"$1\"; recall_jar_stale \"$2\" \"$3\"",
                "stale-test", SCRIPT.toString(), root.toString(), jar().toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertTrue(p.exitValue() == 0 || p.exitValue() == 1, "exit " + p.exitValue() + ": " + out);
        assertEquals("", out, "the check prints nothing");
        return p.exitValue() == 0;
    }

    private void edit(String file) throws Exception {
        Path p = root.resolve(file);
        Files.createDirectories(p.getParent());
        Files.writeString(p, "edited");
        Files.setLastModifiedTime(p, FileTime.from(BUILT.plusSeconds(60)));
    }

    @Test
    void aFreshJarIsKeptAndAMissingOneBuilt() throws Exception {
        tree();
        assertFalse(stale(), "nothing changed after the build");
        Files.delete(jar());
        assertTrue(stale(), "no jar yet");
    }

    @Test
    void aSourceOrResourceOrPomOrTestdataEditedAfterTheBuildMakesItStale() throws Exception {
        for (String changed : List.of("store/src/main/java/dev/recall/store/Database.java",
                "store/src/main/resources/dev/recall/store/V1.sql", "store/pom.xml", "pom.xml",
                "testdata/entries/part-a.jsonl", "server/src/main/java/dev/recall/server/NewModule.java",
                "store/src/main/resources/dev/recall/store/V2.sql")) {
            tree();
            edit(changed);
            assertTrue(stale(), changed + " was edited after the jar was built");
        }
    }

    @Test
    void filesNotInTheJarDoNotMakeItStale() throws Exception {
        for (String changed : List.of("store/src/test/java/dev/recall/store/DatabaseTest.java", "dist/pom.xml",
                "dist/src/main/java/dev/recall/dist/Archive.java", "docs/architecture.md",
                "cli/target/classes/dev/recall/cli/Main.class")) {
            tree();
            edit(changed);
            assertFalse(stale(), changed + " is not built into the jar");
        }
    }

    /**
     * ./recall itself in a copy of the tree, with a Maven wrapper that only counts its runs and, like Maven when
     * nothing in the jar changed, leaves the jar as it was: a changed source builds once, not on every command.
     */
    @Test
    void theLauncherBuildsOnceForAChangedSourceAndNotForATestSource() throws Exception {
        tree();
        Path launcher = root.resolve("recall");
        Files.copy(Path.of("..", "recall"), launcher);
        Files.createDirectories(root.resolve("src/launcher"));
        try (var scripts = Files.list(Path.of("..", "src", "launcher"))) {
            for (Path f : scripts.toList()) {
                Files.copy(f, root.resolve("src/launcher").resolve(f.getFileName()));
            }
        }
        Path runs = root.resolve("maven-runs");
        Path mvnw = root.resolve("mvnw");
        Files.writeString(mvnw, "#!/bin/sh\necho run >> '" + runs + "'\n");
        launcher.toFile().setExecutable(true);
        mvnw.toFile().setExecutable(true);

        edit("store/src/test/java/dev/recall/store/DatabaseTest.java");
        launch(launcher);
        assertFalse(Files.exists(runs), "a test source is not in the jar");
        edit("store/src/main/java/dev/recall/store/Database.java");
        launch(launcher);
        assertEquals(1, Files.readAllLines(runs).size(), "built for the changed source");
        launch(launcher);
        launch(launcher);
        assertEquals(1, Files.readAllLines(runs).size(), "and not again: the jar is as new as the sources now");
    }

    /** Runs the launcher (the fake jar then fails to start, which does not matter here). */
    private static void launch(Path launcher) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "--version").redirectErrorStream(true);
        pb.environment().put("RECALL_CDS", "0");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    }

    @Test
    void theLauncherUsesThisCheck() throws Exception {
        String launcher = Files.readString(Path.of("..", "recall"));
        assertTrue(launcher.contains("src/launcher/stale.sh") && launcher.contains("recall_jar_stale"), launcher);
    }
}
