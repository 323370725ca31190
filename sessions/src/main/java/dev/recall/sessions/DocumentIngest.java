package dev.recall.sessions;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.store.Database;
import dev.recall.store.Digests;
import dev.recall.store.Rereads;
import dev.recall.store.SourceFileState;
import dev.recall.store.SourceFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a whole-document or multi-session source into the archive. The source is read again only when its
 * modification marker moved; then each session it holds is reconciled (one transaction each) only when the digest of
 * what was read for it changed. State is kept per source ({@code path}, holding the marker) and per session in it
 * ({@code path#session}, holding the content digest), so provenance re-verification sees each session's re-reads.
 */
final class DocumentIngest {
    private final Database db;
    private final Clock clock;
    private final Reconciler reconciler;
    private final SourceFiles sourceFiles;
    private final ObjectMapper json = new ObjectMapper();
    private final SecretScanner scanner;

    DocumentIngest(Database db, SecretScanner scanner, Clock clock) {
        this.db = db;
        this.clock = clock;
        this.scanner = scanner;
        this.reconciler = new Reconciler(db, scanner);
        this.sourceFiles = new SourceFiles(db);
    }

    void ingest(TranscriptFile file, DocumentAdapter adapter, SyncReport.Tally tally) throws IOException {
        String agent = adapter.id();
        Path real = file.path().toRealPath();
        String key = real.toString();
        String marker = adapter.marker(real);
        Optional<SourceFileState> prior = sourceFiles.get(key);
        if (prior.isPresent() && marker.equals(prior.get().headDigest())) {
            tally.unchanged(agent);
            return;
        }
        List<SyncReport.Malformed> bad = new ArrayList<>();
        List<DocumentAdapter.DocumentSession> sessions;
        try {
            sessions = adapter.read(real, (where, reason) -> bad.add(new SyncReport.Malformed(key, where, reason)));
        } catch (DocumentAdapter.NotThisFormat e) {
            tally.unrecognised(agent, key, e.getMessage());
            return;
        }
        tally.read(agent);
        bad.forEach(m -> tally.malformed(agent, m.path(), m.line(), m.reason()));
        BasicFileAttributes attrs = Files.readAttributes(real, BasicFileAttributes.class);
        long size = attrs.size();
        long mtime = attrs.lastModifiedTime().toMillis();
        for (DocumentAdapter.DocumentSession s : sessions) {
            String vkey = key + "#" + s.id();
            String digest = digest(s.chunk());
            Optional<SourceFileState> vprior = sourceFiles.get(vkey);
            if (vprior.isPresent() && digest.equals(vprior.get().headDigest())
                    && SourceFileState.OK.equals(vprior.get().status())) {
                continue;
            }
            db.transaction(() -> {
                SourceFileState p = sourceFiles.get(vkey).orElse(null);
                Reconciler.Incoming in = new Reconciler.Incoming(vkey, agent, s.id(), s.chunk(), false, 0,
                        p == null ? null : Rereads.Reason.REWRITTEN);
                Reconciler.Outcome o = reconciler.reconcile(p, in, tally, clock.instant());
                int rereads = (p == null ? 0 : p.rereads()) + (o.reread() ? 1 : 0);
                sourceFiles.save(new SourceFileState(vkey, agent, o.sessionId(), size, mtime, 0, 0, digest, 0,
                        o.parsedMessages(), 0, rereads, s.chunk().carry(json, scanner), o.status(), o.note()),
                        clock.instant());
            });
        }
        sourceFiles.save(new SourceFileState(key, agent, null, size, mtime, 0, 0, marker, sessions.size(), 0,
                bad.size(), 0, null, SourceFileState.OK, null), clock.instant());
    }

    /** What was read for one session, as one digest: any change to a message or its order moves it. */
    private static String digest(TranscriptChunk chunk) {
        MessageDigest md = Digests.newDigest();
        for (ParsedMessage m : chunk.messages) {
            for (String part : new String[] {m.role(), m.text(), m.toolName(), m.toolInput(), m.sourceUuid(),
                    String.valueOf(m.timestamp())}) {
                md.update((part == null ? "\u0000" : part).getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0x1f);
            }
            md.update((byte) 0x1e);
        }
        md.update(String.valueOf(chunk.cwd).getBytes(StandardCharsets.UTF_8));
        return Digests.hex(md);
    }
}
