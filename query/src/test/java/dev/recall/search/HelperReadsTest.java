package dev.recall.search;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.embeddings.Embedder;
import dev.recall.eval.FakeEmbedder;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.store.Database;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lone search's helper reads half of the re-rank's candidates on a second connection to the store and takes their
 * boosts: every answer (entries, ranks, scores, breakdowns, counts, cursors, the next page) is the one a search on
 * one thread and one connection gives, over the project's judged and regression queries on its sample store.
 */
class HelperReadsTest {
    @TempDir
    Path dir;

    private static final EntryFilter ACCEPTED = EntryFilter.builder().status(EntryStatus.ACCEPTED).build();
    /** Both searches at one instant: the temporal boost decays with the clock. */
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T14:00:00Z"), ZoneOffset.UTC);

    @Test
    void aHelperOnItsOwnConnectionLeavesEveryAnswerAsOneThreadGivesIt() throws Exception {
        List<String> queries = new ArrayList<>();
        JudgedQueries.read(TestStore.TESTDATA.resolve("judged/queries.jsonl"), "judged").queries()
                .forEach(q -> queries.add(q.text()));
        JudgedQueries.read(TestStore.TESTDATA.resolve("regression"), "regression").queries()
                .forEach(q -> queries.add(q.text()));
        queries.add("recently changed test database migrations"); // a temporal cue
        AtomicInteger helperReads = new AtomicInteger();
        SearchThreads two = new SearchThreads(2, () -> true, true);
        try (TestStore store = new TestStore(dir).testdata();
                Database second = Database.open(dir.resolve("data"));
                RecallSearch one = new RecallSearch(store.db, new EmbeddedBackend(store.db, store.lexical,
                        SearchThreads.ONE), TestStore::noModel, CLOCK, m -> {}, SearchThreads.ONE);
                RecallSearch split = new RecallSearch(store.db, new EmbeddedBackend(store.db, store.lexical, two),
                        TestStore::noModel, CLOCK, m -> {}, two, () -> {
                            helperReads.incrementAndGet();
                            return second;
                        })) {
            store.lexical.sync(); // built before either searches: no notice of it in one answer only
            int compared = 0;
            for (String q : queries) {
                for (SearchRequest r : List.of(SearchRequest.of(q, SearchMode.LEXICAL, ACCEPTED, 10).withExplain(true),
                        SearchRequest.of(q, SearchMode.LEXICAL, ACCEPTED, 25))) {
                    SearchResult a = one.search(r);
                    SearchResult b = split.search(r);
                    assertEquals(a, b, q);
                    if (a.nextCursor() != null) {
                        assertEquals(one.search(r.withCursor(a.nextCursor())), split.search(r.withCursor(b.nextCursor())),
                                q + " (page 2)");
                    }
                    compared++;
                }
            }
            assertTrue(compared > 100, compared + " answers compared");
            assertTrue(helperReads.get() > compared / 4, "the helper read its half in " + helperReads.get() + " of "
                    + compared + " searches: the candidates of most queries should be enough to split");
        }
    }

    @Test
    void hybridAnswersAreTheSameToo() throws Exception {
        Embedder model = new FakeEmbedder("fake");
        AtomicInteger helperReads = new AtomicInteger();
        SearchThreads two = new SearchThreads(2, () -> true, true);
        try (TestStore store = new TestStore(dir).testdata();
                Database second = Database.open(dir.resolve("data"));
                RecallSearch one = new RecallSearch(store.db, new EmbeddedBackend(store.db, store.lexical,
                        SearchThreads.ONE), () -> model, CLOCK, m -> {}, SearchThreads.ONE);
                RecallSearch split = new RecallSearch(store.db, new EmbeddedBackend(store.db, store.lexical, two),
                        () -> model, CLOCK, m -> {}, two, () -> {
                            helperReads.incrementAndGet();
                            return second;
                        })) {
            new VectorBuilder(store.db, model, dir.resolve("data/vectors"), VectorEncoding.FLOAT32, 2)
                    .build(true, VectorBuilder.Progress.NONE);
            store.lexical.sync();
            List<String> queries = new ArrayList<>();
            JudgedQueries.read(TestStore.TESTDATA.resolve("judged/queries.jsonl"), "judged").queries()
                    .forEach(q -> queries.add(q.text()));
            for (String q : queries) {
                SearchRequest r = SearchRequest.of(q, SearchMode.HYBRID, ACCEPTED, 10).withExplain(true);
                assertEquals(one.search(r), split.search(r), q);
            }
            assertTrue(helperReads.get() > 0, "the hybrid leg's head was read in two halves");
        }
    }

    @Test
    void withoutLeaveOrASecondConnectionTheCallerReadsEveryCandidate() throws Exception {
        AtomicInteger helperReads = new AtomicInteger();
        try (TestStore store = new TestStore(dir).testdata();
                Database second = Database.open(dir.resolve("data"));
                RecallSearch busy = new RecallSearch(store.db,
                        new EmbeddedBackend(store.db, store.lexical, SearchThreads.ONE), TestStore::noModel, CLOCK,
                        m -> {}, new SearchThreads(2, () -> false, true), () -> {
                            helperReads.incrementAndGet();
                            return second;
                        })) {
            SearchResult r = busy.search(SearchRequest.of("run the tests before the migration", SearchMode.LEXICAL,
                    ACCEPTED, 10));
            assertFalse(r.hits().isEmpty());
            assertEquals(0, helperReads.get(), "another request in flight: no helper");
        }
    }
}
