package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fused graph of each bundled model computes what the exported graph computes: the same texts through the
 * original file (as a user's model dir, unfused) and through the bundled embedder (fused) give the same vectors up to
 * the dynamic quantisation's rounding. A graph that is not such an encoder is refused, naming what differs.
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

    @TempDir
    Path temp;

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
    void fusedBgeEmbedsLikeTheExportedGraph() throws IOException {
        Path dir = OnnxDirEmbedderTest.modelDirCopiedFromBge(temp.resolve("exported-bge"));
        assertSameVectors(EmbeddingConfig.onnxDir(dir, Pooling.CLS, 512), EmbeddingConfig.defaults());
    }

    @Test
    void fusedMiniLmEmbedsLikeTheExportedGraph() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("exported-minilm"));
        Files.copy(new ModelCache(TestCache.dir()).materialise(MiniLmEmbedder.MODEL_FILE), dir.resolve("model.onnx"));
        try (var tokenizer = getClass().getClassLoader().getResourceAsStream(MiniLmEmbedder.TOKENIZER)) {
            Files.copy(tokenizer, dir.resolve("tokenizer.json"));
        }
        assertSameVectors(EmbeddingConfig.onnxDir(dir, Pooling.MEAN, 256), EmbeddingConfig.bundled(EmbeddingConfig.MINILM));
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
     * Cosine ≥ 0.995 for every text: the two graphs differ in float rounding only, which the dynamic quantisation
     * of the next layer's input can turn into a different int8 step (0.998 at worst on 100 SciFact abstracts).
     * A wrong fusion (a missing scale, swapped heads, a dropped residual) gives cosines far below that.
     */
    private static void assertSameVectors(EmbeddingConfig exported, EmbeddingConfig bundled) throws IOException {
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
