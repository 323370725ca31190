package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MiniLmEmbedderTest {

    private Embedder embedder;

    @BeforeAll
    void open() {
        embedder = Embedders.open(
                EmbeddingConfig.bundled(EmbeddingConfig.MINILM).withModelQueryPrefix(),
                TestCache.dir());
    }

    @AfterAll
    void close() {
        embedder.close();
    }

    @Test
    void identityDescribesMeanPoolingAnd256Tokens() {
        EmbedderIdentity identity = embedder.identity();
        assertEquals("all-minilm-l6-v2-q", identity.modelId());
        assertEquals(MiniLmEmbedder.MODEL_FILE.sha256(), identity.modelDigest());
        assertEquals(Pooling.MEAN, identity.pooling());
        assertEquals(256, identity.maxTokens());
        assertEquals(384, identity.dimensions());
        assertNull(identity.queryPrefix(), "MiniLM recommends no query prefix");
    }

    @Test
    void meanPooledVectorsRankAParaphraseFirst() {
        float[] query = embedder.embedQuery("How do I undo the last git commit?");
        List<float[]> docs = embedder.embedDocuments(List.of(
                "To revert the most recent commit in git, use git reset HEAD~1.",
                "The recipe needs two cups of flour and an egg."));
        BgeSmallEmbedderTest.assertUnit(query);
        BgeSmallEmbedderTest.assertUnit(docs.get(0));
        assertTrue(Vectors.cosine(query, docs.get(0)) > Vectors.cosine(query, docs.get(1)) + 0.2);
    }

    @Test
    void truncatesAt256TokensNotAtTheTokenizerFiles128() {
        // The tokenizer.json in the model jar pads and truncates to 128; we override that.
        String head = "alpha beta gamma delta ".repeat(40); // about 160 tokens
        List<float[]> v = embedder.embedDocuments(List.of(
                head + "the tail is about databases", head + "the tail is about oranges"));
        assertFalse(Vectors.cosine(v.get(0), v.get(1)) > 0.99999,
                "text between token 128 and 256 must still count");
        String longHead = "alpha beta gamma delta ".repeat(80); // about 320 tokens
        List<float[]> cut = embedder.embedDocuments(List.of(
                longHead + "databases", longHead + "oranges"));
        assertTrue(Vectors.cosine(cut.get(0), cut.get(1)) > 0.99999);
    }
}
