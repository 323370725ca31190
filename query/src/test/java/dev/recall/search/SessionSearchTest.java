package dev.recall.search;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.embeddings.Embedders;
import dev.recall.freshness.Staleness;
import dev.recall.index.LexicalIndex;
import dev.recall.index.PassageSource;
import dev.recall.index.PassageVectors;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.store.Database;
import dev.recall.store.SessionArchiveImport;
import dev.recall.store.SessionCatalog;
import dev.recall.store.SessionFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Passage search over a real archive, passage index and the real bundled model; vectors fail closed when stale. */
class SessionSearchTest {
    static Embedder model;

    @TempDir
    Path dir;

    Database db;
    LexicalIndex passages;
    SessionSearch search;

    @BeforeAll
    static void loadModel() {
        model = Embedders.open(EmbeddingConfig.defaults(), Path.of("target", "test-cache").toAbsolutePath());
    }

    @AfterAll
    static void closeModel() {
        model.close();
    }

    static String session(String id, String project, String started, String question, String answer) {
        return "{\"id\":\"" + id + "\",\"agent\":\"claude-code\",\"project\":\"" + project + "\",\"started_at\":\""
                + started + "\",\"messages\":[{\"ordinal\":0,\"role\":\"user\",\"text\":\"" + question + "\"},"
                + "{\"ordinal\":1,\"role\":\"assistant\",\"text\":\"" + answer + "\"},"
                + "{\"ordinal\":2,\"role\":\"user\",\"text\":\"thanks, that is all\"},"
                + "{\"ordinal\":3,\"role\":\"assistant\",\"text\":\"Glad to help.\"}]}";
    }

    void archive(String name, String... sessions) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, List.of(sessions));
        new SessionArchiveImport(db, TestStore.NO_SECRETS).run(f);
    }

    @BeforeEach
    void setUp() throws Exception {
        db = Database.open(dir.resolve("data"));
        archive("a.jsonl",
                session("pg", "ledgerd", "2026-09-01T10:00:00Z", "The integration tests cannot reach Postgres",
                        "Start the database with docker compose up db before running go test -tags integration."),
                session("shader", "pixelforge", "2026-09-02T10:00:00Z", "Why does the fragment shader fail on phones?",
                        "Mobile GPUs require a precision qualifier in fragment shaders."),
                session("tide", "tidewatch", "2026-09-03T10:00:00Z", "Tide windows look shifted by an hour",
                        "compute_tide_window must convert station local time to UTC first."));
        passages = LexicalIndex.open(dir.resolve("passages"), new PassageSource(db), m -> {});
        search = new SessionSearch(db, passages, () -> model);
    }

    @AfterEach
    void tearDown() {
        search.close();
        passages.close();
        db.close();
    }

    private VectorBuilder.Report build() {
        return new VectorBuilder(db, new PassageVectors(db), model, dir.resolve("vectors"), VectorEncoding.FLOAT32, 8,
                VectorBuilder.DEFAULT_COMMIT_EVERY).build(false, VectorBuilder.Progress.NONE);
    }

    @Test
    void lexicalFindsTheTurnWithItsOrdinalRangeAndMarksTheMatches() {
        PassageSearchResult r = search.search(PassageSearchRequest.of("postgres integration tests", SearchMode.LEXICAL,
                SessionFilter.ALL, 5));
        PassageHit top = r.hits().getFirst();
        assertEquals("pg", top.session().id());
        assertEquals(0, top.startOrdinal());
        assertEquals(1, top.endOrdinal());
        assertTrue(top.snippet().contains("[Postgres]"), top.snippet());
        assertTrue(top.breakdown().get("bm25") > 0);
        assertFalse(top.matchedTerms().isEmpty());
        assertEquals(1, r.hits().size(), "only that passage mentions any of the words");
    }

    @Test
    void filtersPagesAndCursorsFollowTheArchive() throws Exception {
        SessionFilter pixel = new SessionFilter("pixelforge", null, null, null, null, null, false);
        assertEquals(List.of(), search.search(PassageSearchRequest.of("postgres", SearchMode.LEXICAL, pixel, 5)).hits());
        SessionFilter early = new SessionFilter(null, null, null, null, null, Instant.parse("2026-09-02T00:00:00Z"), false);
        assertEquals(1, search.search(PassageSearchRequest.of("thanks", SearchMode.LEXICAL, early, 5)).hits().size());
        PassageSearchResult first = search.search(PassageSearchRequest.of("thanks", SearchMode.LEXICAL,
                SessionFilter.ALL, 2));
        assertEquals(2, first.hits().size());
        assertNotNull(first.nextCursor());
        PassageSearchResult second = search.search(PassageSearchRequest.of("thanks", SearchMode.LEXICAL,
                SessionFilter.ALL, 2).withCursor(first.nextCursor()));
        assertEquals(1, second.hits().size());
        assertEquals(3, second.hits().getFirst().rank());
        // The archive moves: the cursor is refused rather than skipping or repeating passages.
        archive("b.jsonl", session("new", "ledgerd", "2026-09-04T10:00:00Z", "thanks again", "welcome"));
        SearchException e = assertThrows(SearchException.class, () -> search.search(PassageSearchRequest.of("thanks",
                SearchMode.LEXICAL, SessionFilter.ALL, 2).withCursor(first.nextCursor())));
        assertEquals(SearchException.Reason.CURSOR_EXPIRED, e.reason());
    }

    @Test
    void aTrashedSessionLeavesSearchAtOnce() {
        assertEquals(1, search.search(PassageSearchRequest.of("shader", SearchMode.LEXICAL, SessionFilter.ALL, 5))
                .hits().size());
        new SessionCatalog(db).mark("shader", SessionCatalog.Mark.TRASHED, Instant.now());
        assertEquals(List.of(), search.search(PassageSearchRequest.of("shader", SearchMode.LEXICAL, SessionFilter.ALL,
                5)).hits());
    }

    @Test
    void vectorAndHybridRefuseUntilBuiltAndAgainWhenTheArchiveMoves() throws Exception {
        PassageSearchRequest hybrid = PassageSearchRequest.of("the database is unreachable from the test suite",
                SearchMode.HYBRID, SessionFilter.ALL, 3);
        Staleness.RefusedException none = assertThrows(Staleness.RefusedException.class, () -> search.search(hybrid));
        assertEquals(Staleness.Kind.NO_ACTIVE_GENERATION, none.verdict().kind());
        assertTrue(none.getMessage().contains("store 'sessions'"), none.getMessage());

        VectorBuilder.Report built = build();
        assertEquals(6, built.embedded(), "two turns in each of three sessions");
        PassageSearchResult r = search.search(hybrid);
        assertEquals("pg", r.hits().getFirst().session().id());
        assertTrue(r.hits().getFirst().breakdown().containsKey("vector.cosine"));
        assertTrue(r.hits().getFirst().breakdown().containsKey("rrf.vector_share"));
        PassageSearchResult vector = search.search(PassageSearchRequest.of("mobile GPU precision", SearchMode.VECTOR,
                new SessionFilter("pixelforge", null, null, null, null, null, false), 3));
        assertEquals("shader", vector.hits().getFirst().session().id());
        assertTrue(vector.filteredOut() > 0, "RRF first, then filters");

        // A new message moves the archive revision: vectors are stale and refused, lexical still answers.
        archive("b.jsonl", session("new", "ledgerd", "2026-09-04T10:00:00Z", "thanks again", "welcome"));
        Staleness.RefusedException stale = assertThrows(Staleness.RefusedException.class, () -> search.search(hybrid));
        assertEquals(Staleness.Kind.STALE_REVISION, stale.verdict().kind());
        assertTrue(stale.getMessage().contains("archive is at revision"), stale.getMessage());
        assertFalse(search.search(PassageSearchRequest.of("thanks again", SearchMode.LEXICAL, SessionFilter.ALL, 3))
                .hits().isEmpty());

        VectorBuilder.Report incremental = build();
        assertFalse(incremental.full());
        assertEquals(2, incremental.embedded(), "only the new session's passages");
        new SessionCatalog(db).mark("pg", SessionCatalog.Mark.AUTOMATED, Instant.now());
        assertThrows(Staleness.RefusedException.class, () -> search.search(hybrid));
        VectorBuilder.Report afterMark = build();
        assertEquals(1, afterMark.deleted(), "the automated session's vectors are gone");
        assertTrue(search.search(hybrid).hits().stream().noneMatch(h -> h.session().id().equals("pg")));
    }
}
