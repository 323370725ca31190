package dev.recall.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Imports sessions with their messages from an archive JSONL file (one session a line), in one transaction.
 * Existing sessions are skipped: the archive is never rewritten by an import. Message text and tool input pass
 * through the redactor before they are written, and its findings are recorded, as for a synced transcript.
 */
public final class SessionArchiveImport {
    private static final Set<String> FIELDS = Set.of("id", "agent", "project", "cwd", "git_branch", "started_at",
            "ended_at", "messages");
    private static final Set<String> MESSAGE_FIELDS = Set.of("ordinal", "role", "text", "uuid", "timestamp",
            "tool_name", "tool_input");
    private static final Set<String> ROLES = Set.of("user", "assistant", "tool", "system");

    /** What the import did. */
    public record Report(int sessions, int skippedExisting, int messages, int secretsRedacted) {}

    private final Database db;
    private final Redactor redactor;

    public SessionArchiveImport(Database db, Redactor redactor) {
        this.db = db;
        this.redactor = redactor;
    }

    public Report run(Path file) {
        List<String> lines = JsonLine.lines(file, "import file");
        return db.inTransaction(c -> {
            int sessions = 0;
            int skipped = 0;
            int messages = 0;
            int redacted = 0;
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).isBlank()) {
                    continue;
                }
                int lineNo = i + 1;
                try {
                    JsonNode node = JsonLine.object(lines.get(i));
                    JsonFields f = new JsonFields(node, "");
                    f.onlyKnown(FIELDS, Set.of());
                    String id = f.requiredText("id");
                    if (!seen.add(id)) {
                        throw f.error("id", "duplicate session id '" + id + "'");
                    }
                    Session session = new Session(id, f.requiredText("agent"), f.text("project"), f.text("cwd"),
                            f.text("git_branch"), f.time("started_at"), f.time("ended_at"), Session.ARCHIVE,
                            file.toString(), 1);
                    List<SecretFindings.New> findings = new ArrayList<>();
                    List<Message> parsed = messages(node, id, findings);
                    if (Sessions.get(c, id).isPresent()) {
                        skipped++;
                        continue;
                    }
                    Sessions.insert(c, session);
                    Sessions.insertMessages(c, parsed);
                    SecretFindings.insert(c, findings, null, Instant.now());
                    redacted += findings.size();
                    sessions++;
                    messages += parsed.size();
                } catch (JsonLine.Malformed e) {
                    throw rejected(file, lineNo, e.describe());
                } catch (JsonFields.FieldException e) {
                    throw rejected(file, lineNo, "field " + e.field + ": " + e.getMessage());
                } catch (SQLException e) {
                    throw new StoreException(file + " line " + lineNo + ": " + e.getMessage(), e);
                }
            }
            return new Report(sessions, skipped, messages, redacted);
        });
    }

    /** The whole file is refused at its first bad line: the transaction rolls back, nothing is written. */
    private static RecallException rejected(Path file, int line, String what) {
        return new RecallException(RecallException.Kind.REJECTED, file + " line " + line + ", " + what
                + "; nothing was written");
    }

    private List<Message> messages(JsonNode node, String sessionId, List<SecretFindings.New> findings) {
        JsonNode array = node.get("messages");
        if (array == null || !array.isArray()) {
            throw new JsonFields.FieldException("messages", "must be an array");
        }
        List<Message> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            JsonFields f = new JsonFields(array.get(i), "messages[" + i + "].");
            f.onlyKnown(MESSAGE_FIELDS, Set.of("content_digest"));
            int ordinal = f.requiredInt("ordinal");
            if (ordinal != i) {
                throw f.error("ordinal", "must be " + i + " (ordinals are contiguous from 0)");
            }
            String role = f.requiredText("role");
            if (!ROLES.contains(role)) {
                throw f.error("role", "unknown value '" + role + "' (allowed: user, assistant, tool, system)");
            }
            String text = redact(sessionId, ordinal, "text", f.text("text"), findings);
            String input = redact(sessionId, ordinal, "tool_input", f.text("tool_input"), findings);
            out.add(Message.of(sessionId, ordinal, role, text, f.text("tool_name"), input, f.text("uuid"),
                    f.time("timestamp")));
        }
        return out;
    }

    private String redact(String sessionId, int ordinal, String field, String text, List<SecretFindings.New> out) {
        if (text == null) {
            return null;
        }
        Redactor.Redaction r = redactor.apply(text);
        for (Redactor.Mark m : r.marks()) {
            out.add(new SecretFindings.New(sessionId, ordinal, field, m));
        }
        return r.text();
    }
}
