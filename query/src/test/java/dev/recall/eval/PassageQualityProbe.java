package dev.recall.eval;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.embeddings.Embedders;
import dev.recall.index.PassageVectors;
import dev.recall.index.VectorBuilder;
import dev.recall.index.VectorEncoding;
import dev.recall.search.SearchMode;
import dev.recall.search.SessionSearch;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * nDCG@10 of lexical, vector and hybrid passage search on the judged questions, with the bundled model over every
 * passage of the testdata archive (minutes on a loaded machine, so on demand):
 * {@code ./mvnw -B -q verify -pl query -am -Dtest=PassageQualityProbe -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class PassageQualityProbe {
    @TempDir
    Path dir;

    @Test
    void allModes() throws Exception {
        PassageQueries queries = PassageQueries.read(PassageQualityTest.TESTDATA.resolve("passages/queries.jsonl"));
        try (Embedder model = Embedders.open(EmbeddingConfig.defaults(), Path.of("target", "test-cache").toAbsolutePath());
                PassageQualityTest.Archive a = PassageQualityTest.Archive.open(dir);
                SessionSearch search = new SessionSearch(a.db(), a.index(), () -> model)) {
            new VectorBuilder(a.db(), new PassageVectors(a.db()), model, dir.resolve("vectors"), VectorEncoding.FLOAT32,
                    16, VectorBuilder.DEFAULT_COMMIT_EVERY).build(false, VectorBuilder.Progress.NONE);
            for (SearchMode mode : SearchMode.values()) {
                PassageEvaluation.Result r = PassageEvaluation.run(search, queries, a.passages(), mode);
                System.out.printf("passage nDCG@10 %-7s %.4f  %s%n", mode.label(), r.ndcg10(), r.perQuery());
            }
        }
    }
}
