package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.index.LexicalIndex;
import dev.recall.index.Passage;
import dev.recall.index.PassageSource;
import dev.recall.search.SearchMode;
import dev.recall.search.SessionSearch;
import dev.recall.store.ArchiveScan;
import dev.recall.store.Database;
import dev.recall.store.SessionArchiveImport;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lexical passage search on the judged questions over the testdata archive. The floor is below the measured value
 * (docs/benchmarks.md) by a margin, so a change that breaks cutting, analysis or the index fails here; the vector and
 * hybrid numbers need the model over every passage and are measured by {@code PassageQualityProbe}.
 */
class PassageQualityTest {
    static final Path TESTDATA = Path.of(System.getProperty("user.dir")).resolve("../testdata").normalize();

    @TempDir
    Path dir;

    /** The testdata archive in a fresh store, its passage index, and every session's passages. */
    record Archive(Database db, LexicalIndex index, Map<String, List<Passage>> passages) implements AutoCloseable {
        static Archive open(Path dir) {
            Database db = Database.open(dir.resolve("data"));
            new SessionArchiveImport(db, t -> new dev.recall.store.Redactor.Redaction(t, java.util.List.of())).run(TESTDATA.resolve("sessions/part-a.jsonl"));
            new SessionArchiveImport(db, t -> new dev.recall.store.Redactor.Redaction(t, java.util.List.of())).run(TESTDATA.resolve("sessions/part-b.jsonl"));
            PassageSource source = new PassageSource(db);
            Map<String, List<Passage>> passages = new HashMap<>();
            new ArchiveScan(db).forEachSession(s -> passages.put(s.session().id(), source.passages(s)));
            return new Archive(db, LexicalIndex.open(dir.resolve("passages"), source, m -> {}), passages);
        }

        @Override
        public void close() {
            index.close();
            db.close();
        }
    }

    @Test
    void lexicalNdcgOnTheJudgedQuestions() throws Exception {
        PassageQueries queries = PassageQueries.read(TESTDATA.resolve("passages/queries.jsonl"));
        assertEquals(35, queries.queries().size());
        try (Archive a = Archive.open(dir); SessionSearch search = new SessionSearch(a.db(), a.index(), () -> null)) {
            for (PassageQueries.Query q : queries.queries()) {
                assertFalse(queries.judgments(q, a.passages()).isEmpty(), q.id() + " judges no passage");
            }
            PassageEvaluation.Result r = PassageEvaluation.run(search, queries, a.passages(), SearchMode.LEXICAL);
            System.out.printf("passage nDCG@10 lexical %.4f%n", r.ndcg10());
            assertTrue(r.ndcg10() > 0.8, "lexical nDCG@10 " + r.ndcg10() + " " + r.perQuery());
        }
    }
}
