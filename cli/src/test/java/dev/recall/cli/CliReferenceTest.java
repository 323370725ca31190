package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/cli.md is the command model's usage, regenerated here: a change to a command that is not in the file fails
 * the build (run with -Drecall.cli.docs=write to rewrite it). And the README's claim that every command takes
 * --json and --format holds, but for the few named here.
 */
class CliReferenceTest {
    static final Path DOC = Path.of(System.getProperty("user.dir")).resolve("../docs/cli.md").normalize();
    /**
     * Commands that print no result a script would read: a narrative, JSONL or markdown already, an interactive loop,
     * a shell script, the MCP protocol.
     */
    static final Set<String> WITHOUT_JSON = Set.of("recall demo", "recall review export", "recall review interactive",
            "recall completion", "recall insights export", "recall mcp");

    private static CommandLine all() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        return RecallCommand.commandLine(Map.of(), Path.of("").toAbsolutePath(), sink, sink);
    }

    @Test
    void docsCliMdIsTheCommandModel() throws Exception {
        String generated = CliReference.markdown(all());
        if ("write".equals(System.getProperty("recall.cli.docs"))) {
            Files.writeString(DOC, generated);
        }
        String onDisk = Files.exists(DOC) ? Files.readString(DOC) : "";
        assertEquals(generated, onDisk, "docs/cli.md is out of date with the commands; regenerate it: ./mvnw -B -q"
                + " verify -pl cli -am -Dtest=CliReferenceTest -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Drecall.cli.docs=write");
        for (Class<?> sub : RecallCommand.SUBCOMMANDS) {
            String name = sub.getAnnotation(CommandLine.Command.class).name();
            assertTrue(generated.contains("\n## recall " + name + "\n"), name);
        }
    }

    @Test
    void everyCommandThatPrintsAResultTakesJsonAndFormat() {
        List<String> missing = new ArrayList<>();
        check(all(), missing);
        assertEquals(List.of(), missing, "commands without --json/--format (README: every command takes --json)");
    }

    private static void check(CommandLine c, List<String> missing) {
        String name = c.getCommandSpec().qualifiedName(" ");
        if (c.getSubcommands().isEmpty() && !name.equals("recall") && !WITHOUT_JSON.contains(name)
                && (c.getCommandSpec().findOption("--json") == null || c.getCommandSpec().findOption("--format") == null)) {
            missing.add(name);
        }
        c.getSubcommands().forEach((n, s) -> {
            if (n.equals(s.getCommandName())) {
                check(s, missing);
            }
        });
    }
}
