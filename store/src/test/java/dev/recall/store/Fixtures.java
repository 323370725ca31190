package dev.recall.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small archive and entry files for store tests. */
final class Fixtures {
    /** The sample sessions hold no secret; these tests are not about redaction (the sessions module's are). */
    static final dev.recall.store.Redactor NO_SECRETS =
            t -> new dev.recall.store.Redactor.Redaction(t, java.util.List.of());

    private Fixtures() {}

    static final String SESSION = """
            {"id":"s1","agent":"claude-code","project":"demo","cwd":"/home/u/demo","git_branch":"main","started_at":"2026-09-01T10:00:00Z","ended_at":"2026-09-01T11:00:00Z","messages":[\
            {"ordinal":0,"role":"user","text":"How do I run the tests?","uuid":"u0","timestamp":"2026-09-01T10:00:00Z"},\
            {"ordinal":1,"role":"assistant","text":"Run ./gradlew test; the flaky one is ClockTest.","uuid":"a1"},\
            {"ordinal":2,"role":"tool","text":"BUILD SUCCESSFUL in 12s","uuid":"t2","tool_name":"Bash","tool_input":"./gradlew test"}]}""";

    static String entry(String id, String extra) {
        return "{\"id\":\"" + id + "\",\"type\":\"procedure\",\"scope\":\"project\",\"title\":\"Title " + id
                + "\",\"body\":\"Body of " + id + "\",\"source_session_id\":\"s1\"" + (extra.isEmpty() ? "" : "," + extra)
                + "}";
    }

    static Path write(Path dir, String name, List<String> lines) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, lines);
        return p;
    }

    static Database withSession(Path dir) throws IOException {
        Database db = Database.open(dir.resolve("data"));
        new SessionArchiveImport(db, NO_SECRETS).run(write(dir, "sessions.jsonl", List.of(SESSION)));
        return db;
    }

    static long count(Database db, String sql) {
        return StoreSql.count(db, sql);
    }

    static void exec(Database db, String sql) {
        StoreSql.exec(db, sql);
    }
}
