package dev.recall.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.embeddings.CombinedEmbedder;
import dev.recall.index.VectorBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddingCacheTest {
    @TempDir
    Path root;

    private final List<String> notices = new ArrayList<>();

    private static TestCollection collection(String... texts) {
        List<CollectionDoc> docs = new ArrayList<>();
        for (int i = 0; i < texts.length; i++) {
            docs.add(new CollectionDoc("d" + i, i == 0 ? "A title" : "", texts[i]));
        }
        return new TestCollection("tiny set", docs, List.of(new Topic("q", "x")), Qrels.of(Map.of("q", Map.of("d0", 1))));
    }

    private static final TestCollection TINY = collection("first document", "second one", "third, the longest one");

    private EmbeddingCache.Result load(TestCollection c, FakeEmbedder embedder) throws Exception {
        return new EmbeddingCache(root, notices::add).vectors(c, embedder, VectorBuilder.Progress.NONE);
    }

    @Test
    void aCombinedModelReadsEachPartFromItsOwnEntryAndEmbedsOnlyTheMissingOnes() throws Exception {
        FakeEmbedder first = new FakeEmbedder("m1");
        EmbeddingCache.Result alone = load(TINY, first);
        assertEquals(3, first.documentsEmbedded);
        FakeEmbedder second = new FakeEmbedder("m2");
        CombinedEmbedder combined = new CombinedEmbedder(List.of(first, second), new double[] {0.8, 0.2});
        EmbeddingCache cache = new EmbeddingCache(root, notices::add);
        EmbeddingCache.Result both = cache.vectors(TINY, combined, VectorBuilder.Progress.NONE);
        assertFalse(both.cached(), "the second model had to embed");
        assertEquals(3, first.documentsEmbedded, "the first model's vectors came from its own entry");
        assertEquals(3, second.documentsEmbedded);
        assertEquals(first.dimensions() + second.dimensions(), both.vectors().dimensions());
        for (int i = 0; i < 3; i++) {
            String text = DocumentText.of(TINY.docs().get(i));
            assertArrayEquals(combined.combine(List.of(alone.vectors().vector(i), FakeEmbedder.vector(text))),
                    both.vectors().vector(i));
        }
        assertTrue(cache.vectors(TINY, combined, VectorBuilder.Progress.NONE).cached());
        assertEquals(3, second.documentsEmbedded, "nothing embedded again");
        assertEquals(List.of(), notices);
    }

    @Test
    void roundTripServesTheSameVectorsWithoutEmbedding() throws Exception {
        FakeEmbedder model = new FakeEmbedder("m1");
        EmbeddingCache.Result first = load(TINY, model);
        assertFalse(first.cached());
        assertEquals(3, model.documentsEmbedded);
        assertTrue(first.file().startsWith(root.resolve(EmbeddingCache.documentFingerprint(model.identity())
                .substring(0, 16))), first.file().toString());
        assertTrue(Files.exists(first.file()));
        assertTrue(first.file().getFileName().toString().startsWith("tiny_set-"));

        EmbeddingCache.Result second = load(TINY, model);
        assertTrue(second.cached());
        assertEquals(3, model.documentsEmbedded, "nothing embedded again");
        assertEquals(List.of("d0", "d1", "d2"), second.vectors().ids());
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(first.vectors().vector(i), second.vectors().vector(i));
        }
        // the product's entry text: title, newline, body
        assertArrayEquals(FakeEmbedder.vector("A title\nfirst document"), second.vectors().vector(0));
        assertEquals(List.of(), notices);
        try (var files = Files.list(first.file().getParent())) {
            assertEquals(2, files.count(), "only the vectors and the id list, no temp files left");
        }
    }

    @Test
    void anotherModelOrCollectionIsEmbeddedAfresh() throws Exception {
        load(TINY, new FakeEmbedder("m1"));
        FakeEmbedder other = new FakeEmbedder("m2");
        EmbeddingCache.Result byOtherModel = load(TINY, other);
        assertFalse(byOtherModel.cached());
        assertEquals(3, other.documentsEmbedded);

        FakeEmbedder model = new FakeEmbedder("m1");
        EmbeddingCache.Result changedText = load(collection("first document", "second one, edited",
                "third, the longest one"), model);
        assertFalse(changedText.cached());
        assertEquals(3, model.documentsEmbedded);
        assertTrue(load(TINY, model).cached(), "the original entry is still there");
        assertEquals(List.of(), notices, "a different key is a miss, not damage");
    }

    @Test
    void anotherEmbeddingRecipeOfTheSameModelIsEmbeddedAfresh() throws Exception {
        load(TINY, new FakeEmbedder("m1", 1));
        // same model, digest, pooling and limit: only how the texts are run through it changed (e.g. batching)
        FakeEmbedder newRecipe = new FakeEmbedder("m1", 2);
        EmbeddingCache.Result result = load(TINY, newRecipe);
        assertFalse(result.cached(), "vectors of the old recipe must not be served for the new one");
        assertEquals(3, newRecipe.documentsEmbedded);
        assertEquals(List.of(), notices);
    }

    @Test
    void theQueryPrefixDoesNotInvalidateDocumentVectors() {
        var plain = new FakeEmbedder("m1").identity();
        var prefixed = new dev.recall.embeddings.EmbedderIdentity(plain.modelId(), plain.modelDigest(),
                plain.dimensions(), plain.pooling(), plain.maxTokens(), "query: ", plain.recipeVersion());
        assertEquals(EmbeddingCache.documentFingerprint(plain), EmbeddingCache.documentFingerprint(prefixed));
        var shorter = new dev.recall.embeddings.EmbedderIdentity(plain.modelId(), plain.modelDigest(),
                plain.dimensions(), plain.pooling(), 64, null, plain.recipeVersion());
        assertNotEquals(EmbeddingCache.documentFingerprint(plain), EmbeddingCache.documentFingerprint(shorter));
    }

    @Test
    void truncatedFileIsDetectedAndRecomputed() throws Exception {
        Path file = load(TINY, new FakeEmbedder("m1")).file();
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, bytes.length - 40));
        assertRecomputed(file, "truncated");
        // and the rewritten file is whole again
        assertEquals(bytes.length, Files.size(file));
        assertTrue(load(TINY, new FakeEmbedder("m1")).cached());
    }

    @Test
    void flippedFloatIsDetectedByTheChecksum() throws Exception {
        Path file = load(TINY, new FakeEmbedder("m1")).file();
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 40] ^= 0x10;
        Files.write(file, bytes);
        assertRecomputed(file, "corrupt");
    }

    @Test
    void emptyOrForeignFileIsNotTrusted() throws Exception {
        Path file = load(TINY, new FakeEmbedder("m1")).file();
        Files.write(file, new byte[0]);
        assertRecomputed(file, "not a vector cache file");
        Files.writeString(file, "hello, not vectors at all");
        assertRecomputed(file, "not a vector cache file");
    }

    @Test
    void tamperedIdListIsNotTrusted() throws Exception {
        Path file = load(TINY, new FakeEmbedder("m1")).file();
        Path ids = file.resolveSibling(file.getFileName().toString().replace(".vectors", ".ids.json"));
        Files.writeString(ids, "[\"d0\",\"d2\",\"d1\"]");
        assertRecomputed(file, "id list");
        Files.delete(ids);
        assertRecomputed(file, "id list");
    }

    private void assertRecomputed(Path file, String reason) throws Exception {
        notices.clear();
        FakeEmbedder model = new FakeEmbedder("m1");
        EmbeddingCache.Result again = load(TINY, model);
        assertFalse(again.cached());
        assertEquals(3, model.documentsEmbedded);
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.getFirst().contains(file.toString()) && notices.getFirst().contains(reason),
                notices.getFirst());
    }
}
