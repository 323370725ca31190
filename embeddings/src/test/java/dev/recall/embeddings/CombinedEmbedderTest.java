package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Both bundled models as one vector leg, with the real models. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CombinedEmbedderTest {
    static final String BOTH = EmbeddingConfig.BGE_SMALL + "+" + EmbeddingConfig.MINILM;

    private Embedder combined;
    private Embedder bge;
    private Embedder minilm;

    @BeforeAll
    void open() {
        combined = Embedders.open(EmbeddingConfig.bundled(BOTH), TestCache.dir());
        bge = Embedders.open(EmbeddingConfig.bundled(EmbeddingConfig.BGE_SMALL), TestCache.dir());
        minilm = Embedders.open(EmbeddingConfig.bundled(EmbeddingConfig.MINILM), TestCache.dir());
    }

    @AfterAll
    void close() {
        combined.close();
        bge.close();
        minilm.close();
    }

    @Test
    void theDotProductIsEachModelsCosineWeighted() {
        String query = "How do I undo the last git commit?";
        List<String> docs = List.of("To revert the most recent commit in git, use git reset HEAD~1.",
                "The recipe needs two cups of flour and an egg.",
                "ERR_PNPM_OUTDATED_LOCKFILE: the lockfile does not match package.json");
        float[] q = combined.embedQuery(query);
        List<float[]> d = combined.embedDocuments(docs);
        assertEquals(768, q.length);
        BgeSmallEmbedderTest.assertUnit(q);
        // each model reads the query as it would alone: bge with its instruction, MiniLM without one
        float[] qb = bge.embedQuery(query);
        float[] qm = minilm.embedQuery(query);
        List<float[]> db = bge.embedDocuments(docs);
        List<float[]> dm = minilm.embedDocuments(docs);
        for (int i = 0; i < docs.size(); i++) {
            BgeSmallEmbedderTest.assertUnit(d.get(i));
            double expected = 0.9 * Vectors.cosine(qb, db.get(i)) + 0.1 * Vectors.cosine(qm, dm.get(i));
            assertEquals(expected, dot(q, d.get(i)), 1e-5, docs.get(i));
        }
        assertTrue(dot(q, d.get(0)) > dot(q, d.get(1)) + 0.1);
    }

    @Test
    void theIdentityNamesBothModelsAndChangesWithEitherQueryInstruction() {
        EmbedderIdentity id = combined.identity();
        assertEquals(BOTH, id.modelId());
        assertEquals(768, id.dimensions());
        assertTrue(id.queryPrefix().contains(bge.identity().queryPrefix()), id.queryPrefix());
        String fingerprint = id.fingerprint(1);
        assertNotEquals(bge.identity().fingerprint(1), fingerprint);
        try (Embedder noPrefix = Embedders.open(EmbeddingConfig.bundled(BOTH).withoutQueryPrefix(), TestCache.dir());
                Embedder reversed = Embedders.open(EmbeddingConfig.bundled(
                        EmbeddingConfig.MINILM + "+" + EmbeddingConfig.BGE_SMALL), TestCache.dir())) {
            assertNotEquals(fingerprint, noPrefix.identity().fingerprint(1));
            // another layout of the same two models: other vectors, so another generation
            assertNotEquals(fingerprint, reversed.identity().fingerprint(1));
            float[] q = reversed.embedQuery("flaky test");
            float[] d = reversed.embedDocuments(List.of("the test fails one run in ten")).getFirst();
            float[] q2 = combined.embedQuery("flaky test");
            float[] d2 = combined.embedDocuments(List.of("the test fails one run in ten")).getFirst();
            assertEquals(dot(q2, d2), dot(q, d), 1e-5, "the weights follow the model, not its place");
        }
    }

    @Test
    void aModelNamedTwiceOrAnUnknownOneIsRefused() {
        for (String name : List.of(EmbeddingConfig.BGE_SMALL + "+" + EmbeddingConfig.BGE_SMALL,
                EmbeddingConfig.BGE_SMALL + "+" + EmbeddingConfig.BGE_SMALL + EmbeddingConfig.FUSED_SUFFIX,
                EmbeddingConfig.BGE_SMALL + "+", EmbeddingConfig.BGE_SMALL + "+e5-small")) {
            EmbeddingException e = assertThrows(EmbeddingException.class,
                    () -> Embedders.open(EmbeddingConfig.bundled(name), TestCache.dir()).close(), name);
            assertTrue(e.getMessage().contains("model"), e.getMessage());
        }
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (double) a[i] * b[i];
        }
        return s;
    }
}
