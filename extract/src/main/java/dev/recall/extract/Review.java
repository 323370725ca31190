package dev.recall.extract;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.RecallException;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.Evidence;
import dev.recall.store.Message;
import dev.recall.store.RecallEntry;
import dev.recall.store.ReviewState;
import dev.recall.store.Sessions;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Human review of candidate entries (accepted, unreviewed_auto): export them as JSONL with their evidence,
 * import the labelled file back, or decide one at a time. This is the only path that makes an existing entry
 * human_reviewed; a rejected entry is archived.
 */
public final class Review {
    /** Which candidates: a project, a session, at most limit of them (oldest session first, then id). */
    public record Selection(String project, String sessionId, int limit) {
        public static Selection all() {
            return new Selection(null, null, Integer.MAX_VALUE);
        }
    }

    /** A candidate with its evidence and the anchored messages, for a reviewer to judge. */
    public record Item(RecallEntry entry, List<Evidence> evidence, List<Message> messages) {}

    /** An edit of an optional field: a present Change with null clears it; no Change keeps it. */
    public record Change<T>(T value) {}

    /**
     * A reviewer's verdict with optional edits; null fields are kept as they are. supersedes names an accepted
     * entry this one replaces.
     */
    public record Decision(String entryId, ReviewLabel label, Boolean transferable, String title, String body,
            Change<String> trigger, Change<String> uncertainty, String supersedes) {
        public static Decision of(String entryId, ReviewLabel label) {
            return new Decision(entryId, label, null, null, null, null, null, null);
        }
    }

    /** One refused line of a review file. */
    public record Rejection(int line, String field, String reason) {
        /** A reason is one line: a value it echoes from the file (an id with a line break in it) is shown escaped. */
        public Rejection {
            reason = reason == null ? null : reason.replace("\r", "\\r").replace("\n", "\\n");
        }

        public String describe() {
            return "line " + line + (field == null || field.isEmpty() ? "" : ", field " + field) + ": " + reason;
        }
    }

    /** What an import did, or (dry run, or refused) would have done. */
    public record ImportReport(Path file, int lines, int applied, int unchanged, int superseded,
            Map<String, Integer> labels, List<Rejection> rejected, boolean written) {
        public boolean ok() {
            return rejected.isEmpty();
        }
    }

    private final Database db;
    private final Clock clock;
    private final Entries entries;
    private final Sessions sessions;
    private final ObjectMapper json = new ObjectMapper();
    private final ReviewLines lines;

    public Review(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
        this.entries = new Entries(db);
        this.sessions = new Sessions(db);
        this.lines = new ReviewLines(json, sessions::messages);
    }

    /** The candidates, oldest session first: the order a reviewer reads a project's history in. */
    public List<RecallEntry> candidates(Selection s) {
        EntryFilter filter = EntryFilter.builder().project(s.project()).status(EntryStatus.ACCEPTED)
                .reviewState(ReviewState.UNREVIEWED_AUTO).build();
        List<RecallEntry> out = new ArrayList<>(entries.list(filter, Integer.MAX_VALUE));
        if (s.sessionId() != null) {
            out.removeIf(e -> !e.sourceSessionId().equals(s.sessionId()));
        }
        out.sort(Comparator.comparing(RecallEntry::sourceSessionId).thenComparing(RecallEntry::id));
        return out.size() > s.limit() ? List.copyOf(out.subList(0, s.limit())) : out;
    }

    /** Writes one JSONL line per candidate; returns how many. */
    public int export(Writer out, Selection s) throws IOException {
        List<RecallEntry> list = candidates(s);
        Map<String, List<Evidence>> evidence = entries.evidence(list.stream().map(RecallEntry::id).toList());
        for (RecallEntry e : list) {
            out.write(json.writeValueAsString(lines.line(e, evidence.getOrDefault(e.id(), List.of()))));
            out.write('\n');
        }
        out.flush();
        return list.size();
    }

    /** Applies a reviewed file in one transaction; with write false (a dry run) nothing is kept. */
    public ImportReport importFile(Path file, boolean write) {
        return new ReviewImport(db, lines, clock).run(file, write);
    }

    /** One candidate with its evidence and the messages it anchors to, for the interactive review. */
    public Item item(String entryId) {
        RecallEntry e = entries.get(entryId).orElseThrow(() -> new ExtractException(ExtractException.Kind.NOT_FOUND,
                "no entry '" + entryId + "'"));
        List<Evidence> ev = entries.evidence(entryId);
        List<Message> messages = new ArrayList<>();
        for (Evidence a : ev) {
            messages.addAll(sessions.messages(a.sessionId(), a.startOrdinal(), Math.min(a.endOrdinal(),
                    a.startOrdinal() + 4)));
        }
        return new Item(e, ev, messages);
    }

    /**
     * Applies one decision in its own transaction (the interactive review). A refused decision is a REJECTED
     * RecallException naming the field (in its message and as detail "field"), and nothing is written.
     */
    public void apply(Decision d, String source) {
        try {
            db.transaction(() -> new ReviewApplier(db).apply(d, source, clock.instant()));
        } catch (ReviewApplier.Refusal r) {
            throw new RecallException(RecallException.Kind.REJECTED, (r.field.isEmpty() ? "" : r.field + ": ")
                    + r.getMessage(), RecallException.Remedy.NONE, Map.of("field", r.field));
        }
    }
}
