package dev.recall.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Imports recall entries from JSONL, one entry a line. The whole file is one transaction: a single bad line
 * rejects the file and nothing is written. A dry run does all the same work and rolls it back.
 */
public final class EntryImport {
    static final Set<String> FIELDS = Set.of("id", "type", "scope", "status", "title", "body", "trigger",
            "confidence", "uncertainty", "project", "cwd", "git_branch", "agent", "source_session_id",
            "extractor_method", "transferable", "created_at", "updated_at", "evidence", "supersedes",
            "source_episode_id", "source_run_id");
    static final Set<String> HOST_FIELDS = Set.of("review_state", "provenance_ok", "provenance_reason",
            "content_digest", "superseded_by_entry_id", "supersedes_entry_id");
    static final Set<String> EVIDENCE_FIELDS = Set.of("start_ordinal", "end_ordinal", "snippet", "tool_use_id",
            "start_source_uuid", "end_source_uuid");
    static final Set<String> EVIDENCE_HOST_FIELDS = Set.of("content_digest", "session_id", "entry_id");
    static final String PLACEHOLDER_REASON = "placeholder_session";

    /** How to import: --reviewed marks entries human_reviewed; placeholders stand in for unknown sessions. */
    public record Options(boolean reviewed, boolean allowPlaceholderSessions) {}

    /** One rejected line: where, which field, why. */
    public record Rejection(int line, String field, String reason) {
        public String describe() {
            return "line " + line + (field == null ? "" : ", field " + field) + ": " + reason;
        }
    }

    /** What an import did, or (dry run, or rejected) would have done. */
    public record Report(
            Path file,
            int lines,
            int inserted,
            int skippedExisting,
            int superseded,
            int evidence,
            int placeholderSessions,
            List<Rejection> rejected,
            boolean written,
            List<String> insertedIds) {

        public boolean ok() {
            return rejected.isEmpty();
        }
    }

    private static final class Rollback extends RuntimeException {
        final Report report;

        Rollback(Report report) {
            super(null, null, false, false);
            this.report = report;
        }
    }

    private final Database db;
    private final Redactor redactor;

    /** Title, body, trigger, uncertainty and evidence snippets pass through {@code redactor} before anything else. */
    public EntryImport(Database db, Redactor redactor) {
        this.db = db;
        this.redactor = redactor;
    }

    public Report run(Path file, Options options, boolean write) {
        List<String> lines = JsonLine.lines(file, "import file");
        try {
            return db.inTransaction(c -> {
                Report report = importLines(c, file, lines, options);
                boolean commit = write && report.ok();
                Report finalReport = new Report(file, report.lines(), report.inserted(), report.skippedExisting(),
                        report.superseded(), report.evidence(), report.placeholderSessions(), report.rejected(),
                        commit, report.insertedIds());
                if (!commit) {
                    throw new Rollback(finalReport);
                }
                return finalReport;
            });
        } catch (Rollback r) {
            return r.report;
        }
    }

    /** A line that parsed, waiting its turn: a replacement is inserted after the entry it supersedes. */
    private record Pending(int line, ParsedEntry entry) {}

    private Report importLines(Connection c, Path file, List<String> lines, Options options) throws SQLException {
        Map<Integer, Rejection> rejected = new TreeMap<>();
        Map<String, Pending> byId = new LinkedHashMap<>();
        Map<String, Integer> refused = new HashMap<>(); // id -> line, of lines rejected before their turn
        int count = 0;
        for (int i = 0; i < lines.size(); i++) {
            int lineNo = i + 1;
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            count++;
            ObjectNode node = null;
            try {
                node = JsonLine.object(line);
                // redacted first: a snippet is then compared with the archive's (redacted) text as it is stored
                ParsedEntry parsed = ParsedEntry.from(node).redacted(redactor);
                Pending earlier = byId.putIfAbsent(parsed.id(), new Pending(lineNo, parsed));
                if (earlier != null) {
                    throw new JsonFields.FieldException("id", "duplicate id '" + parsed.id() + "' (first on line "
                            + earlier.line() + ")");
                }
            } catch (JsonLine.Malformed e) {
                rejected.put(lineNo, new Rejection(lineNo, null, e.describe()));
            } catch (JsonFields.FieldException e) {
                rejected.put(lineNo, new Rejection(lineNo, e.field, e.getMessage()));
                if (node != null && node.path("id").isTextual() && !byId.containsKey(node.path("id").asText())) {
                    refused.putIfAbsent(node.path("id").asText(), lineNo);
                }
            }
        }
        rejectCycles(byId, rejected);
        byId.values().forEach(p -> {
            if (rejected.containsKey(p.line())) {
                refused.putIfAbsent(p.entry().id(), p.line());
            }
        });

        Run run = new Run(c, byId, refused, rejected, options, Instant.now());
        for (Pending p : byId.values()) {
            run.insertAfterTarget(p);
        }
        return new Report(file, count, run.inserted, run.skipped, run.superseded, run.evidence,
                run.placeholders.size(), List.copyOf(rejected.values()), false, List.copyOf(run.insertedIds));
    }

    /**
     * A chain of replacements that comes back to where it started has no first entry: every line of it is rejected
     * naming the chain, instead of each saying that the other does not exist.
     */
    private static void rejectCycles(Map<String, Pending> byId, Map<Integer, Rejection> rejected) {
        Set<String> cleared = new HashSet<>();
        for (String start : byId.keySet()) {
            List<String> path = new ArrayList<>();
            String at = start;
            while (at != null && byId.containsKey(at) && !cleared.contains(at) && !path.contains(at)) {
                path.add(at);
                at = byId.get(at).entry().supersedes();
            }
            if (at != null && path.contains(at)) {
                List<String> cycle = new ArrayList<>(path.subList(path.indexOf(at), path.size()));
                String lines = cycle.stream().map(id -> byId.get(id).line()).sorted().map(String::valueOf)
                        .collect(Collectors.joining(", "));
                cycle.add(at);
                String reason = "supersedes cycle " + String.join(" -> ", cycle) + " (lines " + lines + "): each"
                        + " entry would replace its own replacement; remove one of the supersedes links";
                for (String id : cycle) {
                    int line = byId.get(id).line();
                    rejected.putIfAbsent(line, new Rejection(line, "supersedes", reason));
                }
            }
            cleared.addAll(path);
        }
    }

    /** One import's inserts and tallies; an entry of the file that another supersedes goes in first. */
    private final class Run {
        final Connection c;
        final Map<String, Pending> byId;
        final Map<String, Integer> refused;
        final Map<Integer, Rejection> rejected;
        final Options options;
        final Instant now;
        final Set<String> done = new HashSet<>();
        final Set<String> placeholders = new HashSet<>();
        final List<String> insertedIds = new ArrayList<>();
        int inserted;
        int skipped;
        int superseded;
        int evidence;

        Run(Connection c, Map<String, Pending> byId, Map<String, Integer> refused, Map<Integer, Rejection> rejected,
                Options options, Instant now) {
            this.c = c;
            this.byId = byId;
            this.refused = refused;
            this.rejected = rejected;
            this.options = options;
            this.now = now;
        }

        void insertAfterTarget(Pending p) throws SQLException {
            if (!done.add(p.entry().id()) || rejected.containsKey(p.line())) {
                return;
            }
            ParsedEntry parsed = p.entry();
            Pending target = parsed.supersedes() == null ? null : byId.get(parsed.supersedes());
            if (target != null) {
                insertAfterTarget(target); // no cycle reaches here: rejectCycles rejected them all
            }
            try {
                Integer refusedAt = parsed.supersedes() == null ? null : refused.get(parsed.supersedes());
                if (refusedAt == null && target != null && rejected.containsKey(target.line())) {
                    refusedAt = target.line();
                }
                if (refusedAt != null) {
                    throw new JsonFields.FieldException("supersedes", "entry '" + parsed.supersedes() + "' (line "
                            + refusedAt + ") was rejected");
                }
                insert(parsed);
            } catch (JsonFields.FieldException e) {
                rejected.put(p.line(), new Rejection(p.line(), e.field, e.getMessage()));
            } catch (SQLException | StoreException e) {
                rejected.put(p.line(), new Rejection(p.line(), null, e.getMessage()));
            }
        }

        private void insert(ParsedEntry parsed) throws SQLException {
            if (Entries.get(c, parsed.id()).isPresent()) {
                skipped++;
                return;
            }
            Session session = resolveSession(c, parsed, options, placeholders);
            List<Evidence> anchors = anchor(c, parsed, session);
            boolean placeholder = Session.PLACEHOLDER.equals(session.sourceKind());
            RecallEntry entry = parsed.toEntry(session, options.reviewed(), !placeholder,
                    placeholder ? PLACEHOLDER_REASON : null, now);
            if (parsed.supersedes() != null) {
                checkSupersedable(c, parsed, entry);
            }
            // A savepoint keeps a failing line from leaving half of itself behind in a dry-run report.
            try (var sp = new Savepoint(c)) {
                Entries.insert(c, entry);
                for (Evidence ev : anchors) {
                    Entries.insertEvidence(c, ev);
                }
                if (parsed.supersedes() != null) {
                    Entries.markSuperseded(c, parsed.supersedes(), entry.id(), now);
                    superseded++;
                }
                sp.release();
            }
            inserted++;
            evidence += anchors.size();
            insertedIds.add(entry.id());
        }
    }

    private Session resolveSession(Connection c, ParsedEntry parsed, Options options, Set<String> placeholders)
            throws SQLException {
        var existing = Sessions.get(c, parsed.sourceSessionId());
        if (existing.isPresent()) {
            return existing.get();
        }
        if (!options.allowPlaceholderSessions()) {
            throw new JsonFields.FieldException("source_session_id", "session '" + parsed.sourceSessionId()
                    + "' does not exist (import or sync it first, or allow placeholder sessions)");
        }
        Session placeholder = new Session(parsed.sourceSessionId(), parsed.agentOr("unknown"), parsed.project(),
                parsed.cwd(), parsed.gitBranch(), null, null, Session.PLACEHOLDER, null, 0);
        Sessions.insert(c, placeholder);
        placeholders.add(placeholder.id());
        return placeholder;
    }

    private static List<Evidence> anchor(Connection c, ParsedEntry parsed, Session session) throws SQLException {
        List<Evidence> out = new ArrayList<>();
        boolean placeholder = Session.PLACEHOLDER.equals(session.sourceKind());
        for (int i = 0; i < parsed.evidence().size(); i++) {
            ParsedEntry.Anchor a = parsed.evidence().get(i);
            String field = "evidence[" + i + "]";
            if (a.snippet() != null && a.snippet().isBlank()) {
                // Every message contains the empty string: such a snippet would "anchor" anything.
                throw new JsonFields.FieldException(field + ".snippet", "is empty; quote text from the messages"
                        + " or leave the snippet out");
            }
            if (placeholder) {
                out.add(new Evidence(0, parsed.id(), session.id(), a.start(), a.end(), a.startUuid(), a.endUuid(),
                        a.toolUseId(), a.snippet(), null));
                continue;
            }
            List<Message> messages = Sessions.messages(c, session.id(), a.start(), a.end());
            if (messages.size() != a.end() - a.start() + 1) {
                throw new JsonFields.FieldException(field + ".end_ordinal", "session " + session.id()
                        + " has no messages " + a.start() + ".." + a.end() + " (it has "
                        + Sessions.messages(c, session.id(), 0, Integer.MAX_VALUE).size() + " messages)");
            }
            Message first = messages.getFirst();
            Message last = messages.getLast();
            if (a.startUuid() != null && !a.startUuid().equals(first.sourceUuid())) {
                throw new JsonFields.FieldException(field + ".start_source_uuid", "does not match message "
                        + a.start() + " of session " + session.id());
            }
            if (a.endUuid() != null && !a.endUuid().equals(last.sourceUuid())) {
                throw new JsonFields.FieldException(field + ".end_source_uuid", "does not match message "
                        + a.end() + " of session " + session.id());
            }
            if (a.snippet() != null && messages.stream().noneMatch(m -> m.text().contains(a.snippet()))) {
                throw new JsonFields.FieldException(field + ".snippet", "does not occur in messages " + a.start()
                        + ".." + a.end() + " of session " + session.id());
            }
            out.add(new Evidence(0, parsed.id(), session.id(), a.start(), a.end(), first.sourceUuid(),
                    last.sourceUuid(), a.toolUseId(), a.snippet(), Digests.anchor(messages)));
        }
        return out;
    }

    private static void checkSupersedable(Connection c, ParsedEntry parsed, RecallEntry entry) throws SQLException {
        var target = Entries.get(c, parsed.supersedes());
        if (target.isEmpty()) {
            throw new JsonFields.FieldException("supersedes", "entry '" + parsed.supersedes() + "' does not exist");
        }
        if (target.get().status() != EntryStatus.ACCEPTED) {
            throw new JsonFields.FieldException("supersedes", "entry '" + parsed.supersedes() + "' is "
                    + target.get().status().label() + ", only an accepted entry can be superseded");
        }
        if (target.get().supersededByEntryId() != null) {
            throw new JsonFields.FieldException("supersedes", "entry '" + parsed.supersedes()
                    + "' already has a successor (" + target.get().supersededByEntryId() + ")");
        }
        if (entry.status() != EntryStatus.ACCEPTED) {
            throw new JsonFields.FieldException("status", "a replacement (supersedes) must be accepted");
        }
        // Archiving is how a replacement hides its target from every trusted answer: an entry nobody can trace to
        // a real session must not be able to do that to one that can.
        if (!entry.provenanceOk() && target.get().provenanceOk()) {
            throw new JsonFields.FieldException("supersedes", "entry '" + parsed.supersedes() + "' has valid"
                    + " provenance and this entry has none (" + entry.provenanceReason() + "); an entry without"
                    + " provenance may only supersede another unverified entry");
        }
    }

    /** A SQLite savepoint: rolled back on close unless released. */
    private static final class Savepoint implements AutoCloseable {
        private final Connection c;
        private boolean released;

        Savepoint(Connection c) throws SQLException {
            this.c = c;
            try (var st = c.createStatement()) {
                st.execute("SAVEPOINT import_line");
            }
        }

        void release() throws SQLException {
            try (var st = c.createStatement()) {
                st.execute("RELEASE import_line");
            }
            released = true;
        }

        @Override
        public void close() throws SQLException {
            if (!released) {
                try (var st = c.createStatement()) {
                    st.execute("ROLLBACK TO import_line");
                    st.execute("RELEASE import_line");
                }
            }
        }
    }
}
