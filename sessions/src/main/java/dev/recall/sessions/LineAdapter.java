package dev.recall.sessions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Predicate;

/**
 * An agent that appends one JSON record a line to one file per session. Sync reads such a file from the byte offset
 * where it stopped ({@link FileIngest}); the adapter turns each record into messages.
 */
abstract class LineAdapter implements AgentAdapter {
    private static final int MAX_DEPTH = 8;

    /** The reader for one file's records (a fresh one per file: formats may keep per-file state). */
    abstract TranscriptFormat format(TranscriptFile file);

    /** The archive's session id: the agent's own (from a record, else the file name), qualified by the agent. */
    String sessionId(TranscriptFile file, String recordSessionId) {
        String own = recordSessionId != null && !recordSessionId.isBlank() ? recordSessionId : file.stem();
        return id() + ":" + own;
    }

    @Override
    public String storage() {
        return "JSONL, appended; read incrementally by byte offset";
    }

    /** Regular files under a directory whose name passes the filter, sorted; unreadable corners are skipped. */
    static List<Path> files(Path root, Predicate<Path> accept) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        try {
            Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path p, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && accept.test(p)) {
                        out.add(p);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path p, IOException e) {
                    return FileVisitResult.CONTINUE; // an unreadable corner is not fatal
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list sessions under " + root + ": " + e.getMessage(), e);
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    static boolean named(Path p, String suffix) {
        return p.getFileName().toString().endsWith(suffix);
    }
}
