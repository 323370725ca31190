package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Claude Code plugin's hook script (src/claude-plugin/hooks/run-recall.sh) run for real with sh, in the layouts a
 * user ends up with, with controlled PATH, RECALL_HOME and XDG_DATA_HOME: which recall it picks (the documented
 * order), what it says when there is none, and how it hands the MCP server its stdio. The recall programs it finds
 * are small scripts that name themselves, so the test sees which one ran.
 */
class PluginResolutionTest {
    private static final Path PLUGIN = CliRun.TESTDATA.resolve("../src/claude-plugin").normalize();
    private static final String HOOK_INPUT = "{\"hook_event_name\":\"SessionStart\",\"session_id\":\"s1\"}";

    @TempDir Path tmp;
    private Map<String, String> env;
    private Path pathDir;

    @BeforeEach
    void controlledEnvironment() throws IOException {
        pathDir = Files.createDirectories(tmp.resolve("path-bin"));
        env = new HashMap<>();
        env.put("HOME", Files.createDirectories(tmp.resolve("home")).toString());
        env.put("XDG_DATA_HOME", tmp.resolve("home/.local/share").toString());
        // an empty data dir: no serve.json, so no daemon answers and the script looks for a recall program
        env.put("RECALL_DATA_DIR", Files.createDirectories(tmp.resolve("data")).toString());
        env.put("PATH", pathDir + ":/usr/bin:/bin");
    }

    @Test
    void thePluginInsideAnInstallRunsThatInstallsRecallBeforeRecallHomeAndPath() throws Exception {
        Path install = tmp.resolve("install");
        Path plugin = copyPlugin(install.resolve("plugin"));
        fakeRecall(install.resolve("bin/recall"), "install");
        fakeRecall(tmp.resolve("home-dir/bin/recall"), "recall-home");
        fakeRecall(pathDir.resolve("recall"), "path");
        env.put("RECALL_HOME", tmp.resolve("home-dir").toString());

        Run run = hook(plugin, "show", "--hook");
        assertEquals(0, run.code, run.toString());
        assertEquals("install: show --hook\n" + HOOK_INPUT, run.out, run.toString());
    }

    @Test
    void aCopiedPluginFindsTheInstallRecordedByInstallSh() throws Exception {
        Path install = tmp.resolve("install");
        fakeRecall(install.resolve("bin/recall"), "recorded");
        fakeRecall(pathDir.resolve("recall"), "path");
        // what Claude Code does with an installed plugin: a copy in its cache, away from the install
        Path cached = copyPlugin(tmp.resolve("claude/plugins/cache/recall/recall/0.1.0"));
        Files.writeString(cached.resolve("install-home"), install + "\n");

        assertEquals("recorded: log -n 5\n", command(cached, "log", "-n", "5").out);
    }

    @Test
    void thePluginInsideACloneRunsTheClonesLauncher() throws Exception {
        Path clone = tmp.resolve("clone");
        Files.createDirectories(clone.resolve("src/launcher"));
        Path plugin = copyPlugin(clone.resolve("src/claude-plugin"));
        fakeRecall(clone.resolve("recall"), "clone");
        fakeRecall(pathDir.resolve("recall"), "path");

        assertEquals("clone: save\n", command(plugin, "save").out);
    }

    @Test
    void recallHomeComesBeforePathThenPathThenTheDefaultInstall() throws Exception {
        Path cached = copyPlugin(tmp.resolve("cache/recall"));
        Path home = tmp.resolve("home with space");
        fakeRecall(home.resolve("bin/recall"), "recall-home");
        fakeRecall(pathDir.resolve("recall"), "path");
        fakeRecall(Path.of(env.get("XDG_DATA_HOME")).resolve("recall-app/current/bin/recall"), "default");

        env.put("RECALL_HOME", home.toString());
        assertEquals("recall-home: save\n", command(cached, "save").out);

        env.remove("RECALL_HOME");
        assertEquals("path: save\n", command(cached, "save").out);

        Files.delete(pathDir.resolve("recall"));
        assertEquals("default: save\n", command(cached, "save").out);

        // a clone named by RECALL_HOME: its launcher at the top
        Path clone = tmp.resolve("a-clone");
        fakeRecall(clone.resolve("recall"), "clone-home");
        env.put("RECALL_HOME", clone.toString());
        assertEquals("clone-home: save\n", command(cached, "save").out);
    }

    @Test
    void withNoRecallTheSessionStartHookSaysSoOnceWithTheInstallCommandAndTheOtherHooksStayQuiet() throws Exception {
        Path cached = copyPlugin(tmp.resolve("cache/recall"));

        Run start = hook(cached, "show", "--hook");
        assertEquals(0, start.code, start.toString());
        JsonNode json = new ObjectMapper().readTree(start.out);
        String message = json.path("systemMessage").asText();
        assertTrue(message.contains("recall is not installed"), start.toString());
        assertTrue(message.contains("install.sh"), start.toString());
        assertTrue(message.contains("./mvnw -B -Pdist package"), start.toString());
        assertEquals("SessionStart", json.path("hookSpecificOutput").path("hookEventName").asText());
        assertTrue(json.path("hookSpecificOutput").path("additionalContext").asText().contains("install.sh"));
        assertEquals(1, start.out.strip().lines().count(), "one message, once: " + start.out);

        for (String[] quiet : new String[][] {{"capture", "--hook"}, {"save", "--hook", "--if-configured"}}) {
            Run run = hook(cached, quiet);
            assertEquals(0, run.code, run.toString());
            assertEquals("", run.out, "a hook after every turn must not repeat it: " + run);
            assertTrue(run.err.contains("no recall found"), run.toString());
        }
    }

    @Test
    void aFailingRecallNeverFailsTheHook() throws Exception {
        Path cached = copyPlugin(tmp.resolve("cache/recall"));
        Path failing = pathDir.resolve("recall");
        Files.writeString(failing, "#!/bin/sh\necho broken >&2\nexit 3\n");
        executable(failing);

        Run run = hook(cached, "capture", "--hook");
        assertEquals(0, run.code, run.toString());
        assertTrue(run.err.contains("exited with status 3"), run.toString());
    }

    @Test
    void theMcpServerGetsRecallsStdioAndExitStatusAndFailsWhenThereIsNoRecall() throws Exception {
        Path cached = copyPlugin(tmp.resolve("cache/recall"));
        Run missing = hook(cached, "mcp");
        assertEquals(1, missing.code, missing.toString());
        assertEquals("", missing.out, missing.toString());
        assertTrue(missing.err.contains("no recall found for the MCP server"), missing.toString());

        Path server = pathDir.resolve("recall");
        // echoes the client's line back, as a stdio MCP server answers on stdout, then exits 7
        Files.writeString(server, "#!/bin/sh\nread line\necho \"server $*: $line\"\nexit 7\n");
        executable(server);
        Run served = run(cached, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}\n", "mcp");
        assertEquals(7, served.code, served.toString());
        assertEquals("server mcp: {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}\n", served.out);
    }

    @Test
    void theMcpConfigAndBothMarketplacesPointAtThisPlugin() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode mcp = mapper.readTree(PLUGIN.resolve(".mcp.json").toFile()).path("mcpServers").path("recall");
        assertEquals("${CLAUDE_PLUGIN_ROOT}/hooks/run-recall.sh", mcp.path("command").asText());
        assertEquals("mcp", mcp.path("args").path(0).asText());

        String name = mapper.readTree(PLUGIN.resolve(".claude-plugin/plugin.json").toFile()).path("name").asText();
        Path root = PLUGIN.resolve("../..").normalize();
        JsonNode market = mapper.readTree(root.resolve(".claude-plugin/marketplace.json").toFile());
        assertEquals("recall", market.path("name").asText());
        assertTrue(market.path("owner").path("name").isTextual(), "owner.name is required");
        JsonNode entry = market.path("plugins").path(0);
        assertEquals(name, entry.path("name").asText());
        String source = entry.path("source").asText();
        assertTrue(source.startsWith("./"), "relative sources only: " + source);
        assertEquals(PLUGIN, root.resolve(source).normalize());

        for (String command : new String[] {"save", "show", "log", "query", "brief"}) {
            assertTrue(Files.isRegularFile(PLUGIN.resolve("commands/" + command + ".md")), command);
        }
    }

    private Run hook(Path plugin, String... args) throws Exception {
        return run(plugin, HOOK_INPUT, args);
    }

    /** A slash command: nothing on stdin. */
    private Run command(Path plugin, String... args) throws Exception {
        return run(plugin, "", args);
    }

    private Run run(Path plugin, String stdin, String... args) throws Exception {
        String[] command = new String[args.length + 2];
        command[0] = "sh";
        command[1] = plugin.resolve("hooks/run-recall.sh").toString();
        System.arraycopy(args, 0, command, 2, args.length);
        ProcessBuilder pb = new ProcessBuilder(command).directory(tmp.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // the script may end without reading its input (no recall to hand it to): a broken pipe, not a failure;
            // what it printed and its status are the answer
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the script did not end");
        return new Run(p.exitValue(), out, err);
    }

    /** A recall program that prints its name, its arguments and whatever came on stdin. */
    private static void fakeRecall(Path at, String name) throws IOException {
        Files.createDirectories(at.getParent());
        Files.writeString(at, "#!/bin/sh\necho \"" + name + ": $*\"\ncat\n");
        executable(at);
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static Path copyPlugin(Path to) throws IOException {
        try (Stream<Path> files = Files.walk(PLUGIN)) {
            for (Path from : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(PLUGIN.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(from, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return to;
    }

    private record Run(int code, String out, String err) {
        @Override
        public String toString() {
            return "exit " + code + "\nstdout:\n" + out + "\nstderr:\n" + err;
        }
    }
}
