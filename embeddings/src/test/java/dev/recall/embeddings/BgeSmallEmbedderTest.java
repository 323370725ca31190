package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BgeSmallEmbedderTest {

    private Embedder embedder;

    @BeforeAll
    void open() {
        embedder = Embedders.open(EmbeddingConfig.defaults(), TestCache.dir());
    }

    @AfterAll
    void close() {
        embedder.close();
    }

    @Test
    void identityDescribesTheBundledModel() {
        EmbedderIdentity identity = embedder.identity();
        assertEquals("bge-small-en-v1.5-q", identity.modelId());
        assertEquals(BgeSmallEmbedder.MODEL_FILE.sha256(), identity.modelDigest());
        assertEquals(384, identity.dimensions());
        assertEquals(Pooling.CLS, identity.pooling());
        assertEquals(512, identity.maxTokens());
        assertEquals(BgeSmallEmbedder.QUERY_PREFIX, identity.queryPrefix(), "the default config puts bge's instruction before queries");
        assertEquals(384, embedder.dimensions());
    }

    @Test
    void vectorsAreUnitLength() {
        assertUnit(embedder.embedQuery("how do I rebuild the lexical index?"));
        for (float[] vector : embedder.embedDocuments(List.of("one", "two words", ""))) {
            assertEquals(384, vector.length);
            assertUnit(vector);
        }
    }

    @Test
    void paraphraseIsCloserThanAnUnrelatedSentence() {
        List<float[]> v = embedder.embedDocuments(List.of(
                "The build fails because the Maven wrapper cannot download its distribution.",
                "Maven's wrapper is unable to fetch the distribution, so compilation breaks.",
                "Bananas are a good source of potassium."));
        double paraphrase = Vectors.cosine(v.get(0), v.get(1));
        double unrelated = Vectors.cosine(v.get(0), v.get(2));
        assertTrue(paraphrase > unrelated + 0.2,
                "paraphrase " + paraphrase + " should beat unrelated " + unrelated);
    }

    @Test
    void batchedVectorsMatchSingleOnesInInputOrder() {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            // Varying lengths, so length-sorting reorders them and padding differs per batch.
            texts.add("Note " + i + ": " + "the index must be rebuilt after a schema change. ".repeat(1 + i % 7));
        }
        List<float[]> batched = embedder.embedDocuments(texts);
        assertEquals(texts.size(), batched.size());
        for (int i : new int[] {0, 5, 13, 39}) {
            float[] single = embedder.embedDocuments(List.of(texts.get(i))).get(0);
            double cosine = Vectors.cosine(single, batched.get(i));
            assertTrue(cosine > 0.98, "text " + i + ": cosine " + cosine);
        }
    }

    @Test
    void longTextIsTruncatedAtTheTokenLimit() {
        String head = "Lucene stores postings in segments that are merged in the background. ".repeat(60);
        String a = head + "The tail mentions SQLite triggers and revision counters.";
        String b = head + "An entirely different tail about bananas, trains and weather.";
        List<float[]> v = embedder.embedDocuments(List.of(a, b));
        assertArrayEquals(v.get(0), v.get(1), "everything after 512 tokens must be ignored");
        // ...but not earlier: a difference at about token 400 still counts.
        String shorter = "Lucene stores postings in segments that are merged in the background. ".repeat(30);
        List<float[]> w = embedder.embedDocuments(List.of(
                shorter + "The tail mentions SQLite triggers and revision counters.",
                shorter + "An entirely different tail about bananas, trains and weather."));
        assertFalse(Vectors.cosine(w.get(0), w.get(1)) > 0.99999);
        assertUnit(embedder.embedDocuments(List.of("word ".repeat(20_000))).get(0));
    }

    @Test
    void queryPrefixChangesTheQueryVectorAndTheFingerprint() {
        try (Embedder plainQueries = Embedders.open(
                EmbeddingConfig.defaults().withoutQueryPrefix(), TestCache.dir())) {
            assertNull(plainQueries.identity().queryPrefix());
            String query = "why is vector search refused when the index is stale";
            float[] plain = plainQueries.embedQuery(query);
            float[] withPrefix = embedder.embedQuery(query);
            assertFalse(Vectors.cosine(plain, withPrefix) > 0.9999, "prefix must change the vector");
            assertTrue(Vectors.cosine(withPrefix, plainQueries.embedQuery(BgeSmallEmbedder.QUERY_PREFIX + query))
                    > 0.9999, "the default's query vector is the prefixed text's");
            // Documents never get the prefix.
            assertTrue(Vectors.cosine(embedder.embedDocuments(List.of(query)).get(0),
                    plainQueries.embedDocuments(List.of(query)).get(0)) > 0.9999);
            assertNotEquals(embedder.identity().fingerprint(1), plainQueries.identity().fingerprint(1));
        }
    }

    @Test
    void aQueryGetsThePrefixedTextsDocumentVectorBitForBitWhileDocumentsRunOnTheSameSession() throws Exception {
        List<String> queries = List.of("how do I rebuild the lexical index?",
                "why is vector search refused when the index is stale", "ERR_PNPM_OUTDATED_LOCKFILE (pnpm outdated"
                        + " lockfile) in CI", "0-dimensional biomaterials show inductive properties.");
        List<float[]> documentVectors = embedder.embedDocuments(
                queries.stream().map(q -> BgeSmallEmbedder.QUERY_PREFIX + q).toList());
        List<String> documents = new ArrayList<>();
        for (int i = 0; i < 48; i++) {
            documents.add("Entry " + i + ": the integration tests need the Docker socket; run them with"
                    + " ./mvnw verify -Pintegration after starting the daemon, and keep the logs of run " + i + ".");
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            java.util.concurrent.Future<List<float[]>> running = pool.submit(() -> embedder.embedDocuments(documents));
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < queries.size(); i++) {
                    assertArrayEquals(documentVectors.get(i), embedder.embedQuery(queries.get(i)),
                            "query " + i + ", round " + round);
                }
            }
            assertEquals(documents.size(), running.get().size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void nullDocumentIsRejectedWithItsPosition() {
        List<String> documents = new ArrayList<>(List.of("fine"));
        documents.add(null);
        EmbeddingException error =
                assertThrows(EmbeddingException.class, () -> embedder.embedDocuments(documents));
        assertTrue(error.getMessage().contains("document 1"), error.getMessage());
        assertTrue(embedder.embedDocuments(List.of()).isEmpty());
    }

    @Test
    void maxTokensAboveTheModelLimitIsRejected() {
        EmbeddingException error = assertThrows(EmbeddingException.class, () -> Embedders.open(
                EmbeddingConfig.defaults().withMaxTokens(1024), TestCache.dir()));
        assertTrue(error.getMessage().contains("512"), error.getMessage());
    }

    static void assertUnit(float[] vector) {
        double sum = 0;
        for (float component : vector) {
            assertTrue(Float.isFinite(component));
            sum += component * component;
        }
        assertEquals(1.0, Math.sqrt(sum), 1e-4);
    }
}
