package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OnnxDirEmbedderTest {

    @TempDir
    Path temp;

    @Test
    void aModelDirEmbedsLikeTheSameBundledModel() throws IOException {
        Path dir = modelDirCopiedFromBge(temp.resolve("my-bge"));
        Path cache = temp.resolve("cache");
        EmbeddingConfig config = EmbeddingConfig.onnxDir(dir, Pooling.CLS, 512);
        String text = "Hybrid search fuses BM25 and vector ranks with reciprocal rank fusion.";
        try (Embedder fromDir = Embedders.open(config, cache);
                Embedder bundled = Embedders.open(EmbeddingConfig.defaults(), TestCache.dir())) {
            EmbedderIdentity identity = fromDir.identity();
            assertEquals("onnx-dir:my-bge", identity.modelId());
            assertEquals(BgeSmallEmbedder.MODEL_FILE.sha256(), identity.modelDigest());
            assertEquals(384, fromDir.dimensions());
            assertEquals(Pooling.CLS, identity.pooling());
            assertEquals(512, identity.maxTokens());
            double cosine = Vectors.cosine(fromDir.embedDocuments(List.of(text)).get(0),
                    bundled.embedDocuments(List.of(text)).get(0));
            assertTrue(cosine > 0.9999, "cosine " + cosine);
        }
        // The digest was remembered, so the next open does not hash the model again.
        try (var memos = Files.list(cache.resolve("digests"))) {
            assertEquals(1, memos.count());
        }
        Embedder again = Embedders.open(config, cache);
        assertEquals(BgeSmallEmbedder.MODEL_FILE.sha256(), again.identity().modelDigest());
        again.close();
        again.close(); // closing twice is harmless
        assertThrows(EmbeddingException.class, () -> again.embedQuery("after close"));
    }

    @Test
    void missingModelDirIsNamed() {
        Path missing = temp.resolve("no-such-model");
        EmbeddingException error = assertThrows(EmbeddingException.class, () -> Embedders.open(
                EmbeddingConfig.onnxDir(missing, Pooling.MEAN, 256), temp.resolve("cache")));
        assertTrue(error.getMessage().contains(missing.toAbsolutePath().toString()),
                error.getMessage());
    }

    @Test
    void missingTokenizerIsNamed() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("half"));
        Files.writeString(dir.resolve("model.onnx"), "not really a model");
        EmbeddingException error = assertThrows(EmbeddingException.class, () -> Embedders.open(
                EmbeddingConfig.onnxDir(dir, Pooling.MEAN, 256), temp.resolve("cache")));
        assertTrue(error.getMessage().contains(dir.resolve("tokenizer.json").toAbsolutePath().toString()),
                error.getMessage());
    }

    @Test
    void poolingAndMaxTokensAreRequired() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("unsure"));
        Files.writeString(dir.resolve("model.onnx"), "x");
        Files.writeString(dir.resolve("tokenizer.json"), "{}");
        EmbeddingException noPooling = assertThrows(EmbeddingException.class, () -> Embedders.open(
                EmbeddingConfig.onnxDir(dir, null, 256), temp.resolve("cache")));
        assertTrue(noPooling.getMessage().contains("pooling"), noPooling.getMessage());
        EmbeddingException noLimit = assertThrows(EmbeddingException.class, () -> Embedders.open(
                EmbeddingConfig.onnxDir(dir, Pooling.CLS, 0), temp.resolve("cache")));
        assertTrue(noLimit.getMessage().contains("max_tokens"), noLimit.getMessage());
    }

    @Test
    void aBrokenModelFileIsReportedWithItsPath() throws IOException {
        Path dir = modelDirCopiedFromBge(temp.resolve("broken"));
        Files.writeString(dir.resolve("model.onnx"), "garbage, not protobuf");
        EmbeddingException error = assertThrows(EmbeddingException.class, () -> Embedders.open(
                EmbeddingConfig.onnxDir(dir, Pooling.CLS, 512), temp.resolve("cache")));
        assertTrue(error.getMessage().contains(dir.resolve("model.onnx").toString()),
                error.getMessage());
    }

    private static Path modelDirCopiedFromBge(Path dir) throws IOException {
        Files.createDirectories(dir);
        copyResource(BgeSmallEmbedder.MODEL_FILE.resource(), dir.resolve("model.onnx"));
        copyResource(BgeSmallEmbedder.TOKENIZER, dir.resolve("tokenizer.json"));
        return dir;
    }

    private static void copyResource(String resource, Path target) throws IOException {
        try (InputStream in = OnnxDirEmbedderTest.class.getClassLoader().getResourceAsStream(resource)) {
            Files.copy(in, target);
        }
    }
}
