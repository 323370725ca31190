package dev.recall.sessions;

import dev.recall.store.ArchiveWriter;
import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Rereads;
import dev.recall.store.SecretFindings;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import dev.recall.store.SourceFileState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Brings one archived session in line with what its source now holds, inside the caller's transaction: messages
 * beyond what is stored are appended, and on a re-read every stored message must be found again with the same
 * digest. The archive is never rewritten: content that differs goes to a fork session, and the re-read is logged for
 * provenance checks ({@link Rereads}). Shared by append-only files and whole-document stores.
 */
final class Reconciler {
    private final Sessions sessions;
    private final ArchiveWriter archive;
    private final Rereads rereads;
    private final SecretScanner scanner;

    Reconciler(Database db, SecretScanner scanner) {
        this.sessions = new Sessions(db);
        this.archive = new ArchiveWriter(db);
        this.rereads = new Rereads(db);
        this.scanner = scanner;
    }

    /** A message to append with the scan findings of its text and tool input. */
    private record Redacted(Message message, List<SecretScanner.Finding> textFindings,
            List<SecretScanner.Finding> inputFindings) {}

    /**
     * What was read from one source for one session. {@code proposedId} names a session the source has not been
     * archived as yet; {@code first} is the ordinal of the first message in the chunk (0 unless incremental).
     */
    record Incoming(String key, String agent, String proposedId, TranscriptChunk chunk, boolean incremental,
            int first, Rereads.Reason reason) {}

    /** Where the source now stands: the session it feeds, how many of its messages were parsed, re-reads done. */
    record Outcome(String sessionId, int parsedMessages, boolean reread, String status, String note) {}

    /** Reconciles inside the caller's transaction. */
    Outcome reconcile(SourceFileState prior, Incoming in, SyncReport.Tally tally, Instant now) {
        TranscriptChunk chunk = in.chunk();
        String sessionId = prior != null && SourceFileState.OK.equals(prior.status()) ? prior.sessionId() : null;
        if (sessionId == null && !chunk.messages.isEmpty()) {
            sessionId = in.proposedId();
        }
        boolean exists = sessionId != null && archive.sessionExists(sessionId);
        Rereads.Reason reason = in.reason();
        if (exists && (prior == null || prior.sessionId() == null || !SourceFileState.OK.equals(prior.status()))) {
            Session s = sessions.get(sessionId).orElseThrow();
            if (!in.key().equals(s.sourcePath())) {
                String note = "session " + sessionId + " is already archived from " + s.sourcePath();
                tally.problems.add(new SyncReport.Problem(in.key(), note + "; skipped"));
                return new Outcome(null, 0, false, SourceFileState.CONFLICT, note);
            }
            reason = Rereads.Reason.REWRITTEN; // our own session, but the sync state was lost: verify from the start
        }
        int stored = exists ? archive.messageCount(sessionId) : 0;
        int first = in.first();
        List<String> storedDigests = first < stored ? archive.digests(sessionId, first) : List.of();
        List<Redacted> append = new ArrayList<>();
        int ordinal = first;
        Integer divergedAt = null;
        String storedDigest = null;
        String foundDigest = null;
        for (ParsedMessage pm : chunk.messages) {
            Redacted r = redact(sessionId, ordinal, pm);
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
        boolean reread = exists && reason != null && !in.incremental();
        if (divergedAt != null) {
            long revision = archive.bumpRevision(sessionId, now);
            String fork = forkId(sessionId);
            List<Redacted> all = new ArrayList<>();
            for (int i = 0; i < chunk.messages.size(); i++) {
                all.add(redact(fork, i, chunk.messages.get(i)));
            }
            archive.createSession(session(fork, in));
            append(all, now);
            count(tally, in.agent(), all);
            tally.created(in.agent(), fork);
            tally.rereads.add(event(sessionId, in.key(), reason, Rereads.Outcome.DIVERGED, divergedAt,
                    storedDigest, foundDigest, fork, revision, now));
            return new Outcome(fork, all.size(), true, SourceFileState.OK,
                    "diverged from " + sessionId + " at message " + divergedAt);
        }
        if (!append.isEmpty()) {
            if (exists) {
                archive.grew(sessionId, chunk.first, chunk.last, chunk.cwd, chunk.gitBranch, chunk.model,
                        now);
                tally.grown(in.agent(), sessionId);
            } else {
                archive.createSession(session(sessionId, in));
                tally.created(in.agent(), sessionId);
            }
            append(append, now);
            count(tally, in.agent(), append);
        }
        if (reread) {
            Rereads.Outcome outcome = !append.isEmpty() ? Rereads.Outcome.APPENDED
                    : ordinal < stored ? Rereads.Outcome.TRUNCATED : Rereads.Outcome.IDENTICAL;
            long revision = outcome == Rereads.Outcome.TRUNCATED ? archive.bumpRevision(sessionId, now)
                    : archive.revision(sessionId);
            tally.rereads.add(event(sessionId, in.key(), reason, outcome, null, null, null, null, revision, now));
        }
        return new Outcome(sessionId != null && (exists || !append.isEmpty()) ? sessionId : null, ordinal, reread,
                SourceFileState.OK, null);
    }

    private static Session session(String id, Incoming in) {
        TranscriptChunk chunk = in.chunk();
        return new Session(id, in.agent(), ProjectIdentity.projectOf(chunk.cwd), chunk.cwd, chunk.gitBranch, chunk.first,
                chunk.last, Session.TRANSCRIPT, in.key(), 1, chunk.model);
    }

    private String forkId(String sessionId) {
        for (int n = 2; ; n++) {
            String id = sessionId + "~" + n;
            if (!archive.sessionExists(id)) {
                return id;
            }
        }
    }

    private Rereads.Event event(String sessionId, String key, Rereads.Reason reason, Rereads.Outcome outcome,
            Integer divergedAt, String storedDigest, String foundDigest, String fork, long revision, Instant now) {
        long id = rereads.record(sessionId, key, reason, outcome, divergedAt, storedDigest, foundDigest,
                fork, revision, now);
        return new Rereads.Event(id, sessionId, key, reason.id(), outcome, divergedAt, fork, revision, now);
    }

    /** Appends messages with their findings (never their values). */
    private void append(List<Redacted> messages, Instant now) {
        List<SecretFindings.New> findings = new ArrayList<>();
        for (Redacted r : messages) {
            Message m = r.message();
            r.textFindings().forEach(f -> findings.add(new SecretFindings.New(m.sessionId(), m.ordinal(), "text",
                    f.mark())));
            r.inputFindings().forEach(f -> findings.add(new SecretFindings.New(m.sessionId(), m.ordinal(),
                    "tool_input", f.mark())));
        }
        archive.append(messages.stream().map(Redacted::message).toList(), findings, now);
    }

    private static void count(SyncReport.Tally tally, String agent, List<Redacted> messages) {
        tally.messages(agent, messages.size());
        for (Redacted r : messages) {
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
    private Redacted redact(String sessionId, int ordinal, ParsedMessage pm) {
        int limit = ParsedMessage.TOOL.equals(pm.role()) ? Clip.TOOL_OUTPUT : Clip.MESSAGE;
        SecretScanner.Result text = Clip.clip(scanner.scan(Clip.preScan(pm.text(), limit)), limit);
        SecretScanner.Result input = pm.toolInput() == null ? null
                : Clip.clip(scanner.scan(Clip.preScan(pm.toolInput(), Clip.TOOL_INPUT)), Clip.TOOL_INPUT);
        Message m = Message.of(sessionId, ordinal, pm.role(), text.text(), pm.toolName(),
                input == null ? null : input.text(), pm.sourceUuid(), pm.timestamp());
        return new Redacted(m, text.findings(), input == null ? List.of() : input.findings());
    }
}
