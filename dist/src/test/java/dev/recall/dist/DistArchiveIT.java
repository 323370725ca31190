package dev.recall.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolvedModule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The release archive that {@code -Pdist package} built is what the README says it is: unpacked as a user would, with
 * no JDK on PATH and JAVA_HOME pointing nowhere, it holds the layout, the runtime with exactly the modules jdeps finds
 * (plus the vector API), only this platform's natives and every other class and resource of the fat jar, a plugin and
 * marketplace that point at each other, completion scripts that load; the launcher runs the demo, and install.sh
 * installs it under the user's dirs and prints the two plugin lines.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DistArchiveIT {
    private final Platform platform = Platform.current();
    private final String version = System.getProperty("dist.version");
    private final Path distDir = Path.of(System.getProperty("dist.dir"));
    private final String name = "recall-" + version + "-" + platform.id();
    private Path work;
    private Path root;
    private Path noJavaBin;

    @BeforeAll
    void unpack() throws Exception {
        Path archive = distDir.resolve(name + ".tar.gz");
        assertTrue(Files.isRegularFile(archive), "no archive at " + archive);
        work = Files.createTempDirectory("recall-dist-it-");
        Run tar = run(List.of("tar", "-xzf", archive.toString(), "-C", work.toString()), Map.of(), 120);
        assertEquals(0, tar.code, tar.toString());
        try (Stream<Path> top = Files.list(work)) {
            assertEquals(List.of(work.resolve(name)), top.toList(), "one top-level directory named after the archive");
        }
        root = work.resolve(name);
        noJavaBin = pathWithoutJava(work.resolve("no-java-bin"));
    }

    @AfterAll
    void cleanUp() throws IOException {
        if (work != null) {
            try (Stream<Path> files = Files.walk(work)) {
                for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Test
    void theLayoutIsAsDescribed() throws IOException {
        for (String file : List.of("bin/recall", "install.sh", "runtime/bin/java")) {
            assertTrue(Files.isExecutable(root.resolve(file)), file + " is executable");
        }
        for (String file : List.of("lib/recall.jar", "lib/launcher/jvm-flags.sh", "lib/launcher/class-cache.sh",
                "lib/launcher/find-jdk.sh", "lib/launcher/handover.sh", "plugin/.claude-plugin/plugin.json", "plugin/.mcp.json",
                "plugin/hooks/hooks.json", "plugin/hooks/run-recall.sh", "plugin/commands/query.md",
                "plugin/commands/brief.md", ".claude-plugin/marketplace.json", "completions/recall.bash",
                "completions/_recall")) {
            assertTrue(Files.isRegularFile(root.resolve(file)), file);
        }
        assertEquals(version + " " + platform.id(), Files.readString(root.resolve("VERSION")).strip());
        assertFalse(Files.exists(root.resolve("lib/cds")), "no class cache made at build time (it names the build dir)");
        assertFalse(Files.exists(root.resolve("plugin/install-home")), "install.sh writes that, not the build");
        assertFalse(Files.exists(root.resolve("runtime/include")), "no header files");
    }

    @Test
    void theJarKeepsOnlyThisPlatformsNativesAndEverythingElseOfTheFatJar() throws IOException {
        Path fatJar = distDir.resolve("../../cli/target/recall-all.jar").normalize();
        Set<String> platformEntries = new HashSet<>();
        Map<NativeLibrary, Integer> natives = new EnumMap<>(NativeLibrary.class);
        try (ZipFile jar = new ZipFile(root.resolve("lib/recall.jar").toFile())) {
            for (ZipEntry e : jar.stream().toList()) {
                platformEntries.add(e.getName());
                assertFalse(e.getName().contains(".dSYM/"), e.getName());
                NativeLibrary.owning(e.getName()).ifPresent(library -> {
                    assertEquals(library.dirFor(platform), library.platformDir(e.getName()).orElseThrow(),
                            "another platform's native: " + e.getName());
                    if (!e.isDirectory()) {
                        natives.merge(library, 1, Integer::sum);
                    }
                });
            }
        }
        assertEquals(Set.of(NativeLibrary.values()), natives.keySet(), "every native library has this platform's files");
        int others = 0;
        try (ZipFile fat = new ZipFile(fatJar.toFile())) {
            for (ZipEntry e : fat.stream().toList()) {
                if (PlatformJar.keeps(e.getName(), platform)) {
                    assertTrue(platformEntries.contains(e.getName()), "lost from the fat jar: " + e.getName());
                } else {
                    others++;
                }
            }
        }
        assertTrue(others > 0, "the fat jar carried other platforms' natives, and they are gone");
        assertTrue(Files.size(root.resolve("lib/recall.jar")) < Files.size(fatJar) * 3 / 4,
                "the platform jar is much smaller than the fat jar");
    }

    @Test
    void theRuntimeHasExactlyTheModulesJdepsFindsPlusTheOnesItCannotSee() throws Exception {
        Set<String> roots = RuntimeModules.of(root.resolve("lib/recall.jar"));
        assertTrue(roots.containsAll(Set.of("java.sql", "jdk.httpserver", "jdk.incubator.vector", "jdk.management")),
                roots.toString());
        Configuration resolved = Configuration.empty().resolve(ModuleFinder.ofSystem(), ModuleFinder.of(), roots);
        Set<String> expected = resolved.modules().stream().map(ResolvedModule::name)
                .collect(Collectors.toCollection(TreeSet::new));

        Run list = run(List.of(root.resolve("runtime/bin/java").toString(), "--list-modules"), Map.of(), 60);
        assertEquals(0, list.code, list.toString());
        Set<String> linked = list.out.lines().map(l -> l.replaceFirst("@.*", "")).map(String::strip)
                .filter(l -> !l.isEmpty()).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(expected, linked);
    }

    @Test
    void theLauncherRunsTheDemoWithNoJdkAnywhere() throws Exception {
        Map<String, String> env = noJdkEnv(work.resolve("home-demo"));
        Run version = run(List.of(root.resolve("bin/recall").toString(), "--version"), env, 120);
        assertEquals(0, version.code, version.toString());
        assertTrue(version.out.startsWith("recall "), version.toString());

        // no library complains about the runtime (Lucene warns when jdk.management is missing)
        Run help = run(List.of(root.resolve("bin/recall").toString(), "--data-dir", work.resolve("q").toString(),
                "query", "--no-record", "integration tests"), env, 120);
        assertEquals(0, help.code, help.toString());
        assertEquals(List.of(), warnings(help.err), help.toString());

        // the demo makes its data dir in java.io.tmpdir, here inside the test's dir
        Run demo = run(List.of(root.resolve("bin/recall").toString(), "demo"), env, 600);
        assertEquals(0, demo.code, demo.toString());
        // its hybrid step needs the ONNX Runtime and tokenizer natives this archive kept, and SQLite's
        assertTrue(demo.out.contains("--mode hybrid"), demo.out);
        assertEquals(List.of(), warnings(demo.err), demo.toString());
    }

    /** Warning lines, but for the JVM's note that an incubator module is in use (the launcher adds one on purpose). */
    private static List<String> warnings(String stderr) {
        return stderr.lines().filter(l -> l.contains("WARNING") && !l.contains("Using incubator modules")).toList();
    }

    @Test
    void installShInstallsUnderTheUsersDirsAndPrintsThePluginLines() throws Exception {
        Path home = work.resolve("home-install");
        Map<String, String> env = noJdkEnv(home);
        Run install = run(List.of(root.resolve("install.sh").toString()), env, 300);
        assertEquals(0, install.code, install.toString());

        Path prefix = home.resolve(".local/share/recall-app");
        Path dest = prefix.resolve(name);
        assertEquals(dest, prefix.resolve("current").toRealPath());
        assertTrue(install.out.contains("/plugin marketplace add " + prefix.resolve("current") + "\n"), install.out);
        assertTrue(install.out.contains("/plugin install recall@recall\n"), install.out);
        assertEquals(prefix.resolve("current").toString(), Files.readString(dest.resolve("plugin/install-home")).strip());
        assertTrue(Files.isRegularFile(home.resolve(".local/share/bash-completion/completions/recall")));
        assertTrue(Files.isRegularFile(home.resolve(".local/share/zsh/site-functions/_recall")));
        assertTrue(Files.isDirectory(dest.resolve("lib/cds")), "install.sh warmed the class cache: " + install);

        Path command = home.resolve(".local/bin/recall");
        Run version = run(List.of(command.toString(), "--version"), env, 120);
        assertEquals(0, version.code, version.toString());

        // Claude Code's copy of the installed plugin, with no recall on PATH: it finds the install it came from
        Path cached = home.resolve(".claude/plugins/cache/recall/recall/0.1.0");
        Files.createDirectories(cached.getParent());
        Run copy = run(List.of("cp", "-R", dest.resolve("plugin").toString(), cached.toString()), env, 60);
        assertEquals(0, copy.code, copy.toString());
        Run hook = run(List.of("sh", cached.resolve("hooks/run-recall.sh").toString(), "--version"), env, 120);
        assertEquals(0, hook.code, hook.toString());
        assertEquals(version.out, hook.out, hook.toString());

        Run again = run(List.of(root.resolve("install.sh").toString()), env, 300);
        assertEquals(0, again.code, "installing twice replaces the install: " + again);
    }

    @Test
    void theArchivesMarketplaceListsTheBundledPlugin() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode market = mapper.readTree(root.resolve(".claude-plugin/marketplace.json").toFile());
        JsonNode entry = market.path("plugins").path(0);
        Path plugin = root.resolve(entry.path("source").asText()).normalize();
        assertEquals(root.resolve("plugin"), plugin);
        assertEquals(entry.path("name").asText(),
                mapper.readTree(plugin.resolve(".claude-plugin/plugin.json").toFile()).path("name").asText());
        assertEquals("${CLAUDE_PLUGIN_ROOT}/hooks/run-recall.sh", mapper.readTree(plugin.resolve(".mcp.json").toFile())
                .path("mcpServers").path("recall").path("command").asText());
    }

    @Test
    void theCompletionScriptsLoadAndKnowTheCommands() throws Exception {
        Path bash = root.resolve("completions/recall.bash");
        Run loaded = run(List.of("bash", "-c", "source \"$1\" && complete -p recall", "_", bash.toString()),
                noJdkEnv(work.resolve("home-completion")), 60);
        assertEquals(0, loaded.code, loaded.toString());
        assertTrue(loaded.out.contains("recall"), loaded.toString());
        for (String file : List.of("recall.bash", "_recall")) {
            String script = Files.readString(root.resolve("completions/" + file));
            for (String command : List.of("query", "brief", "sessions", "embeddings")) {
                assertTrue(script.contains(command), file + " completes " + command);
            }
        }
        Path fish = root.resolve("completions/recall.fish");
        if (Files.exists(fish)) {
            assertTrue(Files.readString(fish).contains("complete -c recall"), "a fish completion script");
        }
    }

    /** HOME in the test's dir, JAVA_HOME naming nothing, and a PATH whose programs include no Java. */
    private Map<String, String> noJdkEnv(Path home) throws IOException {
        Files.createDirectories(home);
        Map<String, String> env = new HashMap<>();
        env.put("HOME", home.toString());
        env.put("PATH", noJavaBin.toString());
        env.put("JAVA_HOME", home.resolve("no-jdk-here").toString());
        env.put("TMPDIR", work.toString());
        env.put("RECALL_NO_DAEMON", "1");
        // the demo's data dir and samples go to java.io.tmpdir, which the JVM does not take from TMPDIR
        env.put("RECALL_JAVA_OPTS", "-Djava.io.tmpdir=" + work);
        return env;
    }

    /** A directory of links to every program in /usr/bin and /bin except the Java ones. */
    private static Path pathWithoutJava(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (String system : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
            Path sysDir = Path.of(system);
            if (!Files.isDirectory(sysDir)) {
                continue;
            }
            try (Stream<Path> programs = Files.list(sysDir)) {
                for (Path program : programs.toList()) {
                    Path link = dir.resolve(program.getFileName().toString());
                    if (Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS) || isJava(program)) {
                        continue;
                    }
                    Files.createSymbolicLink(link, program);
                }
            }
        }
        assertFalse(Files.exists(dir.resolve("java")), "java left on the PATH");
        return dir;
    }

    private static boolean isJava(Path program) {
        String name = program.getFileName().toString();
        try {
            return name.equals("java") || name.equals("javac") || program.toRealPath().startsWith("/usr/lib/jvm");
        } catch (IOException e) {
            return true; // a dangling link: of no use on the PATH either
        }
    }

    private static Run run(List<String> command, Map<String, String> env, int timeoutSeconds) throws Exception {
        Path out = Files.createTempFile("recall-dist-it-out", ".txt");
        Path err = Files.createTempFile("recall-dist-it-err", ".txt");
        try {
            ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            if (!env.isEmpty()) {
                pb.environment().clear();
                pb.environment().putAll(env);
            }
            Process p = pb.start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(command + " did not end within " + timeoutSeconds + " s");
            }
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private record Run(int code, String out, String err) {
        @Override
        public String toString() {
            return "exit " + code + "\nstdout:\n" + out + "\nstderr:\n" + err;
        }
    }
}
