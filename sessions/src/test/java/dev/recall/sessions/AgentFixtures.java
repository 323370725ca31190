package dev.recall.sessions;

import com.github.luben.zstd.Zstd;
import dev.recall.store.StoreSql;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The per-agent fixtures under testdata/agents, laid out in a temp dir as each agent lays out its files: file-based
 * agents are copied (with a cwd of the test's choosing), SQLite stores are built from the SQL written for them, and
 * Zed's thread documents are compressed with zstd into threads.db as Zed stores them.
 */
public final class AgentFixtures {
    public static final Path SOURCE = Path.of("../testdata/agents").toAbsolutePath().normalize();
    public static final String FIXTURE_CWD = "/home/dana/src/ledgerd";
    public static final String SECRET = "ghp_FAKEfake0123456789abcdefghijklmnopqr";

    /** One agent's fixture: where its location is under the copied tree, and what a sync of it must yield. */
    public record Expected(String agent, String location, int sessions, int messages, int malformed) {}

    public static final List<Expected> ALL = List.of(
            new Expected("gemini-cli", "gemini-cli/tmp", 2, 7, 2),
            new Expected("qwen-code", "qwen-code/projects", 3, 9, 1),
            new Expected("copilot-cli", "copilot-cli/session-state", 3, 9, 1),
            new Expected("kiro", "kiro/sessions", 3, 9, 1),
            new Expected("gptme", "gptme/logs", 3, 8, 1),
            new Expected("amp", "amp/threads", 2, 7, 2),
            new Expected("cline", "cline/Code/User/globalStorage/saoudrizwan.claude-dev/tasks", 2, 7, 2),
            new Expected("roo-code", "roo-code/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks", 2, 7, 2),
            new Expected("aider", "aider", 3, 8, 1),
            new Expected("opencode", "opencode", 2, 7, 1),
            new Expected("goose", "goose/sessions", 4, 10, 2),
            new Expected("cursor", "cursor", 3, 9, 1),
            new Expected("zed", "zed/threads", 2, 7, 1));

    private AgentFixtures() {}

    /** Lays out every agent's fixtures under {@code dir}, with {@code cwd} for the fixtures' working directory. */
    public static void layOut(Path dir, String cwd) {
        try (Stream<Path> walk = Files.walk(SOURCE)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                String rel = SOURCE.relativize(p).toString();
                if (rel.endsWith(".py") || rel.endsWith(".sql") || rel.endsWith(".md") && !rel.contains("aider")
                        || rel.startsWith("zed/")) {
                    continue;
                }
                Path target = dir.resolve(rel);
                Files.createDirectories(target.getParent());
                Files.writeString(target, Files.readString(p).replace(FIXTURE_CWD, cwd));
            }
            build(SOURCE.resolve("opencode/opencode.sql"), dir.resolve("opencode/opencode.db"), cwd);
            build(SOURCE.resolve("goose/sessions.sql"), dir.resolve("goose/sessions/sessions.db"), cwd);
            build(SOURCE.resolve("cursor/state.sql"), dir.resolve("cursor/state.vscdb"), cwd);
            zed(dir.resolve("zed/threads/threads.db"), cwd);
            // gptme links each conversation to its workspace; git does not keep the link, so it is made here
            Files.createSymbolicLink(dir.resolve("gptme/logs/2026-09-05-running-integration-tests/workspace"),
                    Path.of(cwd));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where an agent's fixtures are after {@link #layOut}. */
    public static Path location(Path dir, String agent) {
        return dir.resolve(ALL.stream().filter(e -> e.agent().equals(agent)).findFirst().orElseThrow().location());
    }

    /**
     * Edits what an agent's sources hold, as the agent would when its history changes under recall: text files are
     * rewritten, SQLite stores updated in place (Zed's compressed documents re-compressed).
     */
    public static void edit(Path dir, String agent, String from, String to) {
        Path location = location(dir, agent);
        try {
            switch (agent) {
                case "opencode" -> update(location.resolve("opencode.db"), "UPDATE part SET data = replace(data, ?, ?)",
                        from, to);
                case "goose" -> update(location.resolve("sessions.db"),
                        "UPDATE messages SET content_json = replace(content_json, ?, ?)", from, to);
                case "cursor" -> update(location.resolve("state.vscdb"),
                        "UPDATE cursorDiskKV SET value = replace(value, ?, ?)", from, to);
                case "zed" -> {
                    Path db = location.resolve("threads.db");
                    byte[] data = (byte[]) StoreSql.rowsOfFile(db, "SELECT data FROM threads WHERE id = 't-good'")
                            .getFirst().get("data");
                    String doc = new String(Zstd.decompress(data, (int) Zstd.getFrameContentSize(data)),
                            StandardCharsets.UTF_8);
                    StoreSql.onFile(db, List.of("UPDATE threads SET data = ? WHERE id = 't-good'"),
                            (Object) Zstd.compress(doc.replace(from, to).getBytes(StandardCharsets.UTF_8)));
                }
                default -> {
                    try (Stream<Path> walk = Files.walk(location)) {
                        for (Path p : walk.filter(Files::isRegularFile).toList()) {
                            String text = Files.readString(p);
                            if (text.contains(from)) {
                                Files.writeString(p, text.replace(from, to));
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void update(Path db, String sql, String from, String to) {
        StoreSql.onFile(db, List.of(sql), from, to);
    }

    private static void build(Path sql, Path db, String cwd) throws IOException {
        Files.createDirectories(db.getParent());
        // the fixture SQL ends each statement with ';' at the end of a line, and has no other such ';'
        String script = Files.readString(sql).replace(FIXTURE_CWD, cwd).replaceAll("(?m)^--.*$", "");
        List<String> statements = java.util.Arrays.stream(script.split(";\\s*\\n")).filter(st -> !st.isBlank())
                .toList();
        StoreSql.onFile(db, statements);
    }

    private static void zed(Path db, String cwd) throws IOException {
        Files.createDirectories(db.getParent());
        byte[] good = Files.readString(SOURCE.resolve("zed/docs/good-thread.json")).replace(FIXTURE_CWD, cwd)
                .getBytes(StandardCharsets.UTF_8);
        byte[] plain = Files.readAllBytes(SOURCE.resolve("zed/docs/plain-thread.json"));
        // a frame cut short, as a crash mid-write leaves it: one malformed thread
        byte[] cut = Zstd.compress(good);
        String row = "INSERT INTO threads VALUES (?, ?, ?, ?, ?, ?, ?, NULL)";
        StoreSql.onFile(db, List.of("CREATE TABLE threads (id TEXT PRIMARY KEY, summary TEXT NOT NULL, updated_at TEXT"
                + " NOT NULL, data_type TEXT NOT NULL, data BLOB NOT NULL, folder_paths TEXT, created_at TEXT,"
                + " parent_id TEXT)", row, row, row),
                "t-good", "Integration tests", "2026-09-05T10:05:00Z", "zstd", Zstd.compress(good), cwd,
                "2026-09-05T10:00:00Z",
                "t-plain", "Reconcile", "2026-09-05T11:05:00Z", "json", plain, null, null,
                "t-cut", "Cut", "2026-09-05T12:00:00Z", "zstd", java.util.Arrays.copyOf(cut, cut.length / 2), cwd, null);
    }
}
