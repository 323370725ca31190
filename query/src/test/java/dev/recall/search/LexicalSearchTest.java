package dev.recall.search;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LexicalSearchTest {
    @TempDir
    Path dir;

    TestStore store;

    static final EntryFilter ACCEPTED = EntryFilter.builder().status(EntryStatus.ACCEPTED).build();

    @BeforeEach
    void setUp() throws Exception {
        store = new TestStore(dir).sessions(TestStore.SESSION).entries(false,
                TestStore.entry("flaky", "Retry the flaky ClockTest", "ClockTest fails under load; run it with --rerun-failing.", ""),
                TestStore.entry("db", "Run migrations before tests", "Use goose up against the test database before go test ./...", "\"type\":\"warning\""),
                TestStore.entry("canvas", "useCanvasStore owns the selection", "Selection state lives in useCanvasStore, not in component state.", "\"confidence\":0.9"));
    }

    @AfterEach
    void tearDown() {
        store.close();
    }

    private SearchResult search(String text) {
        return store.search().search(SearchRequest.of(text, SearchMode.LEXICAL, ACCEPTED, 10));
    }

    private List<String> ids(SearchResult r) {
        return r.hits().stream().map(h -> h.entry().id()).toList();
    }

    @Test
    void findsByWordsAndBuildsTheIndexOnFirstUse() {
        assertEquals(List.of("flaky"), ids(search("flaky clock test")).subList(0, 1));
        assertTrue(store.notices.stream().anyMatch(n -> n.contains("does not exist yet")), store.notices.toString());
    }

    @Test
    void newUpdatedAndDeletedEntriesAreSeenWithoutARebuild() throws Exception {
        search("anything");
        store.entries(false, TestStore.entry("new", "Vacuum the sqlite cache weekly", "Run VACUUM on cache.db.", ""));
        assertEquals("new", ids(search("vacuum sqlite cache")).getFirst());
        store.exec("UPDATE recall_entries SET title = 'Compact the cache' WHERE id = 'new'");
        assertEquals("new", ids(search("compact")).getFirst());
        store.exec("DELETE FROM recall_entries WHERE id = 'new'");
        assertTrue(ids(search("vacuum compact")).isEmpty());
        store.exec("UPDATE recall_entries SET status = 'archived' WHERE id = 'flaky'");
        assertFalse(ids(search("flaky")).contains("flaky"), "archived entries are not served by default");
        assertEquals(1, store.notices.size(), "only the first search builds: " + store.notices);
    }

    @Test
    void aCorruptIndexIsRebuiltWithANotice() throws Exception {
        search("flaky");
        try (var files = Files.list(dir.resolve("data/index/lexical"))) {
            for (Path f : files.toList()) {
                if (!f.getFileName().toString().equals("write.lock")) {
                    Files.write(f, new byte[] {1, 2, 3});
                }
            }
        }
        store.notices.clear();
        assertEquals("flaky", ids(search("flaky")).getFirst());
        assertTrue(store.notices.stream().anyMatch(n -> n.contains("rebuilding it from the store")), store.notices.toString());
    }

    @Test
    void filtersApplyInsideTheLexicalSearch() {
        var warnings = EntryFilter.builder().type(EntryType.WARNING).status(EntryStatus.ACCEPTED).build();
        var r = store.search().search(SearchRequest.of("run tests", SearchMode.LEXICAL, warnings, 10));
        assertEquals(List.of("db"), ids(r));
        var trusted = EntryFilter.builder().trustedOnly(true).build();
        assertTrue(ids(store.search().search(SearchRequest.of("run tests", SearchMode.LEXICAL, trusted, 10))).isEmpty(),
                "nothing is reviewed, so nothing is trusted");
    }

    @Test
    void theBreakdownAddsUpAndNamesMatchedTerms() {
        SearchHit top = search("useCanvasStore selection").hits().getFirst();
        assertEquals("canvas", top.entry().id());
        var b = top.breakdown();
        double fields = b.get("bm25.content") + b.get("bm25.title") + b.get("bm25.trigger") + b.get("bm25.evidence");
        assertEquals(b.get("bm25"), fields, 1e-4);
        double boosts = b.entrySet().stream().filter(e -> e.getKey().startsWith("boost.")).mapToDouble(e -> e.getValue()).sum();
        assertEquals(b.get("bm25") * (1 + boosts), top.score(), 1e-6);
        assertTrue(b.get("boost.identifier") > 0, "useCanvasStore is named exactly: " + b);
        assertTrue(b.get("boost.confidence") > 0);
        assertTrue(top.matchedTerms().stream().anyMatch(t -> t.startsWith("usecanvasstor")), top.matchedTerms().toString());
    }

    @Test
    void plainTextWithLuceneSyntaxIsNeverAnError() {
        assertDoesNotThrow(() -> search("title:( AND \"unclosed OR ClockTest^ [x TO"));
        assertEquals("flaky", ids(search("ClockTest:( AND")).getFirst());
    }

    @Test
    void luceneSyntaxIsOptInAndItsErrorsAreOneClearLine() {
        var lucene = SearchRequest.builder("title:( AND").mode(SearchMode.LEXICAL).filter(ACCEPTED).limit(10).window(200).fusion(FusionMethod.RRF).rrfK(60).convexWeight(0.5).luceneSyntax(true).weights(LexicalWeights.DEFAULTS).explain(true).build();
        SearchException e = assertThrows(SearchException.class, () -> store.search().search(lucene));
        assertEquals(SearchException.Reason.INVALID_QUERY, e.reason());
        assertTrue(e.getMessage().startsWith("invalid Lucene query:") && !e.getMessage().contains("\n"), e.getMessage());
        var ok = SearchRequest.builder("title:clocktest").mode(SearchMode.LEXICAL).filter(ACCEPTED).limit(10)
                .window(200).fusion(FusionMethod.RRF).rrfK(60).convexWeight(0.5).luceneSyntax(true)
                .weights(LexicalWeights.DEFAULTS).explain(true).build();
        assertEquals(List.of("flaky"), ids(store.search().search(ok)));
    }

    private SearchException luceneError(String text) {
        var request = SearchRequest.builder(text).mode(SearchMode.LEXICAL).filter(ACCEPTED).limit(10).window(200)
                .fusion(FusionMethod.RRF).rrfK(60).convexWeight(0.5).luceneSyntax(true).weights(LexicalWeights.DEFAULTS)
                .explain(true).build();
        return assertThrows(SearchException.class, () -> store.search().search(request));
    }

    /** issue 12 item 8: 3,000 nested parentheses crashed with a StackOverflowError and 1,000 stack lines. */
    @Test
    void deepNestingIsRefusedInOneLine() {
        SearchException e = luceneError("(".repeat(3000) + "clocktest" + ")".repeat(3000));
        assertEquals(SearchException.Reason.INVALID_QUERY, e.reason());
        assertTrue(e.getMessage().contains("nested 3000 deep") && e.getMessage().contains("at most"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        // quoted or escaped parentheses are words, not nesting
        assertDoesNotThrow(() -> store.search().search(SearchRequest.builder("\"" + "(".repeat(500) + "\" clocktest " + "\\(".repeat(500)).mode(SearchMode.LEXICAL).filter(ACCEPTED).limit(10).window(200).fusion(FusionMethod.RRF).rrfK(60).convexWeight(0.5).luceneSyntax(true).weights(LexicalWeights.DEFAULTS).explain(true).build()));
        assertEquals(List.of("flaky"), ids(store.search().search(SearchRequest.builder("((((title:clocktest))))")
                .mode(SearchMode.LEXICAL).filter(ACCEPTED).limit(10).window(200).fusion(FusionMethod.RRF).rrfK(60)
                .convexWeight(0.5).luceneSyntax(true).weights(LexicalWeights.DEFAULTS).explain(true).build())));
    }

    @Test
    void tooManyClausesDoesNotEchoTheQuery() {
        String huge = "w0" + java.util.stream.IntStream.range(1, 3000).mapToObj(i -> " OR w" + i)
                .collect(java.util.stream.Collectors.joining());
        SearchException e = luceneError(huge);
        assertFalse(e.getMessage().contains("w2999"), e.getMessage());
        assertTrue(e.getMessage().length() < 300, e.getMessage());
    }

    @Test
    void cursorsPageThroughAndExpireWhenTheStoreChanges() {
        var first = store.search().search(SearchRequest.of("run tests state selection", SearchMode.LEXICAL, ACCEPTED, 1));
        assertNotNull(first.nextCursor());
        var second = store.search().search(SearchRequest.of("run tests state selection", SearchMode.LEXICAL, ACCEPTED, 1)
                .withCursor(first.nextCursor()));
        assertEquals(2, second.hits().getFirst().rank());
        assertNotEquals(ids(first), ids(second));
        store.exec("UPDATE recall_entries SET confidence = 0.1 WHERE id = 'db'");
        SearchException e = assertThrows(SearchException.class, () -> store.search().search(
                SearchRequest.of("run tests state selection", SearchMode.LEXICAL, ACCEPTED, 1).withCursor(first.nextCursor())));
        assertEquals(SearchException.Reason.CURSOR_EXPIRED, e.reason());
        SearchException other = assertThrows(SearchException.class, () -> store.search().search(
                SearchRequest.of("something else", SearchMode.LEXICAL, ACCEPTED, 1).withCursor(second.nextCursor())));
        assertEquals(SearchException.Reason.INVALID_CURSOR, other.reason());
    }

    @Test
    void temporalCuesFavourRecentEntries() {
        store.exec("UPDATE recall_entries SET updated_at = '2020-01-01T00:00:00.000Z' WHERE id = 'flaky'");
        store.exec("UPDATE recall_entries SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = 'db'");
        var r = search("what did we change about tests recently");
        var db = r.hits().stream().filter(h -> h.entry().id().equals("db")).findFirst().orElseThrow();
        var flaky = r.hits().stream().filter(h -> h.entry().id().equals("flaky")).findFirst().orElseThrow();
        assertTrue(db.breakdown().get("boost.temporal") > 0.25, db.breakdown().toString());
        assertTrue(flaky.breakdown().get("boost.temporal") < 0.01, flaky.breakdown().toString());
        assertEquals(0.0, search("tests").hits().getFirst().breakdown().get("boost.temporal"), "no cue, no boost");
    }

    /**
     * Coverage sums the held terms' IDFs in the query's order, so two processes answering the same query give the
     * same double (a hash set's order, which changes with each JVM, moved its last bit).
     */
    @Test
    void coverageSumsTheTermsInTheQuerysOrder() throws Exception {
        search("anything");
        String text = "flaky retry migrations goose canvas selection tests clocktest load";
        try (org.apache.lucene.index.DirectoryReader reader = store.lexical.openReader()) {
            LexicalLeg leg = new LexicalLeg(reader, dev.recall.index.analysis.AnalyzerKind.CODE, text, false,
                    LexicalWeights.DEFAULTS);
            List<LexicalLeg.Candidate> hits = leg.search(null, 10).hits();
            double[] coverage = leg.coverage(hits.stream().mapToInt(LexicalLeg.Candidate::doc).toArray());
            for (int i = 0; i < hits.size(); i++) {
                double held = 0;
                double all = 0;
                for (String t : LexicalLeg.queryTerms(dev.recall.index.analysis.AnalyzerKind.CODE, text).keySet()) {
                    int df = 0;
                    boolean found = false;
                    for (String field : dev.recall.index.EntryFields.TEXT) {
                        org.apache.lucene.index.Term term = new org.apache.lucene.index.Term(field, t);
                        df = Math.max(df, reader.docFreq(term));
                        var postings = org.apache.lucene.index.MultiTerms.getTermPostingsEnum(reader, field,
                                term.bytes());
                        found |= postings != null && postings.advance(hits.get(i).doc()) == hits.get(i).doc();
                    }
                    double idf = Math.log(1 + (reader.numDocs() - df + 0.5) / (df + 0.5));
                    all += idf;
                    held += found ? idf : 0;
                }
                assertEquals(held / all, coverage[i], 0.0, hits.get(i).id());
            }
        }
    }
}
