package dev.recall.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbeddingConfig;
import dev.recall.embeddings.Embedders;
import dev.recall.eval.EmbeddingCache;
import dev.recall.index.EmbeddingText;
import dev.recall.store.RecallEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sentences vector source with the real bundled model, over a tiny corpus. */
class SentenceVectorsTest {
    private static Embedder model;

    @TempDir
    Path work;

    @BeforeAll
    static void openModel() {
        model = Embedders.open(EmbeddingConfig.defaults(), Path.of("target", "test-cache").toAbsolutePath());
    }

    @AfterAll
    static void closeModel() {
        model.close();
    }

    private record Setup(SentenceCorpus corpus, CorpusUnits units, SentenceVectors vectors,
            SentenceMeanEmbedder embedder, List<String> log) {}

    private Setup setup(Path corpusFile, Path cacheDir) {
        SentenceCorpus corpus = SentenceCorpus.load(corpusFile);
        CorpusUnits units = CorpusUnits.of(corpus);
        List<String> log = new ArrayList<>();
        SentenceVectors vectors = SentenceVectors.load(units, model, new EmbeddingCache(cacheDir, log::add), log::add);
        return new Setup(corpus, units, vectors, new SentenceMeanEmbedder(model, vectors, new EntryTextUnits(units), false),
                log);
    }

    private static List<String> texts(SentenceCorpus corpus, long seed, int n) {
        EntryGenerator generator = new EntryGenerator(corpus, seed);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(EmbeddingText.of(generator.entry(i)));
        }
        return out;
    }

    @Test
    void anEntryVectorIsTheNormalisedMeanOfTheModelVectorsOfTheTextItWasCutFrom() {
        Setup s = setup(TinyCorpus.write(work, "a"), work.resolve("cache"));
        EntryGenerator generator = new EntryGenerator(s.corpus(), 11);
        EntryTextUnits trace = new EntryTextUnits(s.units());
        int withTrigger = 0;
        int multiSentence = 0;
        for (int i = 0; i < 60; i++) {
            RecallEntry e = generator.entry(i);
            int[] units = trace.of(EmbeddingText.of(e));
            List<String> unitTexts = Arrays.stream(units).mapToObj(u -> s.units().texts().get(u)).toList();
            int bodyCount = units.length - (e.trigger() == null ? 1 : 2);
            // The body is exactly its sentences; the title is a window of the document title; the trigger of
            // the sentence it maps to.
            assertEquals(e.body(), String.join(" ", unitTexts.subList(0, bodyCount)), "entry " + i);
            assertTrue(unitTexts.get(bodyCount).contains(e.title()), e.title() + " in " + unitTexts.get(bodyCount));
            if (e.trigger() != null) {
                withTrigger++;
                assertTrue(unitTexts.get(bodyCount + 1).toLowerCase(java.util.Locale.ROOT)
                        .contains(e.trigger().substring("when ".length())), e.trigger());
            }
            multiSentence += bodyCount > 1 ? 1 : 0;

            float[] mean = new float[model.dimensions()];
            for (int u : units) {
                float[] v = s.vectors().vector(u);
                for (int k = 0; k < mean.length; k++) {
                    mean[k] += v[k];
                }
            }
            double norm = Math.sqrt(dot(mean, mean));
            float[] got = s.embedder().embedDocuments(List.of(EmbeddingText.of(e))).getFirst();
            assertEquals(1.0, dot(got, got), 1e-5);
            for (int k = 0; k < mean.length; k++) {
                assertEquals(mean[k] / norm, got[k], 1e-6, "entry " + i + " dimension " + k);
            }
        }
        assertTrue(withTrigger > 5 && multiSentence > 20, withTrigger + " triggers, " + multiSentence + " multi");
    }

    /**
     * The cached unit vectors are the model's vectors of those texts. Not bit for bit: the quantised model's
     * activations are quantised per batch, so a text's vector moves slightly with its batch companions.
     */
    @Test
    void unitVectorsAreTheModelsVectorsOfTheirTexts() {
        Setup s = setup(TinyCorpus.write(work, "a"), work.resolve("cache"));
        double worst = 1;
        for (int u = 0; u < s.units().size(); u++) {
            float[] alone = model.embedDocuments(List.of(s.units().texts().get(u))).getFirst();
            worst = Math.min(worst, dot(alone, s.vectors().vector(u)));
        }
        assertTrue(worst > 0.97, "worst cosine " + worst);
    }

    @Test
    void sameSeedGivesTheSameVectorsAndQueriesStayTheModels() {
        Setup first = setup(TinyCorpus.write(work, "a"), work.resolve("cache"));
        Setup second = setup(TinyCorpus.write(work, "a"), work.resolve("cache"));
        List<float[]> a = first.embedder().embedDocuments(texts(first.corpus(), 5, 40));
        List<float[]> b = second.embedder().embedDocuments(texts(second.corpus(), 5, 40));
        for (int i = 0; i < a.size(); i++) {
            assertArrayEquals(a.get(i), b.get(i), "entry " + i);
        }
        List<float[]> other = first.embedder().embedDocuments(texts(first.corpus(), 6, 40));
        assertTrue(java.util.stream.IntStream.range(0, 40).anyMatch(i -> !Arrays.equals(a.get(i), other.get(i))));

        String q = "why does the cache time out under load";
        assertArrayEquals(model.embedQuery(q), first.embedder().embedQuery(q));
        assertTrue(first.embedder().identity().modelId().startsWith("bench-sentences-"));
        assertNotEquals(model.identity().fingerprint(EmbeddingText.TEMPLATE_VERSION),
                first.embedder().identity().fingerprint(EmbeddingText.TEMPLATE_VERSION));
        assertNotEquals(new HashEmbedder().identity().modelId(), first.embedder().identity().modelId());
    }

    @Test
    void sentencesAsModelAreTheSameVectorsUnderTheModelsOwnIdentity() {
        Setup s = setup(TinyCorpus.write(work, "a"), work.resolve("cache"));
        SentenceMeanEmbedder asModel = new SentenceMeanEmbedder(model, s.vectors(), new EntryTextUnits(s.units()), true);
        assertEquals(model.identity(), asModel.identity(), "the daemon's model accepts the generation as its own");
        assertEquals(model.identity().fingerprint(EmbeddingText.TEMPLATE_VERSION),
                asModel.identity().fingerprint(EmbeddingText.TEMPLATE_VERSION));
        List<String> texts = texts(s.corpus(), 5, 20);
        List<float[]> stamped = asModel.embedDocuments(texts);
        List<float[]> plain = s.embedder().embedDocuments(texts);
        for (int i = 0; i < texts.size(); i++) {
            assertArrayEquals(plain.get(i), stamped.get(i), "entry " + i + ": only the label differs");
        }
        assertEquals(VectorSource.SENTENCES_AS_MODEL, VectorSource.parse("sentences-as-model"));
        assertEquals("sentences-as-model", VectorSource.SENTENCES_AS_MODEL.label());
        assertTrue(VectorSource.SENTENCES_AS_MODEL.stampedAsModel() && VectorSource.MODEL.stampedAsModel());
        assertFalse(VectorSource.SENTENCES.stampedAsModel() || VectorSource.HASH.stampedAsModel());
    }

    @Test
    void theCacheIsReusedAndABadOrForeignFileIsRejectedAndRebuilt() throws Exception {
        Path cache = work.resolve("cache");
        Setup made = setup(TinyCorpus.write(work, "a"), cache);
        assertFalse(made.vectors().fromCache());
        assertEquals(made.units().size(), made.vectors().embedded());

        Setup reused = setup(TinyCorpus.write(work, "a"), cache);
        assertTrue(reused.vectors().fromCache());
        assertEquals(0, reused.vectors().embedded());
        for (int u = 0; u < made.units().size(); u++) {
            assertArrayEquals(made.vectors().vector(u), reused.vectors().vector(u));
        }
        Path file = made.vectors().file();

        // One flipped bit in the vectors.
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 1;
        Files.write(file, bytes);
        assertRebuilt(cache, "checksum mismatch");

        Files.write(file, Arrays.copyOf(Files.readAllBytes(file), (int) Files.size(file) / 2));
        assertRebuilt(cache, "is truncated");

        Files.writeString(file, "not a cache at all, just some text of sufficient length to be read");
        assertRebuilt(cache, "is not a vector cache file");

        // Another corpus's cache file under this corpus's name.
        Setup foreign = setup(TinyCorpus.write(work, "b"), work.resolve("other-cache"));
        assertNotEquals(made.vectors().key(), foreign.vectors().key());
        Files.copy(foreign.vectors().file(), file, StandardCopyOption.REPLACE_EXISTING);
        assertRebuilt(cache, "was written for other input");
    }

    private void assertRebuilt(Path cache, String why) {
        Setup rebuilt = setup(TinyCorpus.write(work, "a"), cache);
        assertFalse(rebuilt.vectors().fromCache(), why);
        assertTrue(rebuilt.log().stream().anyMatch(l -> l.contains("embedding again") && l.contains(why)),
                why + " not in " + rebuilt.log());
        assertTrue(setup(TinyCorpus.write(work, "a"), cache).vectors().fromCache(), "rewritten after " + why);
    }

    @Test
    void aTextNotMadeByTheGeneratorIsRefusedByName() {
        Setup s = setup(TinyCorpus.write(work, "a"), work.resolve("cache"));
        BenchException e = org.junit.jupiter.api.Assertions.assertThrows(BenchException.class,
                () -> s.embedder().embedDocuments(List.of("some title\nA body that is in no corpus at all.")));
        assertTrue(e.getMessage().contains("is not made of corpus sentences"), e.getMessage());
    }

    private static double dot(float[] x, float[] y) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += (double) x[i] * y[i];
        }
        return s;
    }
}
