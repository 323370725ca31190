package dev.recall.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the default source corpus, SciFact's {@code corpus.jsonl} in {@code ../shared/eval} next to the repo
 * (the collection is read where it lies, never copied into the repo).
 */
public final class CorpusLocator {
    static final Path RELATIVE = Path.of("shared", "eval", "scifact", "corpus.jsonl");

    private CorpusLocator() {}

    /** Looks beside every ancestor of the given starting points (the working dir, the jar's dir). */
    public static Optional<Path> find(Path... startingPoints) {
        for (Path start : startingPoints) {
            if (start == null) {
                continue;
            }
            for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
                Path parent = dir.getParent();
                if (parent != null && Files.isRegularFile(parent.resolve(RELATIVE))) {
                    return Optional.of(parent.resolve(RELATIVE));
                }
            }
        }
        return Optional.empty();
    }

    /** The places {@link #find} looked, for an error message. */
    public static String describe(Path... startingPoints) {
        List<String> out = new ArrayList<>();
        for (Path p : startingPoints) {
            if (p != null) {
                out.add("../" + RELATIVE + " beside " + p.toAbsolutePath().normalize() + " or its parents");
            }
        }
        return String.join("; ", out);
    }
}
