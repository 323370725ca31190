package dev.recall.sessions;

import dev.recall.store.Database;
import dev.recall.store.Digests;
import dev.recall.store.Entries;
import dev.recall.store.Evidence;
import dev.recall.store.Message;
import dev.recall.store.SecretBackfills;
import dev.recall.store.SecretFindings;
import dev.recall.store.Sessions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntConsumer;

/**
 * Re-scans the archive with the current rules and redacts what they catch that older rules let through: the one
 * rewrite of the archive recall makes, recorded as an audited change ({@code secret_redactions}, digests only).
 *
 * <p>Per session, in one transaction: each message whose text or tool input holds a finding is rewritten with its
 * digest; the findings are recorded with the backfill's id; the session is marked as having held secrets, so
 * extraction skips it; evidence anchored on a rewritten message gets its anchor digest re-stamped (the content
 * changed only by an audited redaction); an entry whose own text or evidence snippet held a secret is redacted and
 * loses its provenance ({@value #REVOKED}), so it is no longer trusted until a person reviews it. Derived indexes
 * follow from the store's change journals; the caller rebuilds the lexical index so no old segment keeps the text,
 * and the database file is rebuilt (VACUUM) so no free page space keeps it either.
 * A dry run computes the same report and writes nothing.
 */
public final class SecretBackfill {
    /** The provenance reason of an entry whose text or evidence held a secret. */
    public static final String REVOKED = "secret_in_entry";

    /** What a backfill found and changed. {@code backfillId} is 0 for a dry run. */
    public record Report(long backfillId, boolean written, int sessionsScanned, int messagesScanned,
            int messagesRedacted, int findings, List<String> sessionsMarked, int entriesRedacted,
            List<String> entriesRevoked, int anchorsRestamped, Map<String, Integer> byRule) {}

    private final Database db;
    private final SecretScanner scanner;
    private final Clock clock;
    private final SecretBackfills backfills;
    private final Sessions sessions;
    private final SecretFindings findings;
    private final Entries entries;

    public SecretBackfill(Database db, SecretScanner scanner, Clock clock) {
        this.db = db;
        this.scanner = scanner;
        this.clock = clock;
        this.backfills = new SecretBackfills(db);
        this.sessions = new Sessions(db);
        this.findings = new SecretFindings(db);
        this.entries = new Entries(db);
    }

    /** Runs over every session; {@code progress} hears how many sessions are done. */
    public Report run(boolean write, IntConsumer progress) {
        List<String> sessions = backfills.sessionIds();
        long id = write ? backfills.start(SecretScanner.fingerprint(), SecretScanner.ruleNames().size(),
                clock.instant()) : 0;
        Tally t = new Tally();
        for (int i = 0; i < sessions.size(); i++) {
            String session = sessions.get(i);
            if (write) {
                db.transaction(() -> session(id, session, true, t));
            } else {
                session(id, session, false, t);
            }
            progress.accept(i + 1);
        }
        t.sessions = sessions.size();
        if (write) {
            backfills.finish(id, new SecretBackfills.Totals(t.sessions, t.messages, t.redacted, t.findings,
                    t.marked.size(), t.entriesRedacted, t.revoked.size()), clock.instant());
            if (t.findings > 0) {
                backfills.compact();
            }
        }
        return new Report(id, write, t.sessions, t.messages, t.redacted, t.findings, List.copyOf(t.marked),
                t.entriesRedacted, List.copyOf(t.revoked), t.anchors, Map.copyOf(t.byRule));
    }

    private static final class Tally {
        int sessions;
        int messages;
        int redacted;
        int findings;
        int entriesRedacted;
        int anchors;
        final Set<String> marked = new LinkedHashSet<>();
        final Set<String> revoked = new LinkedHashSet<>();
        final Map<String, Integer> byRule = new TreeMap<>();
    }

    private void session(long backfillId, String sessionId, boolean write, Tally t) {
        List<Message> messages = sessions.messages(sessionId);
        List<Message> now = new ArrayList<>(messages);
        Set<Integer> changed = new LinkedHashSet<>();
        List<SecretFindings.New> found = new ArrayList<>();
        for (Message m : messages) {
            t.messages++;
            SecretScanner.Result text = scanner.scan(m.text());
            SecretScanner.Result input = m.toolInput() == null ? null : scanner.scan(m.toolInput());
            if (text.findings().isEmpty() && (input == null || input.findings().isEmpty())) {
                continue;
            }
            text.findings().forEach(f -> found.add(new SecretFindings.New(sessionId, m.ordinal(), "text", f.mark())));
            if (input != null) {
                input.findings().forEach(f -> found.add(new SecretFindings.New(sessionId, m.ordinal(), "tool_input",
                        f.mark())));
            }
            Message redacted = Message.of(sessionId, m.ordinal(), m.role(), text.text(), m.toolName(),
                    input == null ? null : input.text(), m.sourceUuid(), m.timestamp());
            if (write && !backfills.redactMessage(redacted, m.contentDigest())) {
                continue; // changed under us: the next backfill sees it
            }
            if (write) {
                backfills.record(backfillId, new SecretBackfills.Redaction("message", sessionId,
                        m.ordinal(), null, null, text.findings().size() + (input == null ? 0 : input.findings().size()),
                        m.contentDigest(), redacted.contentDigest()), clock.instant());
            }
            now.set(m.ordinal() - messages.getFirst().ordinal(), redacted);
            changed.add(m.ordinal());
            t.redacted++;
        }
        t.findings += found.size();
        found.forEach(f -> t.byRule.merge(f.mark().rule(), 1, Integer::sum));
        if (!changed.isEmpty()) {
            t.marked.add(sessionId);
            if (write) {
                findings.insert(found, backfillId, clock.instant());
                backfills.markHeldSecrets(sessionId);
            }
        }
        entries(backfillId, sessionId, now, changed, write, t);
    }

    private void entries(long backfillId, String sessionId, List<Message> now, Set<Integer> changed,
            boolean write, Tally t) {
        Set<String> revoke = new LinkedHashSet<>();
        for (Evidence ev : backfills.evidenceIn(sessionId)) {
            SecretScanner.Result snippet = ev.snippet() == null ? null : scanner.scan(ev.snippet());
            boolean snippetHeld = snippet != null && !snippet.findings().isEmpty();
            boolean anchorMoved = ev.contentDigest() != null && touches(ev, changed)
                    && ev.endOrdinal() < now.size() + (now.isEmpty() ? 0 : now.getFirst().ordinal());
            if (!snippetHeld && !anchorMoved) {
                continue;
            }
            String digest = ev.contentDigest();
            if (anchorMoved) {
                int base = now.getFirst().ordinal();
                digest = Digests.anchor(now.subList(ev.startOrdinal() - base, ev.endOrdinal() - base + 1));
                t.anchors++;
            }
            if (snippetHeld) {
                revoke.add(ev.entryId());
                t.findings += snippet.findings().size();
                snippet.findings().forEach(f -> t.byRule.merge(f.rule(), 1, Integer::sum));
            }
            if (write) {
                backfills.updateEvidence(ev.id(), snippetHeld ? snippet.text() : ev.snippet(), digest);
                backfills.record(backfillId, new SecretBackfills.Redaction(
                        snippetHeld ? "evidence_snippet" : "evidence_anchor", sessionId, null, ev.entryId(), ev.id(),
                        snippetHeld ? snippet.findings().size() : 0, ev.contentDigest(), digest), clock.instant());
            }
        }
        for (SecretBackfills.EntryText e : backfills.entriesOf(sessionId)) {
            SecretScanner.Result title = scanner.scan(e.title());
            SecretScanner.Result body = scanner.scan(e.body());
            SecretScanner.Result trigger = scanner.scan(e.trigger());
            int n = title.findings().size() + body.findings().size() + trigger.findings().size();
            if (n == 0) {
                continue;
            }
            t.entriesRedacted++;
            t.findings += n;
            for (SecretScanner.Result r : List.of(title, body, trigger)) {
                r.findings().forEach(f -> t.byRule.merge(f.rule(), 1, Integer::sum));
            }
            revoke.add(e.id());
            if (write) {
                backfills.updateEntryText(new SecretBackfills.EntryText(e.id(), title.text(), body.text(),
                        e.trigger() == null ? null : trigger.text()), clock.instant());
                backfills.record(backfillId, new SecretBackfills.Redaction("entry", sessionId, null, e.id(),
                        null, n, Digests.sha256(e.title(), e.body(), String.valueOf(e.trigger())),
                        Digests.sha256(title.text(), body.text(), String.valueOf(e.trigger() == null ? null
                                : trigger.text()))), clock.instant());
            }
        }
        for (String entry : revoke) {
            if (!write || entries.revokeProvenance(entry, REVOKED, clock.instant())) {
                t.revoked.add(entry);
            }
        }
    }

    private static boolean touches(Evidence ev, Set<Integer> changed) {
        for (int o : changed) {
            if (o >= ev.startOrdinal() && o <= ev.endOrdinal()) {
                return true;
            }
        }
        return false;
    }
}
