package dev.recall.search;

import dev.recall.store.StoreSql;
import dev.recall.index.LexicalIndex;
import dev.recall.store.Database;
import dev.recall.store.EntryImport;
import dev.recall.store.SessionArchiveImport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/** A real store and lexical index in a temp dir, filled from JSONL lines or the project's testdata. */
final class TestStore implements AutoCloseable {
    /** The sample sessions hold no secret; these tests are not about redaction (the sessions module's are). */
    static final dev.recall.store.Redactor NO_SECRETS =
            t -> new dev.recall.store.Redactor.Redaction(t, java.util.List.of());

    static final Path TESTDATA = Path.of(System.getProperty("user.dir")).resolve("../testdata").normalize();

    final Path dir;
    final Database db;
    final LexicalIndex lexical;
    final List<String> notices = new ArrayList<>();

    TestStore(Path dir) {
        this.dir = dir;
        this.db = Database.open(dir.resolve("data"));
        this.lexical = LexicalIndex.open(dir.resolve("data/index/lexical"), db, notices::add);
    }

    static final String SESSION = """
            {"id":"s1","agent":"claude-code","project":"demo","cwd":"/home/u/demo","git_branch":"main","messages":[\
            {"ordinal":0,"role":"user","text":"hello","uuid":"u0"}]}""";

    TestStore sessions(String... lines) throws IOException {
        Path f = Files.createTempFile(dir, "sessions", ".jsonl");
        Files.write(f, List.of(lines));
        new SessionArchiveImport(db, NO_SECRETS).run(f);
        return this;
    }

    TestStore entries(boolean reviewed, String... lines) throws IOException {
        Path f = Files.createTempFile(dir, "entries", ".jsonl");
        Files.write(f, List.of(lines));
        var r = new EntryImport(db, NO_SECRETS).run(f, new EntryImport.Options(reviewed, false), true);
        if (!r.ok()) {
            throw new AssertionError(r.rejected().toString());
        }
        return this;
    }

    TestStore testdata() throws IOException {
        try (var files = Files.list(TESTDATA.resolve("sessions"))) {
            for (Path f : files.sorted().toList()) {
                new SessionArchiveImport(db, NO_SECRETS).run(f);
            }
        }
        try (var files = Files.list(TESTDATA.resolve("entries"))) {
            for (Path f : files.sorted().toList()) {
                var r = new EntryImport(db, NO_SECRETS).run(f, new EntryImport.Options(true, false), true);
                if (!r.ok()) {
                    throw new AssertionError(f + ": " + r.rejected());
                }
            }
        }
        return this;
    }

    /**
     * An entry line: defaults, with the fields of {@code extra} ({@code "k":v,...}) added or replacing them. Merged,
     * not appended: the import rejects a key given twice.
     */
    static String entry(String id, String title, String body, String extra) {
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var line = mapper.createObjectNode().put("id", id).put("type", "procedure").put("scope", "project")
                .put("title", title).put("body", body).put("source_session_id", "s1");
        if (!extra.isEmpty()) {
            try {
                line.setAll((com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree("{" + extra + "}"));
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException(extra, e);
            }
        }
        return line.toString();
    }

    private final java.util.List<RecallSearch> searches = new java.util.ArrayList<>();

    RecallSearch search(java.util.function.Supplier<dev.recall.embeddings.Embedder> embedder) {
        RecallSearch s = new RecallSearch(db, lexical, embedder, Clock.systemUTC(), notices::add);
        searches.add(s);
        return s;
    }

    /** The model of a lexical search: never loaded. */
    static dev.recall.embeddings.Embedder noModel() {
        throw new AssertionError("lexical search must not load a model");
    }

    RecallSearch search() {
        return search(() -> {
            throw new AssertionError("lexical search must not load a model");
        });
    }

    void exec(String sql) {
        StoreSql.exec(db, sql);
    }

    /**
     * Archives 15 accepted entries and restores 5 archived ones, then syncs the lexical index: the updated documents
     * leave deleted ones in older segments (checked), which every search over the index must pass over.
     */
    void archiveSomeAndRestoreOthers() throws IOException {
        exec("UPDATE recall_entries SET status = 'archived' WHERE id IN (SELECT id FROM recall_entries"
                + " WHERE status = 'accepted' ORDER BY id LIMIT 15)");
        exec("UPDATE recall_entries SET status = 'accepted' WHERE id IN (SELECT id FROM recall_entries"
                + " WHERE status = 'archived' ORDER BY id DESC LIMIT 5)");
        lexical.sync();
        try (org.apache.lucene.index.DirectoryReader reader = lexical.openReader()) {
            if (reader.numDeletedDocs() == 0 || reader.leaves().size() < 2) {
                throw new AssertionError("expected deleted documents and several segments: " + reader.leaves().size()
                        + " segments, " + reader.numDeletedDocs() + " deleted");
            }
        }
    }

    @Override
    public void close() {
        searches.forEach(RecallSearch::close);
        lexical.close();
        db.close();
    }
}
