package dev.recall.extract;

import dev.recall.store.Entries;
import dev.recall.store.EntryStatus;
import dev.recall.store.RecallEntry;
import dev.recall.store.ReviewState;
import dev.recall.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/**
 * Applies one reviewer decision: the only path that makes an existing entry human_reviewed. The checks mirror
 * the entry import's: the entry must exist and be an accepted candidate, a replacement must target an accepted
 * entry without a successor, and a rejected entry cannot supersede anything.
 */
final class ReviewApplier {
    /** A decision that cannot be applied: which field, and why. */
    static final class Refusal extends RuntimeException {
        final String field;

        Refusal(String field, String message) {
            super(message);
            this.field = field;
        }
    }

    /** What applying did. */
    enum Outcome { APPLIED, UNCHANGED }

    Outcome apply(Connection c, Review.Decision d, String source, Instant now) throws SQLException {
        RecallEntry e = Entries.get(c, d.entryId()).orElseThrow(() -> new Refusal("id", "no entry '"
                + d.entryId() + "'"));
        if (e.reviewState() == ReviewState.HUMAN_REVIEWED) {
            Optional<String> previous = label(c, e.id());
            if (previous.isPresent() && previous.get().equals(d.label().label()) && d.supersedes() == null) {
                return Outcome.UNCHANGED; // the same file imported again
            }
            throw new Refusal("id", "entry '" + e.id() + "' was already reviewed"
                    + previous.map(l -> " (label " + l + ")").orElse("") + "; a verdict is not overwritten");
        }
        if (e.status() != EntryStatus.ACCEPTED) {
            throw new Refusal("id", "entry '" + e.id() + "' is " + e.status().label()
                    + "; only accepted candidates are reviewed");
        }
        String title = d.title() == null ? e.title() : d.title().strip();
        if (title.isEmpty() || title.length() > Anchoring.MAX_TITLE) {
            throw new Refusal("title", "must be 1 to " + Anchoring.MAX_TITLE + " characters");
        }
        String body = d.body() == null ? e.body() : d.body().strip();
        if (body.length() > 20_000) {
            throw new Refusal("body", "must be at most 20000 characters");
        }
        String trigger = d.trigger() == null ? e.trigger() : blankToNull(d.trigger().value());
        String uncertainty = d.uncertainty() == null ? e.uncertainty() : blankToNull(d.uncertainty().value());
        if (uncertainty == null) {
            uncertainty = d.label().defaultUncertainty();
        }
        boolean reject = d.label() == ReviewLabel.REJECT;
        if (d.supersedes() != null) {
            checkSupersedable(c, e, d, reject);
        }
        RecallEntry reviewed = new RecallEntry(e.id(), e.type(), e.scope(),
                reject ? EntryStatus.ARCHIVED : EntryStatus.ACCEPTED, ReviewState.HUMAN_REVIEWED, title, body,
                trigger, e.confidence(), uncertainty, e.project(), e.cwd(), e.gitBranch(), e.agent(),
                e.sourceSessionId(), e.extractorMethod(),
                d.transferable() == null ? e.transferable() : d.transferable(), e.provenanceOk(),
                e.provenanceReason(), d.supersedes() != null ? d.supersedes() : e.supersedesEntryId(),
                e.supersededByEntryId(), e.createdAt(), now, e.sourceEpisodeId(), e.sourceRunId());
        Entries.applyReview(c, reviewed);
        if (d.supersedes() != null) {
            Entries.markSuperseded(c, d.supersedes(), e.id(), now);
        }
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO recall_review_labels (entry_id, label, source, reviewed_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (entry_id) DO UPDATE SET label = excluded.label, source = excluded.source,
                  reviewed_at = excluded.reviewed_at""")) {
            ps.setString(1, e.id());
            ps.setString(2, d.label().label());
            ps.setString(3, source);
            ps.setString(4, Times.format(now));
            ps.executeUpdate();
        }
        return Outcome.APPLIED;
    }

    private static void checkSupersedable(Connection c, RecallEntry e, Review.Decision d, boolean reject)
            throws SQLException {
        if (reject) {
            throw new Refusal("supersedes", "a rejected entry cannot supersede another");
        }
        if (d.supersedes().equals(e.id())) {
            throw new Refusal("supersedes", "an entry cannot supersede itself");
        }
        RecallEntry target = Entries.get(c, d.supersedes()).orElseThrow(() -> new Refusal("supersedes",
                "entry '" + d.supersedes() + "' does not exist"));
        if (target.status() != EntryStatus.ACCEPTED) {
            throw new Refusal("supersedes", "entry '" + target.id() + "' is " + target.status().label()
                    + ", only an accepted entry can be superseded");
        }
        if (target.supersededByEntryId() != null) {
            throw new Refusal("supersedes", "entry '" + target.id() + "' already has a successor ("
                    + target.supersededByEntryId() + ")");
        }
    }

    static Optional<String> label(Connection c, String entryId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT label FROM recall_review_labels WHERE entry_id = ?")) {
            ps.setString(1, entryId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
