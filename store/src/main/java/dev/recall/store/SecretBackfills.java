package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The store's side of a secret backfill: the one sanctioned rewrite of the archive. Each rewritten text is updated
 * only if it still has the digest it was read with, and recorded in {@code secret_redactions} (digests, not text);
 * the backfill itself is a row of {@code secret_backfills}. Each step joins the caller's transaction.
 */
public final class SecretBackfills {
    private final Database db;

    public SecretBackfills(Database db) {
        this.db = db;
    }

    /** What one backfill did, for its row. */
    public record Totals(int sessionsScanned, int messagesScanned, int messagesRedacted, int findings,
            int sessionsMarked, int entriesRedacted, int entriesRevoked) {}

    /** An entry's own text, as a backfill reads it. */
    public record EntryText(String id, String title, String body, String trigger) {}

    /**
     * Rewrites the database file from its live content (VACUUM) and empties the WAL. An UPDATE leaves the old text
     * in free space of its page, and a page that split keeps stale cells in its unused area: only a rebuilt file is
     * free of the values a backfill redacted. Outside any transaction.
     */
    public void compact() {
        db.read(c -> {
            compact(c);
            return null;
        });
    }

    public long start(String rulesFingerprint, int ruleCount, Instant now) {
        return db.inTransaction(c -> start(c, rulesFingerprint, ruleCount, now));
    }

    public void finish(long id, Totals t, Instant now) {
        db.inTransaction(c -> {
            finish(c, id, t, now);
            return null;
        });
    }

    /** Every archived session's id, in a stable order. */
    public List<String> sessionIds() {
        return db.read(c -> sessionIds(c));
    }

    /**
     * Replaces a message's text, tool input and digest with their redacted form; false (nothing written) when the
     * stored message no longer has {@code oldDigest}.
     */
    public boolean redactMessage(Message redacted, String oldDigest) {
        return db.inTransaction(c -> redactMessage(c, redacted, oldDigest));
    }

    /** Evidence anchored in a session. */
    public List<Evidence> evidenceIn(String sessionId) {
        return new Entries(db).evidenceInSession(sessionId);
    }

    public void updateEvidence(long evidenceId, String snippet, String contentDigest) {
        db.inTransaction(c -> {
            updateEvidence(c, evidenceId, snippet, contentDigest);
            return null;
        });
    }

    /** The entries whose source is a session. */
    public List<EntryText> entriesOf(String sessionId) {
        return db.read(c -> entriesOf(c, sessionId));
    }

    public void updateEntryText(EntryText e, Instant now) {
        db.inTransaction(c -> {
            updateEntryText(c, e, now);
            return null;
        });
    }

    /** The session held a secret verbatim until this backfill: extraction skips it from now on. */
    public boolean markHeldSecrets(String sessionId) {
        return db.inTransaction(c -> markHeldSecrets(c, sessionId));
    }

    public boolean heldSecrets(String sessionId) {
        return db.read(c -> heldSecrets(c, sessionId));
    }

    public void record(long backfillId, Redaction r, Instant now) {
        db.inTransaction(c -> {
            record(c, backfillId, r, now);
            return null;
        });
    }

    /** How many rewrites a backfill recorded, by target. */
    public java.util.Map<String, Integer> redactions(long backfillId) {
        return db.read(c -> redactions(c, backfillId));
    }

    static void compact(Connection c) throws SQLException {
        try (var st = c.createStatement()) {
            st.execute("VACUUM");
            st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        }
    }

    static long start(Connection c, String rulesFingerprint, int ruleCount, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO secret_backfills (rules_fingerprint, rule_count, started_at) VALUES (?, ?, ?)""")) {
            ps.setString(1, rulesFingerprint);
            ps.setInt(2, ruleCount);
            ps.setString(3, Times.format(now));
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT last_insert_rowid()");
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static void finish(Connection c, long id, Totals t, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                UPDATE secret_backfills SET finished_at = ?, sessions_scanned = ?, messages_scanned = ?,
                  messages_redacted = ?, findings = ?, sessions_marked = ?, entries_redacted = ?, entries_revoked = ?
                WHERE id = ?""")) {
            ps.setString(1, Times.format(now));
            ps.setInt(2, t.sessionsScanned());
            ps.setInt(3, t.messagesScanned());
            ps.setInt(4, t.messagesRedacted());
            ps.setInt(5, t.findings());
            ps.setInt(6, t.sessionsMarked());
            ps.setInt(7, t.entriesRedacted());
            ps.setInt(8, t.entriesRevoked());
            ps.setLong(9, id);
            ps.executeUpdate();
        }
    }

    static List<String> sessionIds(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM sessions ORDER BY id");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    static boolean redactMessage(Connection c, Message redacted, String oldDigest) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                UPDATE messages SET text = ?, tool_input = ?, content_digest = ?
                WHERE session_id = ? AND ordinal = ? AND content_digest = ?""")) {
            ps.setString(1, redacted.text());
            ps.setString(2, redacted.toolInput());
            ps.setString(3, redacted.contentDigest());
            ps.setString(4, redacted.sessionId());
            ps.setInt(5, redacted.ordinal());
            ps.setString(6, oldDigest);
            return ps.executeUpdate() == 1;
        }
    }

    static void updateEvidence(Connection c, long evidenceId, String snippet, String contentDigest)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE recall_evidence SET snippet = ?, content_digest = ? WHERE id = ?")) {
            ps.setString(1, snippet);
            ps.setString(2, contentDigest);
            ps.setLong(3, evidenceId);
            ps.executeUpdate();
        }
    }

    static List<EntryText> entriesOf(Connection c, String sessionId) throws SQLException {
        List<EntryText> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT id, title, body, trigger FROM recall_entries WHERE source_session_id = ? ORDER BY id")) {
            ps.setString(1, sessionId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new EntryText(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
                }
            }
        }
        return out;
    }

    static void updateEntryText(Connection c, EntryText e, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE recall_entries SET title = ?, body = ?, trigger = ?, updated_at = ? WHERE id = ?")) {
            ps.setString(1, e.title());
            ps.setString(2, e.body());
            ps.setString(3, e.trigger());
            ps.setString(4, Times.format(now));
            ps.setString(5, e.id());
            ps.executeUpdate();
        }
    }

    static boolean markHeldSecrets(Connection c, String sessionId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE sessions SET held_secrets = 1 WHERE id = ? AND held_secrets = 0")) {
            ps.setString(1, sessionId);
            return ps.executeUpdate() == 1;
        }
    }

    static boolean heldSecrets(Connection c, String sessionId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT held_secrets FROM sessions WHERE id = ?")) {
            ps.setString(1, sessionId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getInt(1) == 1;
            }
        }
    }

    /** One audited rewrite. */
    public record Redaction(String target, String sessionId, Integer messageOrdinal, String entryId,
            Long evidenceId, int findings, String oldDigest, String newDigest) {}

    static void record(Connection c, long backfillId, Redaction r, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO secret_redactions (backfill_id, target, session_id, message_ordinal, entry_id,
                                               evidence_id, findings, old_digest, new_digest, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            ps.setLong(1, backfillId);
            ps.setString(2, r.target());
            ps.setString(3, r.sessionId());
            ps.setObject(4, r.messageOrdinal());
            ps.setString(5, r.entryId());
            ps.setObject(6, r.evidenceId());
            ps.setInt(7, r.findings());
            ps.setString(8, r.oldDigest());
            ps.setString(9, r.newDigest());
            ps.setString(10, Times.format(now));
            ps.executeUpdate();
        }
    }

    static java.util.Map<String, Integer> redactions(Connection c, long backfillId) throws SQLException {
        java.util.Map<String, Integer> out = new java.util.TreeMap<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT target, count(*) FROM secret_redactions WHERE backfill_id = ? GROUP BY target")) {
            ps.setLong(1, backfillId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getInt(2));
                }
            }
        }
        return out;
    }
}
