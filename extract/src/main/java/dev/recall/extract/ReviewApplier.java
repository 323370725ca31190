package dev.recall.extract;

import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.EntryStatus;
import dev.recall.store.RecallEntry;
import dev.recall.store.ReviewLabels;
import dev.recall.store.ReviewState;
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

    private final Entries entries;
    private final ReviewLabels labels;

    ReviewApplier(Database db) {
        this.entries = new Entries(db);
        this.labels = new ReviewLabels(db);
    }

    /** Applies a decision; the caller owns the transaction. */
    Outcome apply(Review.Decision d, String source, Instant now) {
        RecallEntry e = entries.get(d.entryId()).orElseThrow(() -> new Refusal("id", "no entry '"
                + d.entryId() + "'"));
        if (e.reviewState() == ReviewState.HUMAN_REVIEWED) {
            Optional<String> previous = labels.get(e.id());
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
            checkSupersedable(e, d, reject);
        }
        RecallEntry reviewed = new RecallEntry(e.id(), e.type(), e.scope(),
                reject ? EntryStatus.ARCHIVED : EntryStatus.ACCEPTED, ReviewState.HUMAN_REVIEWED, title, body,
                trigger, e.confidence(), uncertainty, e.project(), e.cwd(), e.gitBranch(), e.agent(),
                e.sourceSessionId(), e.extractorMethod(),
                d.transferable() == null ? e.transferable() : d.transferable(), e.provenanceOk(),
                e.provenanceReason(), d.supersedes() != null ? d.supersedes() : e.supersedesEntryId(),
                e.supersededByEntryId(), e.createdAt(), now);
        entries.applyReview(reviewed);
        if (d.supersedes() != null) {
            entries.markSuperseded(d.supersedes(), e.id(), now);
        }
        labels.put(e.id(), d.label().label(), source, now);
        return Outcome.APPLIED;
    }

    private void checkSupersedable(RecallEntry e, Review.Decision d, boolean reject) {
        if (reject) {
            throw new Refusal("supersedes", "a rejected entry cannot supersede another");
        }
        if (d.supersedes().equals(e.id())) {
            throw new Refusal("supersedes", "an entry cannot supersede itself");
        }
        RecallEntry target = entries.get(d.supersedes()).orElseThrow(() -> new Refusal("supersedes",
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

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
