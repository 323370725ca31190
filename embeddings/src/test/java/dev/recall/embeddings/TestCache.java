package dev.recall.embeddings;

import java.nio.file.Path;

/**
 * One cache dir for all tests of the module, under target/ so that models and natives are
 * extracted once per build, not once per test.
 */
final class TestCache {

    private TestCache() {}

    static Path dir() {
        return Path.of("target", "test-cache").toAbsolutePath();
    }
}
