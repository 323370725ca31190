package dev.recall.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Sizes on disk and clean-up of work dirs. */
final class Disk {
    private Disk() {}

    /** Bytes of a file, or of every file under a directory; 0 when absent. */
    static long size(Path path) {
        if (!Files.exists(path)) {
            return 0;
        }
        try (Stream<Path> all = Files.walk(path)) {
            return all.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    return 0; // deleted meanwhile (a Lucene temp file): not part of the index
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException("measuring " + path, e);
        }
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("deleting " + root, e);
        }
    }
}
