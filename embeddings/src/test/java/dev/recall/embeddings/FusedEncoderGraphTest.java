package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fused graph of each bundled model (opt-in: the model's name with {@code -fused}) computes what the exported
 * graph computes: the same texts through both give the same vectors up to the rounding that the dynamic quantisation
 * amplifies, and the fused graph's vectors never share a fingerprint with the exported graph's. A graph that is not
 * such an encoder is refused, naming what differs.
 */
class FusedEncoderGraphTest {

    private static final List<String> TEXTS = List.of(
            "Hybrid search fuses BM25 and vector ranks with reciprocal rank fusion.",
            "The build fails because the Maven wrapper cannot download its distribution.",
            "ERR_PNPM_OUTDATED_LOCKFILE: run pnpm install after editing package.json",
            "Bananas are a good source of potassium.",
            "Vitamin D deficiency is associated with an increased risk of respiratory infections in adults, and "
                    + "supplementation reduced the rate of acute infections in a meta-analysis of randomised trials "
                    + "that pooled individual participant data from twenty-five studies across several countries.");

    @Test
    void everyAttentionBlockAndLayerNormOfBothModelsIsFused() throws IOException {
        ModelCache cache = new ModelCache(TestCache.dir());
        FusedEncoderGraph.Result bge = FusedEncoderGraph.fuse(Files.readAllBytes(cache.materialise(BgeSmallEmbedder.MODEL_FILE)));
        assertEquals(12, bge.attentionBlocks(), "bge-small has 12 layers");
        assertEquals(25, bge.layerNorms(), "two per layer and the embeddings'");
        FusedEncoderGraph.Result miniLm = FusedEncoderGraph.fuse(Files.readAllBytes(cache.materialise(MiniLmEmbedder.MODEL_FILE)));
        assertEquals(6, miniLm.attentionBlocks());
        assertEquals(13, miniLm.layerNorms());
        assertArrayEquals(bge.model(), Files.readAllBytes(cache.materialise(BgeSmallEmbedder.FUSED)),
                "the rewrite is deterministic: the cached file is this rewrite");
    }

    @Test
    void fusedBgeEmbedsLikeTheExportedGraph() {
        assertSameVectors(EmbeddingConfig.defaults(),
                EmbeddingConfig.bundled(EmbeddingConfig.BGE_SMALL + EmbeddingConfig.FUSED_SUFFIX));
    }

    @Test
    void fusedMiniLmEmbedsLikeTheExportedGraph() {
        assertSameVectors(EmbeddingConfig.bundled(EmbeddingConfig.MINILM),
                EmbeddingConfig.bundled(EmbeddingConfig.MINILM + EmbeddingConfig.FUSED_SUFFIX));
    }

    @Test
    void theExportedGraphIsTheDefaultAndTheFusedOneHasItsOwnFingerprint() {
        try (Embedder exported = Embedders.open(EmbeddingConfig.defaults(), TestCache.dir());
                Embedder fused = Embedders.open(EmbeddingConfig.bundled("BGE-small-en-v1.5-q-fused"), TestCache.dir())) {
            assertEquals(BgeSmallEmbedder.MODEL_FILE.sha256(), exported.identity().modelDigest(), "the default");
            assertEquals("bge-small-en-v1.5-q-fused", fused.identity().modelId());
            assertEquals(BgeSmallEmbedder.FUSED.sha256(), fused.identity().modelDigest(), "the graph that runs");
            assertNotEquals(exported.identity().fingerprint(1), fused.identity().fingerprint(1),
                    "vectors of one graph are stale for the other");
        }
        EmbeddingException unknown = assertThrows(EmbeddingException.class,
                () -> Embedders.open(EmbeddingConfig.bundled("bge-large-fused"), TestCache.dir()));
        assertTrue(unknown.getMessage().contains("-fused for its fused graph"), unknown.getMessage());
    }

    @Test
    void aGraphWithoutAttentionBlocksIsRefused() throws IOException {
        byte[] fused = Files.readAllBytes(new ModelCache(TestCache.dir()).materialise(MiniLmEmbedder.FUSED));
        EmbeddingException error = assertThrows(EmbeddingException.class, () -> FusedEncoderGraph.fuse(fused));
        assertTrue(error.getMessage().contains("found 0 attention blocks"), error.getMessage());
    }

    @Test
    void bytesThatAreNoModelAreRefused() {
        EmbeddingException error = assertThrows(EmbeddingException.class,
                () -> FusedEncoderGraph.fuse(new byte[] {0x0a, 0x7f, 0x01}));
        assertTrue(error.getMessage().contains("runs past the end"), error.getMessage());
    }

    /**
     * Cosine ≥ 0.995 for every text: the two graphs differ in float rounding only (each fused node's output within
     * 3e-7 relative of the exported graph's), which the dynamic quantisation of the next layer's input turns into
     * other int8 steps (0.998 at worst on SciFact abstracts; ONNX Runtime's basic optimisation level against its full
     * one moves the exported graph's own vectors as far). A wrong fusion (a missing scale, swapped heads, a dropped
     * residual) gives cosines far below that.
     */
    private static void assertSameVectors(EmbeddingConfig exported, EmbeddingConfig bundled) {
        try (Embedder unfused = Embedders.open(exported, TestCache.dir());
                Embedder fused = Embedders.open(bundled, TestCache.dir())) {
            List<float[]> expected = unfused.embedDocuments(TEXTS);
            List<float[]> actual = fused.embedDocuments(TEXTS);
            for (int i = 0; i < TEXTS.size(); i++) {
                double cosine = Vectors.cosine(expected.get(i), actual.get(i));
                assertTrue(cosine >= 0.995, "text " + i + ": cosine " + cosine);
            }
            double query = Vectors.cosine(unfused.embedQuery("how is hybrid search fused?"),
                    fused.embedQuery("how is hybrid search fused?"));
            assertTrue(query >= 0.995, "query: cosine " + query);
        }
    }
}
