package dev.recall.index;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.Database;
import dev.recall.store.SessionArchiveImport;
import dev.recall.store.SessionCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The passage index on a real SQLite archive and a real Lucene directory: built, synced, emptied by a trash. */
class PassageIndexTest {
    @TempDir
    Path dir;

    static String session(String id, String question) {
        return "{\"id\":\"" + id + "\",\"agent\":\"codex\",\"project\":\"demo\",\"started_at\":\"2026-09-01T10:00:00Z\","
                + "\"messages\":[{\"ordinal\":0,\"role\":\"user\",\"text\":\"" + question + "\"},"
                + "{\"ordinal\":1,\"role\":\"assistant\",\"text\":\"Answered.\"}]}";
    }

    private long hits(LexicalIndex index, String field, String value) throws Exception {
        try (LexicalIndex.Lease lease = index.acquire()) {
            return new IndexSearcher(lease.reader()).count(field.equals(PassageFields.TEXT)
                    ? new TermQuery(new Term(field, value)) : KeywordField.newExactQuery(field, value));
        }
    }

    @Test
    void buildsThenFollowsTheArchiveJournal() throws Exception {
        List<String> notices = new ArrayList<>();
        try (Database db = Database.open(dir.resolve("data"));
                LexicalIndex index = LexicalIndex.open(dir.resolve("passages"), new PassageSource(db), notices::add)) {
            Path f = dir.resolve("a.jsonl");
            Files.write(f, List.of(session("s1", "the rotor spins"), session("s2", "the stator hums")));
            new SessionArchiveImport(db, t -> new dev.recall.store.Redactor.Redaction(t, java.util.List.of())).run(f);
            LexicalIndex.SyncReport first = index.sync();
            assertTrue(first.rebuilt());
            assertEquals(2, hits(index, PassageFields.SESSION_ID, "s1") + hits(index, PassageFields.SESSION_ID, "s2"));
            assertEquals(1, hits(index, PassageFields.TEXT, "rotor"));

            Path g = dir.resolve("b.jsonl");
            Files.write(g, List.of(session("s3", "the rotor again")));
            new SessionArchiveImport(db, t -> new dev.recall.store.Redactor.Redaction(t, java.util.List.of())).run(g);
            LexicalIndex.SyncReport second = index.sync();
            assertFalse(second.rebuilt());
            assertEquals(1, second.updated(), "only the new session was indexed");
            assertEquals(2, hits(index, PassageFields.TEXT, "rotor"));

            new SessionCatalog(db).mark("s1", SessionCatalog.Mark.TRASHED, Instant.now());
            LexicalIndex.SyncReport third = index.sync();
            assertEquals(1, third.deleted());
            assertEquals(1, hits(index, PassageFields.TEXT, "rotor"));
            assertEquals(0, hits(index, PassageFields.SESSION_ID, "s1"));
            assertEquals(0, index.sync().updated(), "nothing left to apply");
        }
    }
}
