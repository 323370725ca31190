package dev.recall.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The entries extraction generations serve: recall_entries rows stamped with the generation (its fingerprint) that
 * made them. Retiring a generation archives those nobody reviewed; reactivating it serves them again.
 */
public final class ExtractedEntries {
    /** The type and title of an entry a person reviewed. */
    public record Reviewed(EntryType type, String title) {}

    /**
     * A served entry nobody reviewed, with what decides between near-duplicates of different sessions: when its
     * session started and how many messages its evidence spans.
     */
    public record Unreviewed(String id, EntryType type, String project, String title, String sessionId,
            Instant sessionStarted, int evidenceMessages) {}

    private final Database db;

    public ExtractedEntries(Database db) {
        this.db = db;
    }

    /** Writes an entry the active generation serves: the entry, its evidence, and which generation made it. */
    public void insertServed(ProposedEntry p, String fingerprint) {
        db.inTransaction(c -> {
            Entries.insert(c, p.entry());
            for (Evidence ev : p.evidence()) {
                Entries.insertEvidence(c, ev);
            }
            return Rows.update(c, "UPDATE recall_entries SET extraction_fingerprint = ? WHERE id = ?", fingerprint,
                    p.entry().id());
        });
    }

    public long servedCount(String fingerprint) {
        return db.read(c -> Rows.count(c, "SELECT count(*) FROM recall_entries WHERE extraction_fingerprint = ?"
                + " AND status = 'accepted'", fingerprint));
    }

    /** Archives the generation's accepted entries nobody reviewed; reviewed ones stay, a person vouched for them. */
    public int archiveUnreviewed(String fingerprint, Instant now) {
        return db.inTransaction(c -> Rows.update(c, """
                UPDATE recall_entries SET status = 'archived', updated_at = ?
                WHERE extraction_fingerprint = ? AND status = 'accepted'
                  AND review_state IN ('unreviewed_auto', '')""", Times.format(now), fingerprint));
    }

    /** Serves again what {@link #archiveUnreviewed} archived (not what a reviewer rejected or a successor replaced). */
    public int restoreUnreviewed(String fingerprint, Instant now) {
        return db.inTransaction(c -> Rows.update(c, """
                UPDATE recall_entries SET status = 'accepted', updated_at = ?
                WHERE extraction_fingerprint = ? AND status = 'archived' AND superseded_by_entry_id IS NULL
                  AND review_state IN ('unreviewed_auto', '')""", Times.format(now), fingerprint));
    }

    /**
     * Stops serving what extraction made from sessions that were trashed, marked automated or found to hold
     * secrets since: their accepted entries that nobody reviewed are archived (trashing already revoked their
     * provenance, so they were no longer trusted, but they were still listed and searched). Reviewed entries stay,
     * as on retirement: a person vouched for them. Returns how many were archived.
     */
    public int withdrawFromHiddenSessions(Instant now) {
        return db.inTransaction(c -> Rows.update(c, """
                UPDATE recall_entries SET status = 'archived', updated_at = ?
                WHERE extraction_fingerprint IS NOT NULL AND status = 'accepted'
                  AND review_state IN ('unreviewed_auto', '')
                  AND source_session_id IN (SELECT id FROM sessions
                                            WHERE trashed = 1 OR automated = 1 OR held_secrets = 1)""",
                Times.format(now)));
    }

    /** The generation's served entries nobody reviewed and nothing superseded, by project, type and id. */
    public List<Unreviewed> unreviewedServed(String fingerprint) {
        return db.read(c -> {
            List<Unreviewed> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT e.id, e.type, coalesce(e.project, ''), e.title, e.source_session_id,
                           coalesce(s.started_at, s.created_at),
                           (SELECT coalesce(sum(v.end_ordinal - v.start_ordinal + 1), 0) FROM recall_evidence v
                            WHERE v.entry_id = e.id)
                    FROM recall_entries e JOIN sessions s ON s.id = e.source_session_id
                    WHERE e.extraction_fingerprint = ? AND e.status = 'accepted'
                      AND e.review_state IN ('unreviewed_auto', '') AND e.superseded_by_entry_id IS NULL
                    ORDER BY 3, 2, 1""")) {
                ps.setString(1, fingerprint);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Unreviewed(rs.getString(1), Labelled.stored(EntryType.class, "type",
                                rs.getString(2)), rs.getString(3), rs.getString(4), rs.getString(5),
                                Times.parse(rs.getString(6)), rs.getInt(7)));
                    }
                }
            }
            return out;
        });
    }

    /**
     * Records that {@code winnerId} supersedes {@code loserId}, two unreviewed extracted entries of different
     * sessions saying the same thing: the loser is archived with a link to its successor and keeps its evidence
     * (evidence belongs to its entry's session), the winner links back to it. A reviewed entry is never touched:
     * a person vouched for it.
     */
    public void supersedeUnreviewed(String loserId, String winnerId, Instant now) {
        db.inTransaction(c -> {
            long unreviewed = Rows.count(c, "SELECT count(*) FROM recall_entries WHERE id IN (?, ?)"
                    + " AND review_state IN ('unreviewed_auto', '')", loserId, winnerId);
            if (unreviewed != 2) {
                throw new StoreException("entries " + loserId + " and " + winnerId + " are not both unreviewed");
            }
            Entries.markSuperseded(c, loserId, winnerId, now);
            return Rows.update(c, "UPDATE recall_entries SET supersedes_entry_id = ?, updated_at = ?"
                    + " WHERE id = ? AND supersedes_entry_id IS NULL", loserId, Times.format(now), winnerId);
        });
    }

    /** Type and title of the session's human-reviewed entries. */
    public List<Reviewed> reviewed(String sessionId) {
        return db.read(c -> {
            List<Reviewed> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT type, title FROM recall_entries"
                    + " WHERE source_session_id = ? AND review_state = 'human_reviewed'")) {
                ps.setString(1, sessionId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Reviewed(Labelled.stored(EntryType.class, "type", rs.getString(1)), rs.getString(2)));
                    }
                }
            }
            return out;
        });
    }
}
