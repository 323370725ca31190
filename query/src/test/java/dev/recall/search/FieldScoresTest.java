package dev.recall.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.index.analysis.AnalyzerKind;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-field BM25 that `--scores` prints comes from per-field weights: the fields' shares add up to the hit's
 * score, and for the default bag-of-words query they are what Lucene's own explanation attributes to each field.
 */
class FieldScoresTest {
    @TempDir
    Path dir;

    private static final String[] ENTRIES = {
        TestStore.entry("fs-1", "Flaky integration tests on the ledger", "Rerun the ledger tests with a fixed seed.",
                "\"trigger\":\"integration tests fail at random\""),
        TestStore.entry("fs-2", "Seed the random generator", "Tests that use random data take a fixed seed.", ""),
        TestStore.entry("fs-3", "Ledger rounding", "Round ledger amounts half-even; tests check the rounding.",
                "\"trigger\":\"ledger totals off by a cent\""),
        TestStore.entry("fs-4", "Unrelated", "Nothing about the query here.", ""),
    };

    @Test
    void theFieldsAddUpToTheScoreAndMatchLucenesExplanation() throws Exception {
        List<String> queries = List.of("ledger tests random seed", "why do the integration tests fail",
                "ledger ledger rounding");
        eachHit(false, queries, (reader, leg, hit) -> {
            LexicalLeg.Breakdown b = leg.explain(hit.doc());
            assertEquals(List.of("content", "title", "trigger", "evidence"), List.copyOf(b.perField().keySet()));
            assertFalse(b.matchedTerms().isEmpty());
            Reference r = reference(reader, leg, hit.doc());
            for (var field : b.perField().entrySet()) {
                assertEquals(r.perField().getOrDefault(field.getKey(), 0.0), field.getValue(), 1e-6,
                        hit.id() + " " + field.getKey());
            }
            assertEquals(List.copyOf(r.terms()), b.matchedTerms(), hit.id());
        });
    }

    @Test
    void luceneSyntaxAddsUpToo() throws Exception {
        eachHit(true, List.of("+ledger title:rounding^3 -unrelated", "\"fixed seed\" OR random",
                "trigger:(ledger OR integration) AND tests"), (reader, leg, hit) -> {});
    }

    private interface HitCheck {
        void check(DirectoryReader reader, LexicalLeg leg, LexicalLeg.Candidate hit) throws Exception;
    }

    /** Every hit of every query: the fields' shares add up to its BM25, then the check. */
    private void eachHit(boolean luceneSyntax, List<String> queries, HitCheck check) throws Exception {
        try (TestStore store = new TestStore(dir).sessions(TestStore.SESSION)) {
            store.entries(false, ENTRIES);
            store.lexical.sync();
            try (DirectoryReader reader = store.lexical.openReader()) {
                for (String query : queries) {
                    LexicalLeg leg = new LexicalLeg(reader, AnalyzerKind.CODE, query, luceneSyntax,
                            LexicalWeights.DEFAULTS);
                    List<LexicalLeg.Candidate> hits = leg.search(null, 10).hits();
                    assertTrue(hits.size() >= 2, query + ": " + hits);
                    for (LexicalLeg.Candidate hit : hits) {
                        LexicalLeg.Breakdown b = leg.explain(hit.doc());
                        double sum = b.perField().values().stream().mapToDouble(Double::doubleValue).sum();
                        assertEquals(hit.bm25(), sum, 1e-5 * hit.bm25(), query + " " + hit.id() + ": " + b);
                        check.check(reader, leg, hit);
                    }
                }
            }
        }
    }

    private record Reference(Map<String, Double> perField, Set<String> terms) {}

    /** What the breakdown used to be: the BM25 leaves of Lucene's explanation, read by their description. */
    private static Reference reference(DirectoryReader reader, LexicalLeg leg, int doc) throws Exception {
        IndexSearcher searcher = new IndexSearcher(reader);
        searcher.setSimilarity(new BM25Similarity(LexicalWeights.DEFAULTS.k1(), LexicalWeights.DEFAULTS.b()));
        Explanation e = searcher.explain(leg.scoringQuery(), doc);
        Reference r = new Reference(new LinkedHashMap<>(), new LinkedHashSet<>());
        collect(e, r);
        return r;
    }

    private static final Pattern LEAF = Pattern.compile("^weight\\((\\w+):(.+?) in \\d+\\)");

    private static void collect(Explanation e, Reference r) {
        Matcher m = LEAF.matcher(e.getDescription());
        if (m.find()) {
            r.perField().merge(m.group(1), e.getValue().doubleValue(), Double::sum);
            r.terms().add(m.group(2));
            return;
        }
        for (Explanation d : e.getDetails()) {
            collect(d, r);
        }
    }
}
