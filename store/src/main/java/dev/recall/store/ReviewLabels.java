package dev.recall.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Optional;

/** The reviewer's label of each reviewed entry (V3): the latest one counts. */
public final class ReviewLabels {
    private final Database db;

    /** A recorded verdict: which label, from where (a file and line, the interactive review, the page), when. */
    public record Record(String label, String source, Instant reviewedAt) {}

    public ReviewLabels(Database db) {
        this.db = db;
    }

    public Optional<String> get(String entryId) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT label FROM recall_review_labels WHERE entry_id = ?")) {
                ps.setString(1, entryId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    public Optional<Record> record(String entryId) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT label, source, reviewed_at FROM recall_review_labels WHERE entry_id = ?")) {
                ps.setString(1, entryId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new Record(rs.getString(1), rs.getString(2),
                            Times.parse(rs.getString(3)))) : Optional.empty();
                }
            }
        });
    }

    /** Records a label and where it came from (a review file and line, or the interactive review). */
    public void put(String entryId, String label, String source, Instant now) {
        db.inTransaction(c -> Rows.update(c, """
                INSERT INTO recall_review_labels (entry_id, label, source, reviewed_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (entry_id) DO UPDATE SET label = excluded.label, source = excluded.source,
                  reviewed_at = excluded.reviewed_at""", entryId, label, source, Times.format(now)));
    }
}
