package dev.recall.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall.eval.BeirCollection;
import dev.recall.eval.CollectionStore;
import dev.recall.eval.EvalResult;
import dev.recall.eval.EvalRunner;
import dev.recall.eval.EvalSettings;
import dev.recall.eval.TestCollection;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.SearchMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * SciFact (BEIR, 300 judged queries) through the OpenSearch backend against the embedded one, lexical, on the same
 * throwaway store: a probe, run by name (it reads /work/shared/eval and starts a 1-node cluster):
 * {@code ./mvnw -B -q verify -pl opensearch -am -Dtest=SciFactProbe -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class SciFactProbe {
    static final Path EVAL = Path.of(System.getProperty("recall.eval.dir", "/work/shared/eval"));

    @Test
    void lexicalNdcgThroughOpenSearchEqualsTheEmbeddedBackend() throws Exception {
        TestCollection scifact = BeirCollection.read(EVAL.resolve("scifact"));
        EvalSettings lexical = EvalSettings.defaults(SearchMode.LEXICAL);
        try (TestCluster cluster = new TestCluster(1);
                CollectionStore store = CollectionStore.build(scifact, AnalyzerKind.CODE, Optional.empty(),
                        VectorEncoding.FLOAT32, VectorBuilder.Progress.NONE, n -> {})) {
            long start = System.nanoTime();
            EvalResult embedded = new EvalRunner(100).run(scifact, store.retriever(lexical));
            long embeddedNanos = System.nanoTime() - start;
            start = System.nanoTime();
            EvalResult opensearch = new EvalRunner(100).run(scifact, store.retriever(lexical,
                    db -> new OpenSearchBackend(db, new OpenSearchSettings(cluster.nodes(), "scifact", 0,
                            Duration.ofSeconds(120)))));
            long openSearchNanos = System.nanoTime() - start;
            System.out.printf("SciFact lexical nDCG@10: embedded %.4f (%d queries, %.1f s), opensearch %.4f (%.1f s,"
                    + " publish of 5,183 entries included); recall@100 %.4f vs %.4f%n", embedded.ndcgCut10(),
                    embedded.queries(), embeddedNanos / 1e9, opensearch.ndcgCut10(), openSearchNanos / 1e9,
                    embedded.recall100(), opensearch.recall100());
            assertEquals(embedded.ndcgCut10(), opensearch.ndcgCut10(), 0.005);
        }
    }
}
