package dev.recall.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The house rule "SQL only in store", checked on the product's sources: no module's main code outside store uses
 * JDBC or SQLite's driver, writes a SQL statement, or reads one of recall's own tables. An agent's SQLite store is
 * read through {@link ForeignSqlite}; the queries of the agent's schema stay in the adapter that knows it, so files
 * that open one are checked for everything but the SELECTs of their own tables.
 */
class SqlStaysInStoreTest {
    private static final Pattern JDBC = Pattern.compile(
            "\\bjava\\.sql\\b|\\borg\\.sqlite\\b|DriverManager|prepareStatement\\(|createStatement\\(|executeQuery\\("
                    + "|executeUpdate\\(|\\.connection\\(\\)");
    private static final Pattern STATEMENT = Pattern.compile("\"[^\"]*\\b(INSERT\\s+(OR\\s+\\w+\\s+)?INTO|UPDATE\\s+\\w+"
            + "\\s+SET|DELETE\\s+FROM|CREATE\\s+(VIRTUAL\\s+)?(TABLE|INDEX|TRIGGER)|ALTER\\s+TABLE|DROP\\s+TABLE|PRAGMA"
            + "\\s+\\w+|VACUUM)\\b");
    /** JDBC in a test: a module name such as "java.sql" in a jlink check is not a connection. */
    private static final Pattern TEST_JDBC = Pattern.compile(
            "\\bimport\\s+java\\.sql\\.|\\borg\\.sqlite\\.|DriverManager|prepareStatement\\(|createStatement\\(");
    private static final Pattern CREATE = Pattern.compile("(?i)CREATE\\s+(?:VIRTUAL\\s+)?TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(\\w+)");

    @Test
    void noModuleButStoreSpeaksSql() throws IOException {
        Path root = reactorRoot();
        Set<String> tables = recallTables(root.resolve("store/src/main/resources/dev/recall/store/migrations"));
        List<Path> sources = sourcesOutsideStore(root, "src/main/java");
        Set<String> modules = new TreeSet<>();
        sources.forEach(p -> modules.add(root.relativize(p).getName(0).toString()));
        // Not vacuous: the modules that used to hold SQL are among those read.
        assertTrue(modules.containsAll(Set.of("sessions", "extract", "bench", "query", "service", "cli")), modules.toString());
        List<String> violations = new ArrayList<>();
        for (Path p : sources) {
            violations.addAll(violations(root.relativize(p).toString(), Files.readString(p), tables));
        }
        assertEquals(List.of(), violations, "SQL belongs in store (a class there, named for the concept)");
    }

    /**
     * Tests of other modules set up and read raw rows through {@link StoreSql} (store's test-jar), never through a
     * JDBC connection of their own, so a schema change is found in the store's hands.
     */
    @Test
    void testsOutsideStoreGoThroughStoreSql() throws IOException {
        Path root = reactorRoot();
        List<String> violations = new ArrayList<>();
        for (Path p : sourcesOutsideStore(root, "src/test/java")) {
            String[] lines = Files.readString(p).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                Matcher m = TEST_JDBC.matcher(lines[i]);
                if (m.find()) {
                    violations.add(root.relativize(p) + ":" + (i + 1) + ": JDBC (" + m.group() + ")");
                }
            }
        }
        assertEquals(List.of(), violations, "tests outside store reach SQLite through StoreSql");
    }

    @Test
    void theCheckCatchesEachKindOfLeak() throws IOException {
        Set<String> tables = recallTables(reactorRoot().resolve("store/src/main/resources/dev/recall/store/migrations"));
        assertTrue(tables.containsAll(Set.of("recall_entries", "sessions", "source_files", "extraction_generations")),
                tables.toString());
        assertEquals(1, violations("A.java", "import java.sql.Connection;", tables).size());
        assertEquals(1, violations("A.java", "db.connection().close();", tables).size());
        assertEquals(1, violations("A.java", "String s = \"UPDATE recall_entries SET title = ?\";", tables).size());
        assertEquals(1, violations("A.java", "String s = \"SELECT id FROM source_files WHERE x\";", tables).size());
        assertEquals(1, violations("A.java", "  + \" JOIN sessions s ON s.id = e.session_id\"", tables).size());
        // An adapter reading an agent's own store names the agent's tables, through ForeignSqlite only.
        assertEquals(List.of(), violations("A.java", "ForeignSqlite.open(f); db.query(\"SELECT id FROM sessions\");",
                tables));
        assertEquals(1, violations("A.java", "ForeignSqlite.open(f); db.query(\"DELETE FROM sessions\");", tables)
                .size());
        assertEquals(List.of(), violations("A.java", "// the sessions from the archive, updated in place", tables));
    }

    static List<String> violations(String file, String text, Set<String> tables) {
        boolean foreign = text.contains("ForeignSqlite.open(");
        Pattern ownTable = Pattern.compile("\"[^\"]*\\b(FROM|JOIN|INTO)\\s+(" + String.join("|", tables) + ")\\b");
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            Matcher m;
            if ((m = JDBC.matcher(line)).find()) {
                out.add(file + ":" + (i + 1) + ": JDBC (" + m.group() + ")");
            } else if ((m = STATEMENT.matcher(line)).find()) {
                out.add(file + ":" + (i + 1) + ": SQL statement (" + m.group(1) + ")");
            } else if (!foreign && (m = ownTable.matcher(line)).find()) {
                out.add(file + ":" + (i + 1) + ": reads recall's table " + m.group(2));
            }
        }
        return out;
    }

    private static Set<String> recallTables(Path migrations) throws IOException {
        Set<String> out = new TreeSet<>();
        try (Stream<Path> files = Files.list(migrations)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".sql")).toList()) {
                Matcher m = CREATE.matcher(Files.readString(f));
                while (m.find()) {
                    out.add(m.group(1));
                }
            }
        }
        return out;
    }

    private static List<Path> sourcesOutsideStore(Path root, String tree) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve(tree))).sorted().toList()) {
                if (module.getFileName().toString().equals("store")) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(module.resolve(tree))) {
                    out.addAll(files.filter(p -> p.toString().endsWith(".java")).sorted().toList());
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return out;
    }

    /** The reactor's root: tests run in the module's dir. */
    private static Path reactorRoot() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve("store")) ? here : here.getParent();
    }
}
