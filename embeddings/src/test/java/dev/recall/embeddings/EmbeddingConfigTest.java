package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EmbeddingConfigTest {

    @Test
    void defaultsAreTheBundledBgeModelWithItsQueryPrefix() {
        EmbeddingConfig config = EmbeddingConfig.defaults();
        assertEquals(EmbeddingConfig.Kind.BUNDLED, config.kind());
        assertEquals(EmbeddingConfig.BGE_SMALL, config.bundledModel());
        assertEquals(0, config.maxTokens(), "0 = the model's own limit");
        assertTrue(config.useQueryPrefix());
        assertNull(config.queryPrefix(), "the model's own prefix, not a text of the config");
        assertEquals(EmbeddingConfig.DEFAULT_BATCH_SIZE, config.batchSize());
        assertFalse(config.allowHttp());
    }

    @Test
    void queryPrefixIsOffModelsOwnOrGivenText() {
        assertEquals("model's", EmbeddingConfig.defaults().effectiveQueryPrefix("model's"));
        assertNull(EmbeddingConfig.defaults().effectiveQueryPrefix(null), "a model with no prefix gets none");
        assertNull(EmbeddingConfig.defaults().withoutQueryPrefix().effectiveQueryPrefix("model's"));
        assertEquals("model's", EmbeddingConfig.defaults().withModelQueryPrefix().effectiveQueryPrefix("model's"));
        assertNull(EmbeddingConfig.defaults().withModelQueryPrefix().effectiveQueryPrefix(null));
        assertEquals("q: ", EmbeddingConfig.defaults().withQueryPrefix("q: ").effectiveQueryPrefix("model's"));
        assertNull(EmbeddingConfig.defaults().withQueryPrefix("").effectiveQueryPrefix("model's"));
    }

    @Test
    void nonsenseValuesAreRefusedByName() {
        EmbeddingException batch = assertThrows(EmbeddingException.class,
                () -> EmbeddingConfig.defaults().withBatchSize(0));
        assertTrue(batch.getMessage().contains("batchSize"), batch.getMessage());
        assertThrows(EmbeddingException.class, () -> EmbeddingConfig.defaults().withMaxTokens(-1));
    }

    @Test
    void unknownBundledModelIsNamed() {
        EmbeddingException error = assertThrows(EmbeddingException.class, () -> Embedders.open(
                EmbeddingConfig.bundled("bge-large"), TestCache.dir()));
        assertTrue(error.getMessage().contains("bge-large")
                && error.getMessage().contains(EmbeddingConfig.MINILM), error.getMessage());
    }
}
