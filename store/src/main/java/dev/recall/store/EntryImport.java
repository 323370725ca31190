package dev.recall.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
    private final ObjectMapper json =
            new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private final Redactor redactor;

    /** Title, body, trigger, uncertainty and evidence snippets pass through {@code redactor} before anything else. */
    public EntryImport(Database db, Redactor redactor) {
        this.db = db;
        this.redactor = redactor;
    }

    public Report run(Path file, Options options, boolean write) {
        List<String> lines = readLines(file);
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

    static List<String> readLines(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new StoreException("import file " + file + " does not exist or is not a regular file");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new StoreException("cannot read import file " + file + ": " + e.getMessage(), e);
        }
        // Decoded line by line, strictly, so that bad bytes are reported where they are.
        List<String> lines = new ArrayList<>();
        var decoder = StandardCharsets.UTF_8.newDecoder();
        int start = 0;
        for (int i = 0; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == '\n') {
                if (i == bytes.length && start == i) {
                    break;
                }
                int end = i > start && bytes[i - 1] == '\r' ? i - 1 : i;
                try {
                    lines.add(decoder.decode(java.nio.ByteBuffer.wrap(bytes, start, end - start)).toString());
                } catch (CharacterCodingException e) {
                    throw new RecallException(RecallException.Kind.REJECTED, "import file " + file
                            + " is not valid UTF-8 at line " + (lines.size() + 1) + "; nothing was written");
                }
                start = i + 1;
            }
        }
        return lines;
    }

    private Report importLines(Connection c, Path file, List<String> lines, Options options) throws SQLException {
        List<Rejection> rejected = new ArrayList<>();
        Map<String, Integer> seenIds = new HashMap<>();
        Set<String> placeholders = new HashSet<>();
        List<String> insertedIds = new ArrayList<>();
        int inserted = 0;
        int skipped = 0;
        int superseded = 0;
        int evidence = 0;
        int count = 0;
        Instant now = Instant.now();
        for (int i = 0; i < lines.size(); i++) {
            int lineNo = i + 1;
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            count++;
            try {
                JsonNode node = parse(line);
                // redacted first: a snippet is then compared with the archive's (redacted) text as it is stored
                ParsedEntry parsed = ParsedEntry.from(node).redacted(redactor);
                Integer earlier = seenIds.putIfAbsent(parsed.id(), lineNo);
                if (earlier != null) {
                    throw new JsonFields.FieldException("id", "duplicate id '" + parsed.id() + "' (first on line "
                            + earlier + ")");
                }
                if (Entries.get(c, parsed.id()).isPresent()) {
                    skipped++;
                    continue;
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
            } catch (JsonFields.FieldException e) {
                rejected.add(new Rejection(lineNo, e.field, e.getMessage()));
            } catch (SQLException | StoreException e) {
                rejected.add(new Rejection(lineNo, null, e.getMessage()));
            }
        }
        return new Report(file, count, inserted, skipped, superseded, evidence, placeholders.size(),
                List.copyOf(rejected), false, List.copyOf(insertedIds));
    }

    private JsonNode parse(String line) {
        JsonNode node;
        try {
            node = json.readTree(line);
        } catch (JsonProcessingException e) {
            throw new JsonFields.FieldException("", "malformed JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw new JsonFields.FieldException("", "each line must be a JSON object");
        }
        return node;
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
