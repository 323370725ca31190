package dev.recall.sessions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * An agent that rewrites whole files (one JSON document per session), or keeps many sessions in one store (SQLite, a
 * Markdown history). Sync re-reads such a source only when its modification marker moved, and then each session in
 * it only when its content digest changed ({@link DocumentIngest}); the archive is reconciled as for any re-read.
 */
abstract class DocumentAdapter implements AgentAdapter {

    /** One session a source holds: its archive id and what was read. */
    record DocumentSession(String id, TranscriptChunk chunk) {}

    /** Receives a record inside a source that could not be read; {@code where} counts records from 1. */
    @FunctionalInterface
    interface MalformedSink {
        void malformed(long where, String reason);
    }

    /** The source is not this agent's format at all: reported as unrecognised, nothing read. */
    static final class NotThisFormat extends Exception {
        NotThisFormat(String reason) {
            super(reason);
        }
    }

    /** Reads every session the source holds. */
    abstract List<DocumentSession> read(Path source, MalformedSink malformed) throws IOException, NotThisFormat;

    /** What changes whenever the source does: size and mtime, plus a SQLite write-ahead log's. */
    String marker(Path source) throws IOException {
        StringBuilder b = new StringBuilder();
        for (Path p : List.of(source, source.resolveSibling(source.getFileName() + "-wal"))) {
            if (Files.exists(p)) {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                b.append(a.size()).append('@').append(a.lastModifiedTime().toMillis()).append(';');
            }
        }
        return b.toString();
    }

    /** The archive id of a session the agent calls {@code own}. */
    String sessionId(String own) {
        return id() + ":" + own;
    }
}
