package dev.recall.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EmbedderIdentityTest {

    private static final EmbedderIdentity BASE =
            new EmbedderIdentity("bge-small-en-v1.5-q", "ab12", 384, Pooling.CLS, 512, null, 2);

    @Test
    void fingerprintIsStableHex() {
        String fingerprint = BASE.fingerprint(1);
        assertEquals(64, fingerprint.length());
        assertTrue(fingerprint.matches("[0-9a-f]+"));
        assertEquals(fingerprint, new EmbedderIdentity("bge-small-en-v1.5-q", "ab12", 384,
                Pooling.CLS, 512, null, 2).fingerprint(1));
    }

    @Test
    void everyFieldTheRecipeAndTheTemplateVersionChangeTheFingerprint() {
        List<String> fingerprints = List.of(
                BASE.fingerprint(1),
                BASE.fingerprint(2),
                new EmbedderIdentity("other", "ab12", 384, Pooling.CLS, 512, null, 2).fingerprint(1),
                new EmbedderIdentity("bge-small-en-v1.5-q", "ab13", 384, Pooling.CLS, 512, null, 2).fingerprint(1),
                new EmbedderIdentity("bge-small-en-v1.5-q", "ab12", 768, Pooling.CLS, 512, null, 2).fingerprint(1),
                new EmbedderIdentity("bge-small-en-v1.5-q", "ab12", 384, Pooling.MEAN, 512, null, 2).fingerprint(1),
                new EmbedderIdentity("bge-small-en-v1.5-q", "ab12", 384, null, 512, null, 2).fingerprint(1),
                new EmbedderIdentity("bge-small-en-v1.5-q", "ab12", 384, Pooling.CLS, 256, null, 2).fingerprint(1),
                new EmbedderIdentity("bge-small-en-v1.5-q", "ab12", 384, Pooling.CLS, 512, "", 2).fingerprint(1),
                new EmbedderIdentity("bge-small-en-v1.5-q", "ab12", 384, Pooling.CLS, 512, "q: ", 2).fingerprint(1),
                new EmbedderIdentity("bge-small-en-v1.5-q", "ab12", 384, Pooling.CLS, 512, null, 1).fingerprint(1));
        Set<String> distinct = new HashSet<>(fingerprints);
        assertEquals(fingerprints.size(), distinct.size());
        assertNotEquals(BASE.fingerprint(1), BASE.fingerprint(2));
    }
}
