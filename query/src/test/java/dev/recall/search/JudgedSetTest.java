package dev.recall.search;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.embeddings.Embedders;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryImport;
import dev.recall.store.EntryStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The four-kind judged set of testdata/judged (paraphrases, near-duplicate distractors, pasted identifiers and
 * error text, vague project questions) over the testdata corpus plus its distractors, with the real bundled model:
 * on every kind, hybrid with the shipped defaults must find at least as much as the better of its two legs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JudgedSetTest {
    static final EntryFilter ACCEPTED = EntryFilter.builder().status(EntryStatus.ACCEPTED).build();

    TestStore store;
    Embedder model;
    RecallSearch search;
    JudgedQueries judged;
    JudgedQueries regression;
    /** The shipped model unless a probe measures another (FusionProbe's --model-dir, --query-prefix). */
    EmbeddingConfig embedding = EmbeddingConfig.defaults();

    @BeforeAll
    void load(@TempDir Path dir) throws Exception {
        store = new TestStore(dir).testdata();
        var r = new EntryImport(store.db, TestStore.NO_SECRETS).run(TestStore.TESTDATA.resolve("judged/distractors.jsonl"),
                new EntryImport.Options(true, false), true);
        assertTrue(r.ok(), r.rejected().toString());
        model = Embedders.open(embedding, Path.of("target", "test-cache").toAbsolutePath());
        new VectorBuilder(store.db, model, dir.resolve("data/vectors"), VectorEncoding.FLOAT32, 32)
                .build(false, VectorBuilder.Progress.NONE);
        search = store.search(() -> model);
        judged = JudgedQueries.read(TestStore.TESTDATA.resolve("judged/queries.jsonl"), "judged");
        regression = JudgedQueries.read(TestStore.TESTDATA.resolve("regression"), "regression");
    }

    @AfterAll
    void close() {
        store.close();
        model.close();
    }

    Function<String, List<String>> ranker(SearchMode mode, Function<SearchRequest, SearchRequest> tweak) {
        return text -> search.search(tweak.apply(SearchRequest.of(text, mode, ACCEPTED, 10).withExplain(false)))
                .hits().stream().map(h -> h.entry().id()).toList();
    }

    static String table(String title, Map<String, Map<String, JudgedQueries.Measures>> byMode) {
        StringBuilder b = new StringBuilder(title).append('\n');
        b.append(String.format(Locale.ROOT, "%-15s %-8s %4s  %-7s %-7s %-7s%n", "kind", "mode", "n", "hits@3",
                "nDCG@10", "MRR"));
        List<String> kinds = new ArrayList<>(byMode.values().iterator().next().keySet());
        for (String kind : kinds) {
            byMode.forEach((mode, m) -> {
                JudgedQueries.Measures x = m.get(kind);
                b.append(String.format(Locale.ROOT, "%-15s %-8s %4d  %.4f  %.4f  %.4f%n", kind, mode, x.queries(),
                        x.hitsAt3(), x.ndcg10(), x.mrr()));
            });
        }
        return b.toString();
    }

    @Test
    void theSetHasFourKindsOfAtLeastTwentyFiveQueries() {
        Map<String, JudgedQueries.Measures> m = judged.measure(q -> List.of());
        assertTrue(m.get("all").queries() >= 100, m.toString());
        for (String kind : List.of("paraphrase", "near_duplicate", "identifier", "vague")) {
            assertTrue(m.get(kind).queries() >= 25, kind + ": " + m);
        }
    }

    @Test
    void hybridIsAtLeastAsGoodAsItsBetterLegOnEveryKind() {
        assertHybridAtLeastItsBetterLeg(judged, "judged set, shipped defaults");
    }

    @Test
    void hybridIsAtLeastAsGoodAsItsBetterLegOnTheRegressionSet() {
        assertHybridAtLeastItsBetterLeg(regression, "regression set, shipped defaults");
    }

    /** Per kind of the set (and over all of it): hybrid's nDCG@10 and hits@3 at least the better leg's. */
    private void assertHybridAtLeastItsBetterLeg(JudgedQueries set, String title) {
        Map<String, Map<String, JudgedQueries.Measures>> byMode = new java.util.LinkedHashMap<>();
        for (SearchMode mode : SearchMode.values()) {
            byMode.put(mode.label(), set.measure(ranker(mode, r -> r)));
        }
        String table = table(title, byMode);
        System.out.println(table);
        for (String kind : byMode.get("hybrid").keySet()) {
            JudgedQueries.Measures h = byMode.get("hybrid").get(kind);
            JudgedQueries.Measures l = byMode.get("lexical").get(kind);
            JudgedQueries.Measures v = byMode.get("vector").get(kind);
            assertTrue(h.ndcg10() >= Math.max(l.ndcg10(), v.ndcg10()) - 1e-9, kind + " nDCG@10\n" + table);
            assertTrue(h.hitsAt3() >= Math.max(l.hitsAt3(), v.hitsAt3()) - 1e-9, kind + " hits@3\n" + table);
        }
    }

    @Test
    void theLexicalLegsWeightFollowsHowMuchOfTheQueryItsBestHitHolds() {
        // a pasted error code its entry holds verbatim: the lexical leg decides
        double pasted = lexicalWeight("ERR_PNPM_OUTDATED_LOCKFILE");
        // a paraphrase sharing one word with its entry: the lexical leg's best hit holds little of it
        double paraphrase = lexicalWeight("browser tab eats more and more RAM as I draw");
        assertTrue(pasted == 1.0, "pasted identifier: " + pasted);
        assertTrue(paraphrase < 0.7, "paraphrase: " + paraphrase);
    }

    private double lexicalWeight(String text) {
        return search.search(SearchRequest.of(text, SearchMode.HYBRID, ACCEPTED, 1)).hits().getFirst().breakdown()
                .get("adaptive.lexical_weight");
    }

    /**
     * Every fusion variant's table on the judged set and the regression set (FusionProbe prints it); with
     * {@code perQuery} not null, each mode's per-query measures also go to {@code <set>-<mode>.json} there, in
     * {@code recall eval --per-query}'s shape (ndcg_cut_10, hits_3, recip_rank), for bench/scripts/paired-test.py.
     */
    String variants(List<Function<SearchRequest, SearchRequest>> tweaks, List<String> names, Path perQuery)
            throws java.io.IOException {
        StringBuilder out = new StringBuilder();
        for (JudgedQueries set : List.of(judged, regression)) {
            String setName = set == judged ? "judged" : "regression";
            Map<String, Map<String, double[]>> scores = new java.util.LinkedHashMap<>();
            scores.put("lexical", set.scores(ranker(SearchMode.LEXICAL, r -> r)));
            scores.put("vector", set.scores(ranker(SearchMode.VECTOR, r -> r)));
            for (int i = 0; i < tweaks.size(); i++) {
                scores.put(names.get(i), set.scores(ranker(SearchMode.HYBRID, tweaks.get(i))));
            }
            Map<String, Map<String, JudgedQueries.Measures>> byMode = new java.util.LinkedHashMap<>();
            scores.forEach((mode, s) -> byMode.put(mode, set.aggregate(s)));
            out.append(table(setName + " set", byMode)).append('\n');
            if (perQuery != null) {
                for (var e : scores.entrySet()) {
                    Map<String, Map<String, Double>> rows = new java.util.LinkedHashMap<>();
                    e.getValue().forEach((id, m) -> rows.put(id, Map.of("ndcg_cut_10", m[0], "hits_3", m[1],
                            "recip_rank", m[2])));
                    new com.fasterxml.jackson.databind.ObjectMapper().writeValue(
                            perQuery.resolve(setName + "-" + e.getKey().replace(':', '_') + ".json").toFile(),
                            Map.of("per_query", rows));
                }
            }
        }
        return out.toString();
    }
}
