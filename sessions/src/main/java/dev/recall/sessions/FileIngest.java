package dev.recall.sessions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads one transcript file into the archive, incrementally. The file is parsed outside any transaction; the
 * archive is then reconciled in one transaction: messages the file holds beyond what is stored are appended, and on
 * a re-read every stored message must be found again with the same digest. The archive is never rewritten: content
 * that differs goes to a fork session, and the re-read is logged for provenance checks ({@link Rereads}).
 */
final class FileIngest {
    private final Database db;
    private final SecretScanner scanner;
    private final Clock clock;
    private final ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    FileIngest(Database db, SecretScanner scanner, Clock clock) {
        this.db = db;
        this.scanner = scanner;
        this.clock = clock;
    }

    /** Where to start reading, and why a file is read again from the start. */
    private record Plan(boolean skip, long fromOffset, Rereads.Reason reason) {
        boolean incremental() {
            return !skip && fromOffset > 0;
        }
    }

    void ingest(TranscriptFile file, SyncReport.Tally tally) throws IOException {
        Path real = file.path().toRealPath();
        String key = real.toString();
        BasicFileAttributes attrs = Files.readAttributes(real, BasicFileAttributes.class);
        long size = attrs.size();
        long mtime = attrs.lastModifiedTime().toMillis();
        LineSource source = new LineSource(real);
        Optional<SourceFileState> prior = db.read(c -> SourceFileState.get(c, key));
        Plan plan = plan(prior.orElse(null), size, mtime, source);
        if (plan.skip()) {
            tally.unchanged++;
            return;
        }
        tally.read++;
        TranscriptChunk chunk = new TranscriptChunk();
        long firstLine = 0;
        int malformed = 0;
        if (plan.incremental()) {
            chunk.restore(json, prior.get().carry());
            firstLine = prior.get().lines();
            malformed = prior.get().malformedLines();
        }
        TranscriptFormat format = TranscriptFormat.of(file);
        long[] lineNo = {firstLine};
        int[] bad = {0};
        LineSource.End end = source.read(plan.fromOffset(), (text, start) -> {
            lineNo[0]++;
            if (text.isBlank()) {
                return;
            }
            String problem = parse(text, format, chunk);
            if (problem != null) {
                bad[0]++;
                tally.malformed(key, lineNo[0], problem);
            }
        });
        long headLength = Math.min(end.offset(), LineSource.HEAD_LENGTH);
        String headDigest = plan.incremental() && prior.get().headLength() == headLength
                ? prior.get().headDigest() : source.headDigest(headLength);
        FileRead read = new FileRead(file, key, size, mtime, end.offset(), headLength, headDigest, lineNo[0],
                malformed + bad[0], chunk, plan);
        db.inTransaction(c -> {
            Optional<SourceFileState> current = SourceFileState.get(c, key);
            if (!Objects.equals(current, prior)) {
                tally.problems.add(new SyncReport.Problem(key, "synced concurrently by another recall; left to it"));
                return null;
            }
            reconcile(c, prior.orElse(null), read, tally);
            return null;
        });
    }

    /** Everything read from the file, ready to reconcile. */
    private record FileRead(TranscriptFile file, String key, long size, long mtime, long offset, long headLength,
            String headDigest, long lines, int malformed, TranscriptChunk chunk, Plan plan) {}

    /** Returns null when the line was read, else why it is malformed. */
    private String parse(String text, TranscriptFormat format, TranscriptChunk chunk) {
        JsonNode node;
        try {
            node = json.readTree(text);
        } catch (JsonProcessingException e) {
            return "malformed JSON: " + e.getOriginalMessage();
        }
        if (node == null || !node.isObject()) {
            return "not a JSON object";
        }
        try {
            format.read(node, chunk);
            return null;
        } catch (RuntimeException e) {
            return "unreadable record: " + e;
        }
    }

    private Plan plan(SourceFileState p, long size, long mtime, LineSource source) throws IOException {
        if (p == null) {
            return new Plan(false, 0, null);
        }
        if (p.size() == size && p.mtimeMs() == mtime) {
            return new Plan(true, 0, null);
        }
        if (SourceFileState.CONFLICT.equals(p.status()) || (p.sessionId() == null && p.parsedMessages() > 0)) {
            // a conflict may have cleared; a session deleted from the archive comes back whole, from ordinal 0
            return new Plan(false, 0, null);
        }
        if (source.compressed()) {
            return new Plan(false, 0, Rereads.Reason.REWRITTEN); // written once; a change is a new file
        }
        if (size < p.byteOffset()) {
            return new Plan(false, 0, Rereads.Reason.SHRUNK);
        }
        if (p.headLength() > 0 && !Objects.equals(source.headDigest(p.headLength()), p.headDigest())) {
            return new Plan(false, 0, Rereads.Reason.HEAD_CHANGED);
        }
        if (size == p.size()) {
            return new Plan(false, 0, Rereads.Reason.REWRITTEN);
        }
        if (p.sessionId() != null && p.parsedMessages() < db.read(c -> ArchiveWriter.messageCount(c, p.sessionId()))) {
            // After a truncation the file is behind the archive: what it regrows must be compared from the start.
            return new Plan(false, 0, Rereads.Reason.REGROWN);
        }
        return new Plan(false, p.byteOffset(), null);
    }

    private void reconcile(Connection c, SourceFileState prior, FileRead read, SyncReport.Tally tally)
            throws SQLException {
        Instant now = clock.instant();
        TranscriptChunk chunk = read.chunk();
        String sessionId = prior != null && SourceFileState.OK.equals(prior.status()) ? prior.sessionId() : null;
        if (sessionId == null && !chunk.messages.isEmpty()) {
            sessionId = read.file().sessionId(chunk.recordSessionId);
        }
        boolean exists = sessionId != null && ArchiveWriter.sessionExists(c, sessionId);
        Rereads.Reason reason = read.plan().reason();
        int rereadsDone = prior == null ? 0 : prior.rereads();
        if (exists && (prior == null || prior.sessionId() == null || !SourceFileState.OK.equals(prior.status()))) {
            Session s = new Sessions(db).get(sessionId).orElseThrow();
            if (!read.key().equals(s.sourcePath())) {
                String note = "session " + sessionId + " is already archived from " + s.sourcePath();
                tally.problems.add(new SyncReport.Problem(read.key(), note + "; skipped"));
                state(read, null, 0, rereadsDone, SourceFileState.CONFLICT, note).save(c, now);
                return;
            }
            reason = Rereads.Reason.REWRITTEN; // our own session, but the sync state was lost: verify from the start
        }
        int stored = exists ? ArchiveWriter.messageCount(c, sessionId) : 0;
        int first = read.plan().incremental() ? prior.parsedMessages() : 0;
        List<String> storedDigests = first < stored ? ArchiveWriter.digests(c, sessionId, first) : List.of();
        List<ArchiveWriter.Redacted> append = new ArrayList<>();
        int ordinal = first;
        Integer divergedAt = null;
        String storedDigest = null;
        String foundDigest = null;
        for (ParsedMessage pm : chunk.messages) {
            ArchiveWriter.Redacted r = redact(sessionId, ordinal, pm);
            if (ordinal < stored) {
                String sd = storedDigests.get(ordinal - first);
                if (!sd.equals(r.message().contentDigest())) {
                    divergedAt = ordinal;
                    storedDigest = sd;
                    foundDigest = r.message().contentDigest();
                    break;
                }
            } else {
                append.add(r);
            }
            ordinal++;
        }
        boolean reread = exists && reason != null && !read.plan().incremental();
        if (divergedAt != null) {
            long revision = ArchiveWriter.bumpRevision(c, sessionId, now);
            String fork = forkId(c, sessionId);
            List<ArchiveWriter.Redacted> all = new ArrayList<>();
            for (int i = 0; i < chunk.messages.size(); i++) {
                all.add(redact(fork, i, chunk.messages.get(i)));
            }
            ArchiveWriter.createSession(c, session(fork, read));
            ArchiveWriter.append(c, all, now);
            count(tally, all);
            tally.sessionsCreated++;
            tally.created.add(fork);
            tally.rereads.add(event(c, sessionId, read, reason, Rereads.Outcome.DIVERGED, divergedAt, storedDigest,
                    foundDigest, fork, revision, now));
            state(read, fork, all.size(), rereadsDone + 1, SourceFileState.OK, "diverged from " + sessionId
                    + " at message " + divergedAt).save(c, now);
            return;
        }
        if (!append.isEmpty()) {
            if (exists) {
                ArchiveWriter.grew(c, sessionId, chunk.first, chunk.last, chunk.cwd, chunk.gitBranch, now);
                tally.grown.add(sessionId);
            } else {
                ArchiveWriter.createSession(c, session(sessionId, read));
                tally.sessionsCreated++;
                tally.created.add(sessionId);
            }
            ArchiveWriter.append(c, append, now);
            count(tally, append);
        }
        if (reread) {
            Rereads.Outcome outcome = !append.isEmpty() ? Rereads.Outcome.APPENDED
                    : ordinal < stored ? Rereads.Outcome.TRUNCATED : Rereads.Outcome.IDENTICAL;
            long revision = outcome == Rereads.Outcome.TRUNCATED ? ArchiveWriter.bumpRevision(c, sessionId, now)
                    : ArchiveWriter.revision(c, sessionId);
            tally.rereads.add(event(c, sessionId, read, reason, outcome, null, null, null, null, revision, now));
        }
        state(read, sessionId != null && (exists || !append.isEmpty()) ? sessionId : null, ordinal,
                rereadsDone + (reread ? 1 : 0), SourceFileState.OK, null).save(c, now);
    }

    private SourceFileState state(FileRead read, String sessionId, int parsedMessages, int rereads, String status,
            String note) {
        return new SourceFileState(read.key(), read.file().agent(), sessionId, read.size(), read.mtime(),
                read.offset(), read.headLength(), read.headDigest(), read.lines(), parsedMessages, read.malformed(),
                rereads, read.chunk().carry(json, scanner), status, note);
    }

    private static Session session(String id, FileRead read) {
        TranscriptChunk chunk = read.chunk();
        return new Session(id, read.file().agent().id(), ProjectIdentity.projectOf(chunk.cwd), chunk.cwd, chunk.gitBranch,
                chunk.first, chunk.last, Session.TRANSCRIPT, read.key(), 1);
    }

    private static String forkId(Connection c, String sessionId) throws SQLException {
        for (int n = 2; ; n++) {
            String id = sessionId + "~" + n;
            if (!ArchiveWriter.sessionExists(c, id)) {
                return id;
            }
        }
    }

    private static Rereads.Event event(Connection c, String sessionId, FileRead read, Rereads.Reason reason,
            Rereads.Outcome outcome, Integer divergedAt, String storedDigest, String foundDigest, String fork,
            long revision, Instant now) throws SQLException {
        long id = Rereads.record(c, sessionId, read.key(), reason, outcome, divergedAt, storedDigest, foundDigest,
                fork, revision, now);
        return new Rereads.Event(id, sessionId, read.key(), reason.id(), outcome, divergedAt, fork, revision, now);
    }

    private static void count(SyncReport.Tally tally, List<ArchiveWriter.Redacted> messages) {
        tally.messagesAdded += messages.size();
        for (ArchiveWriter.Redacted r : messages) {
            for (List<SecretScanner.Finding> fs : List.of(r.textFindings(), r.inputFindings())) {
                for (SecretScanner.Finding f : fs) {
                    if (f.tier() == SecretScanner.Tier.DEFINITE) {
                        tally.secretsRedacted++;
                    } else {
                        tally.candidateFindings++;
                    }
                }
            }
        }
    }

    /** Redacts, then clips: a limit applied first could cut a secret into a piece no rule recognises. */
    private ArchiveWriter.Redacted redact(String sessionId, int ordinal, ParsedMessage pm) {
        int limit = ParsedMessage.TOOL.equals(pm.role()) ? Clip.TOOL_OUTPUT : Clip.MESSAGE;
        SecretScanner.Result text = Clip.clip(scanner.scan(Clip.preScan(pm.text(), limit)), limit);
        SecretScanner.Result input = pm.toolInput() == null ? null
                : Clip.clip(scanner.scan(Clip.preScan(pm.toolInput(), Clip.TOOL_INPUT)), Clip.TOOL_INPUT);
        Message m = Message.of(sessionId, ordinal, pm.role(), text.text(), pm.toolName(),
                input == null ? null : input.text(), pm.sourceUuid(), pm.timestamp());
        return new ArchiveWriter.Redacted(m, text.findings(), input == null ? List.of() : input.findings());
    }
}
