package dev.recall.extract;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.JsonLine;
import dev.recall.store.RecallEntry;
import dev.recall.store.RecallException;
import dev.recall.store.StoreException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Imports a reviewed file with the rules of the entry import: the file is one transaction, every bad line is
 * reported with its line and field, and if any line is bad nothing is written. A dry run does the same work and
 * rolls it back. Host-controlled fields are rejected, unknown fields are rejected, ids may not repeat.
 */
final class ReviewImport {
    private final Database db;
    private final ReviewLines lines;
    private final ReviewApplier applier;
    private final Entries entries;
    private final Clock clock;
    private final ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    ReviewImport(Database db, ReviewLines lines, Clock clock) {
        this.db = db;
        this.lines = lines;
        this.clock = clock;
        this.applier = new ReviewApplier(db);
        this.entries = new Entries(db);
    }

    private static final class Rollback extends RuntimeException {
        final Review.ImportReport report;

        Rollback(Review.ImportReport report) {
            super(null, null, false, false);
            this.report = report;
        }
    }

    Review.ImportReport run(Path file, boolean write) {
        List<String> text = JsonLine.lines(file, "review file");
        try {
            return db.transaction(() -> {
                Review.ImportReport r = importLines(file, text);
                boolean commit = write && r.rejected().isEmpty();
                Review.ImportReport done = new Review.ImportReport(file, r.lines(), r.applied(), r.unchanged(),
                        r.superseded(), r.labels(), r.rejected(), commit);
                if (!commit) {
                    throw new Rollback(done);
                }
                return done;
            });
        } catch (Rollback r) {
            return r.report;
        }
    }

    private Review.ImportReport importLines(Path file, List<String> text) {
        List<Review.Rejection> rejected = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        Map<String, Integer> labels = new TreeMap<>();
        int count = 0;
        int applied = 0;
        int unchanged = 0;
        int superseded = 0;
        Instant now = clock.instant();
        for (int i = 0; i < text.size(); i++) {
            if (text.get(i).isBlank()) {
                continue;
            }
            int lineNo = i + 1;
            count++;
            try {
                JsonNode node = parse(text.get(i));
                Review.Decision d = decision(node);
                Integer earlier = seen.putIfAbsent(d.entryId(), lineNo);
                if (earlier != null) {
                    throw new ReviewApplier.Refusal("id", "duplicate id '" + d.entryId() + "' (first on line "
                            + earlier + ")");
                }
                // A savepoint: a refused line leaves nothing of itself behind, even in a dry run.
                ReviewApplier.Outcome o = db.savepoint(() -> applier.apply(d, file.getFileName() + ":" + lineNo,
                        now));
                if (o == ReviewApplier.Outcome.UNCHANGED) {
                    unchanged++;
                    continue;
                }
                applied++;
                labels.merge(d.label().label(), 1, Integer::sum);
                if (d.supersedes() != null) {
                    superseded++;
                }
            } catch (ReviewApplier.Refusal e) {
                rejected.add(new Review.Rejection(lineNo, e.field, e.getMessage()));
            } catch (StoreException e) {
                rejected.add(new Review.Rejection(lineNo, null, e.getMessage()));
            }
        }
        return new Review.ImportReport(file, count, applied, unchanged, superseded, labels, List.copyOf(rejected),
                false);
    }

    private static JsonNode parse(String line) {
        try {
            return JsonLine.object(line);
        } catch (JsonLine.Malformed e) {
            throw new ReviewApplier.Refusal(null, e.describe());
        }
    }

    /** Reads a line into a decision; read-only context must still match the stored entry. */
    private Review.Decision decision(JsonNode node) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (ReviewLines.HOST.contains(f)) {
                throw new ReviewApplier.Refusal(f, "is host-controlled and may not be imported");
            }
            if (!f.equals("id") && !ReviewLines.EDITABLE.contains(f) && !ReviewLines.READ_ONLY.contains(f)) {
                throw new ReviewApplier.Refusal(f, "unknown field");
            }
        }
        String id = text(node, "id");
        if (id == null || id.isBlank()) {
            throw new ReviewApplier.Refusal("id", "is required");
        }
        String label = text(node, "label");
        if (label == null) {
            throw new ReviewApplier.Refusal("label", "is required (correct, useful_but_uncertain, genuine_tradeoff,"
                    + " reject)");
        }
        ReviewLabel parsed;
        try {
            parsed = ReviewLabel.parse(label);
        } catch (RecallException e) {
            throw new ReviewApplier.Refusal("label", e.problem());
        }
        RecallEntry stored = entries.get(id).orElseThrow(() -> new ReviewApplier.Refusal("id", "no entry '"
                + id + "'"));
        ObjectNode expected = lines.context(json.createObjectNode(), stored, entries.evidence(id));
        for (String f : ReviewLines.READ_ONLY) {
            if (node.has(f) && !node.get(f).equals(expected.get(f))) {
                throw new ReviewApplier.Refusal(f, "is read-only and does not match entry '" + id
                        + "' (edit only label, transferable, title, body, trigger, uncertainty, supersedes)");
            }
        }
        JsonNode transferable = node.get("transferable");
        if (transferable != null && !transferable.isNull() && !transferable.isBoolean()) {
            throw new ReviewApplier.Refusal("transferable", "must be true or false");
        }
        return new Review.Decision(id, parsed,
                transferable == null || transferable.isNull() ? null : transferable.booleanValue(),
                changed(node, "title", stored.title()), changed(node, "body", stored.body()),
                change(node, "trigger"), change(node, "uncertainty"), text(node, "supersedes"));
    }

    /** An edit of a required text field; absent or unchanged means keep. */
    private static String changed(JsonNode node, String field, String current) {
        if (!node.has(field)) {
            return null;
        }
        String v = text(node, field);
        if (v == null) {
            throw new ReviewApplier.Refusal(field, "may not be null (delete the field to keep it)");
        }
        return v.equals(current) ? null : v;
    }

    /** An edit of an optional text field: absent means keep, null or "" clears. */
    private static Review.Change<String> change(JsonNode node, String field) {
        return node.has(field) ? new Review.Change<>(text(node, field)) : null;
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new ReviewApplier.Refusal(field, "must be a string, not " + v.getNodeType().name().toLowerCase());
        }
        return v.asText();
    }
}
