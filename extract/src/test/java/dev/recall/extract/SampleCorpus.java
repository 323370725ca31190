package dev.recall.extract;

import dev.recall.sessions.SecretScanner;
import dev.recall.sessions.SessionSync;
import dev.recall.sessions.SyncProgress;
import dev.recall.sessions.TranscriptDiscovery;
import dev.recall.store.Database;
import dev.recall.store.SessionArchiveImport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The project's sample data: the session archive files and the Claude Code / Codex transcript fixtures. */
final class SampleCorpus {
    private SampleCorpus() {}

    static Path testdata() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("testdata"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no testdata directory above " + Path.of("").toAbsolutePath());
        }
        return p.resolve("testdata");
    }

    static List<Path> archives() throws IOException {
        try (Stream<Path> s = Files.list(testdata().resolve("sessions"))) {
            return s.filter(f -> f.toString().endsWith(".jsonl")).sorted().toList();
        }
    }

    /** Imports every archive file and syncs the transcript fixtures (secrets redacted as by `recall sync`). */
    static void load(Database db) throws IOException {
        for (Path f : archives()) {
            new SessionArchiveImport(db, dev.recall.sessions.SecretScanner.archive()).run(f);
        }
        Path transcripts = testdata().resolve("transcripts");
        if (Files.isDirectory(transcripts)) {
            new SessionSync(db, SecretScanner.archive()).sync(TranscriptDiscovery.at(transcripts), SyncProgress.none());
        }
    }
}
