package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelCacheTest {

    @TempDir
    Path cache;

    @Test
    void theModelIsCopiedOnceAndReusedOnTheNextOpen() throws IOException {
        Path model = cache.resolve("models").resolve("6c9c6101a956d62d").resolve("model.onnx");
        try (Embedder first = Embedders.open(EmbeddingConfig.defaults(), cache)) {
            assertEquals(384, first.dimensions());
        }
        assertTrue(Files.isRegularFile(model));
        assertEquals(BgeSmallEmbedder.MODEL_FILE.size(), Files.size(model));
        // Backdate it, so that a rewrite would show even on a coarse-grained clock.
        FileTime past = FileTime.from(Instant.parse("2020-01-01T00:00:00Z"));
        Files.setLastModifiedTime(model, past);
        try (Embedder second = Embedders.open(EmbeddingConfig.defaults(), cache)) {
            assertEquals(384, second.embedQuery("still works").length);
        }
        assertEquals(past, Files.getLastModifiedTime(model), "second open must not rewrite the model");
        try (var files = Files.list(model.getParent())) {
            assertEquals(1, files.count(), "no temp files are left behind");
        }
    }

    @Test
    void aDamagedCopyIsReplaced() throws IOException {
        ModelCache modelCache = new ModelCache(cache);
        Path model = modelCache.materialise(MiniLmEmbedder.MODEL_FILE);
        Files.writeString(model, "truncated");
        Path again = modelCache.materialise(MiniLmEmbedder.MODEL_FILE);
        assertEquals(model, again);
        assertEquals(MiniLmEmbedder.MODEL_FILE.size(), Files.size(again));
    }

    @Test
    void nativeLibrariesAreUnpackedIntoTheCacheAndDjlIsOffline() throws IOException {
        Embedders.open(EmbeddingConfig.bundled(EmbeddingConfig.MINILM), TestCache.dir()).close();
        assertEquals("true", System.getProperty(NativeRuntime.DJL_OFFLINE));
        String nativePath = System.getProperty(NativeRuntime.ORT_NATIVE_PATH);
        // Whichever test opened a model first chose the directory; it is a cache, not a temp dir.
        assertTrue(nativePath != null && nativePath.contains("onnxruntime"), nativePath);
        assertTrue(Files.isRegularFile(Path.of(nativePath).resolve(System.mapLibraryName("onnxruntime"))));
        assertTrue(Files.isRegularFile(
                Path.of(nativePath).resolve(System.mapLibraryName("onnxruntime4j_jni"))));
        assertTrue(System.getProperty(NativeRuntime.DJL_CACHE_DIR) != null
                || System.getenv(NativeRuntime.DJL_CACHE_DIR) != null);
    }
}
