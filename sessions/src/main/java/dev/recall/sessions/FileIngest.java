package dev.recall.sessions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.store.ArchiveWriter;
import dev.recall.store.Database;
import dev.recall.store.Rereads;
import dev.recall.store.SourceFileState;
import dev.recall.store.SourceFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads one transcript file into the archive, incrementally. The file is parsed outside any transaction; the
 * archive is then reconciled in one transaction ({@link Reconciler}). A file none of whose records is of its agent's
 * format is reported as unrecognised and leaves no state, so it is looked at again next time.
 */
final class FileIngest {
    private final Database db;
    private final SecretScanner scanner;
    private final Clock clock;
    private final Reconciler reconciler;
    private final SourceFiles sourceFiles;
    private final ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    FileIngest(Database db, SecretScanner scanner, Clock clock) {
        this.db = db;
        this.scanner = scanner;
        this.clock = clock;
        this.reconciler = new Reconciler(db, scanner);
        this.sourceFiles = new SourceFiles(db);
    }

    /** Where to start reading, and why a file is read again from the start. */
    private record Plan(boolean skip, long fromOffset, Rereads.Reason reason) {
        boolean incremental() {
            return !skip && fromOffset > 0;
        }
    }

    void ingest(TranscriptFile file, SyncReport.Tally tally) throws IOException {
        String agent = file.agent().id();
        Path real = file.path().toRealPath();
        String key = real.toString();
        BasicFileAttributes attrs = Files.readAttributes(real, BasicFileAttributes.class);
        long size = attrs.size();
        long mtime = attrs.lastModifiedTime().toMillis();
        LineSource source = new LineSource(real);
        Optional<SourceFileState> prior = sourceFiles.get(key);
        Plan plan = plan(prior.orElse(null), size, mtime, source);
        if (plan.skip()) {
            tally.unchanged(agent);
            return;
        }
        TranscriptChunk chunk = new TranscriptChunk();
        long firstLine = 0;
        int malformed = 0;
        if (plan.incremental()) {
            chunk.restore(json, prior.get().carry());
            firstLine = prior.get().lines();
            malformed = prior.get().malformedLines();
        }
        TranscriptFormat format = ((LineAdapter) file.agent()).format(file);
        long[] lineNo = {firstLine};
        int[] counts = new int[3]; // malformed, recognised records, unrecognised records
        List<SyncReport.Malformed> bad = new ArrayList<>();
        LineSource.End end = source.read(plan.fromOffset(), (text, start) -> {
            lineNo[0]++;
            if (text.isBlank()) {
                return;
            }
            Parsed p = parse(text, format, chunk);
            if (p.problem() != null) {
                counts[0]++;
                bad.add(new SyncReport.Malformed(key, lineNo[0], p.problem()));
            } else {
                counts[p.recognised() ? 1 : 2]++;
            }
        });
        if (prior.isEmpty() && counts[1] == 0 && counts[2] > 0) {
            // Not one record of this agent's: another format, reported instead of being counted as read.
            tally.unrecognised(agent, key, "no record of the " + file.agent().displayName() + " format in "
                    + counts[2] + " JSON line" + (counts[2] == 1 ? "" : "s"));
            return;
        }
        tally.read(agent);
        bad.forEach(m -> tally.malformed(agent, m.path(), m.line(), m.reason()));
        long headLength = Math.min(end.offset(), LineSource.HEAD_LENGTH);
        String headDigest = plan.incremental() && prior.get().headLength() == headLength
                ? prior.get().headDigest() : source.headDigest(headLength);
        int malformedTotal = malformed + counts[0];
        db.transaction(() -> {
            Optional<SourceFileState> current = sourceFiles.get(key);
            if (!Objects.equals(current, prior)) {
                tally.problems.add(new SyncReport.Problem(key, "synced concurrently by another recall; left to it"));
                return;
            }
            SourceFileState p = prior.orElse(null);
            Reconciler.Incoming in = new Reconciler.Incoming(key, agent, file.sessionId(chunk.recordSessionId),
                    chunk, plan.incremental(), plan.incremental() ? p.parsedMessages() : 0, plan.reason());
            Reconciler.Outcome o = reconciler.reconcile(p, in, tally, clock.instant());
            int rereads = (p == null ? 0 : p.rereads()) + (o.reread() ? 1 : 0);
            sourceFiles.save(new SourceFileState(key, agent, o.sessionId(), size, mtime, end.offset(), headLength,
                    headDigest,
                    lineNo[0], o.parsedMessages(), malformedTotal, rereads, chunk.carry(json, scanner), o.status(),
                    o.note()), clock.instant());
        });
    }

    /** A line's fate: malformed (with why), or read as a record of the format or not. */
    private record Parsed(String problem, boolean recognised) {}

    private Parsed parse(String text, TranscriptFormat format, TranscriptChunk chunk) {
        JsonNode node;
        try {
            node = json.readTree(text);
        } catch (JsonProcessingException e) {
            return new Parsed("malformed JSON: " + e.getOriginalMessage(), false);
        }
        if (node == null || !node.isObject()) {
            return new Parsed("not a JSON object", false);
        }
        try {
            return new Parsed(null, format.read(node, chunk));
        } catch (RuntimeException e) {
            return new Parsed("unreadable record: " + e, false);
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
        if (p.sessionId() != null && p.parsedMessages() < new ArchiveWriter(db).messageCount(p.sessionId())) {
            // After a truncation the file is behind the archive: what it regrows must be compared from the start.
            return new Plan(false, 0, Rereads.Reason.REGROWN);
        }
        return new Plan(false, p.byteOffset(), null);
    }
}
