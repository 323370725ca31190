package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Only the invoked subcommand is built; help and mistakes still see all of them. */
class CommandSelectionTest {
    @TempDir
    Path tmp;

    @Test
    void theSubcommandAfterTheGlobalOptionsIsTheOneBuilt() {
        assertEquals(QueryCommand.class, RecallCommand.invoked("query", "x"));
        assertEquals(QueryCommand.class, RecallCommand.invoked("--data-dir", "/tmp/d", "query", "--json", "x"));
        assertEquals(EmbeddingsCommand.class, RecallCommand.invoked("--data-dir=/tmp/d", "embeddings", "build"));
        assertNull(RecallCommand.invoked());
        assertNull(RecallCommand.invoked("--help"));
        assertNull(RecallCommand.invoked("qurey", "x"));
    }

    @Test
    void everySubcommandIsReachableByItsName() {
        for (Class<?> sub : RecallCommand.SUBCOMMANDS) {
            String name = sub.getAnnotation(picocli.CommandLine.Command.class).name();
            assertEquals(sub, RecallCommand.invoked(name), name);
            assertEquals(1, RecallCommand.commandLine(java.util.Map.of(), tmp, new java.io.PrintWriter(
                    java.io.Writer.nullWriter()), new java.io.PrintWriter(java.io.Writer.nullWriter()), name)
                    .getSubcommands().size(), name);
        }
    }

    @Test
    void helpListsEveryCommandAndAMisspeltOneIsAUsageError() {
        CliRun help = CliRun.run(tmp.resolve("data"), "--help");
        assertEquals(0, help.code(), help.toString());
        for (Class<?> sub : RecallCommand.SUBCOMMANDS) {
            String name = sub.getAnnotation(picocli.CommandLine.Command.class).name();
            assertTrue(help.out().contains(name), name + " missing from\n" + help.out());
        }
        CliRun typo = CliRun.run(tmp.resolve("data"), "qurey", "tests");
        assertEquals(2, typo.code(), typo.toString());
        assertTrue(typo.err().contains("qurey"), typo.err());
    }

    @Test
    void aSubcommandsOwnHelpStillWorks() {
        CliRun r = CliRun.run(tmp.resolve("data"), "query", "--help");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("--scores"), r.out());
    }
}
