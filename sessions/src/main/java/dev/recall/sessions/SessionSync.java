package dev.recall.sessions;

import dev.recall.store.Database;
import dev.recall.store.SourceFileState;
import dev.recall.store.SourceFiles;
import dev.recall.store.StoreException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Brings the archive up to date with transcript files: each file is read from where the last sync stopped, its
 * messages redacted and appended in one transaction per file. A file that cannot be read is reported and the sync
 * goes on.
 */
public final class SessionSync {
    private final Database db;
    private final FileIngest ingest;
    private final DocumentIngest documents;
    private final Clock clock;

    public SessionSync(Database db, SecretScanner scanner) {
        this(db, scanner, Clock.systemUTC());
    }

    SessionSync(Database db, SecretScanner scanner, Clock clock) {
        this.db = db;
        this.ingest = new FileIngest(db, scanner, clock);
        this.documents = new DocumentIngest(db, scanner, clock);
        this.clock = clock;
    }

    public SyncReport sync(List<TranscriptFile> files, SyncProgress progress) {
        long start = clock.millis();
        SyncReport.Tally tally = new SyncReport.Tally();
        int done = 0;
        for (TranscriptFile file : files) {
            progress.file(done, files.size(), file.path());
            String agent = file.recognised() ? file.agent().id() : null;
            tally.file(agent);
            try {
                if (!file.recognised()) {
                    tally.unrecognised(null, file.path().toString(), file.unrecognised());
                } else if (file.agent() instanceof DocumentAdapter d) {
                    documents.ingest(file, d, tally);
                } else {
                    ingest.ingest(file, tally);
                }
            } catch (IOException | UncheckedIOException e) {
                tally.problems.add(new SyncReport.Problem(file.path().toString(), "cannot read: " + e.getMessage()));
            } catch (StoreException e) {
                tally.problems.add(new SyncReport.Problem(file.path().toString(), e.getMessage()));
            }
            done++;
        }
        progress.finished(files.size());
        // A re-read transcript may no longer support the evidence anchored in it: verify before reporting.
        tally.revocations.addAll(new ProvenanceCheck(db, clock).verify(tally.rereads));
        return tally.report(clock.millis() - start);
    }

    /** The session a synced transcript file is archived as (after a divergence, its fork). */
    public Optional<String> sessionOf(Path file) {
        String key;
        try {
            key = file.toRealPath().toString();
        } catch (IOException e) {
            return Optional.empty();
        }
        return new SourceFiles(db).get(key).map(SourceFileState::sessionId);
    }
}
