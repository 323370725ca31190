package dev.recall.embeddings;

import java.io.IOException;
import java.io.InputStream;

/**
 * A model file shipped as a classpath resource. Its digest and size are pinned so that the cache
 * location is known without reading 34 MB on every start, and so that a changed model jar can
 * never silently reuse vectors made by the old model.
 */
record BundledModelFile(String resource, String sha256, long size, String carrierArtifact) {

    InputStream open() throws IOException {
        return BundledModelFile.class.getClassLoader().getResourceAsStream(resource);
    }

    EmbeddingException missing() {
        return new EmbeddingException("bundled model resource '" + resource
                + "' is not on the classpath; it comes from the Maven artifact "
                + carrierArtifact);
    }
}
