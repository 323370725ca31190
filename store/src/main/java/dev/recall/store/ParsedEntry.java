package dev.recall.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** An import line, validated field by field. */
record ParsedEntry(
        String id,
        EntryType type,
        Scope scope,
        EntryStatus status,
        String title,
        String body,
        String trigger,
        Double confidence,
        String uncertainty,
        String project,
        String cwd,
        String gitBranch,
        String agent,
        String sourceSessionId,
        String extractorMethod,
        Boolean transferable,
        Instant createdAt,
        Instant updatedAt,
        List<Anchor> evidence,
        String supersedes,
        String sourceEpisodeId,
        String sourceRunId) {

    record Anchor(int start, int end, String snippet, String toolUseId, String startUuid, String endUuid) {}

    /** This entry with secrets taken out of its free text. */
    ParsedEntry redacted(Redactor r) {
        List<Anchor> anchors = new ArrayList<>();
        for (Anchor a : evidence) {
            anchors.add(new Anchor(a.start(), a.end(), redact(r, a.snippet()), a.toolUseId(), a.startUuid(),
                    a.endUuid()));
        }
        return new ParsedEntry(id, type, scope, status, redact(r, title), redact(r, body), redact(r, trigger),
                confidence, redact(r, uncertainty), project, cwd, gitBranch, agent, sourceSessionId, extractorMethod,
                transferable, createdAt, updatedAt, List.copyOf(anchors), supersedes, sourceEpisodeId, sourceRunId);
    }

    private static String redact(Redactor r, String text) {
        return text == null || text.isEmpty() ? text : r.apply(text).text();
    }

    static ParsedEntry from(JsonNode node) {
        JsonFields f = new JsonFields(node, "");
        f.onlyKnown(EntryImport.FIELDS, EntryImport.HOST_FIELDS);
        String id = f.requiredText("id");
        if (!id.equals(id.strip()) || id.length() > 200) {
            throw f.error("id", "must be at most 200 characters without surrounding whitespace");
        }
        Double confidence = f.number("confidence");
        if (confidence != null && (confidence < 0 || confidence > 1 || confidence.isNaN())) {
            throw f.error("confidence", "must be between 0 and 1");
        }
        String body = f.text("body");
        if (body == null) {
            throw f.error("body", "is required");
        }
        Instant created = f.time("created_at");
        Instant updated = f.time("updated_at");
        return new ParsedEntry(id, f.label(EntryType.class, "type", null), f.label(Scope.class, "scope", null),
                f.label(EntryStatus.class, "status", EntryStatus.ACCEPTED), f.requiredText("title"), body,
                f.text("trigger"), confidence, f.text("uncertainty"), f.text("project"), f.text("cwd"),
                f.text("git_branch"), f.text("agent"), f.requiredText("source_session_id"),
                f.text("extractor_method"), f.bool("transferable"), created, updated, anchors(node),
                f.text("supersedes"), f.text("source_episode_id"), f.text("source_run_id"));
    }

    private static List<Anchor> anchors(JsonNode node) {
        JsonNode ev = node.get("evidence");
        List<Anchor> out = new ArrayList<>();
        if (ev == null || ev.isNull()) {
            return out;
        }
        if (!ev.isArray()) {
            throw new JsonFields.FieldException("evidence", "must be an array of anchors");
        }
        for (int i = 0; i < ev.size(); i++) {
            String prefix = "evidence[" + i + "].";
            JsonNode a = ev.get(i);
            if (!a.isObject()) {
                throw new JsonFields.FieldException("evidence[" + i + "]", "must be an object");
            }
            JsonFields f = new JsonFields(a, prefix);
            f.onlyKnown(EntryImport.EVIDENCE_FIELDS, EntryImport.EVIDENCE_HOST_FIELDS);
            int start = f.requiredInt("start_ordinal");
            int end = f.requiredInt("end_ordinal");
            if (start < 0) {
                throw f.error("start_ordinal", "must be >= 0");
            }
            if (end < start) {
                throw f.error("end_ordinal", "is before start_ordinal (" + end + " < " + start + ")");
            }
            out.add(new Anchor(start, end, f.text("snippet"), f.text("tool_use_id"), f.text("start_source_uuid"),
                    f.text("end_source_uuid")));
        }
        return out;
    }

    String agentOr(String fallback) {
        return agent != null ? agent : fallback;
    }

    RecallEntry toEntry(Session session, boolean reviewed, boolean provenanceOk, String provenanceReason,
            Instant now) {
        Instant created = createdAt != null ? createdAt : now;
        Instant updated = updatedAt != null ? updatedAt : created;
        return new RecallEntry(id, type, scope, status,
                reviewed ? ReviewState.HUMAN_REVIEWED : ReviewState.UNREVIEWED_AUTO, title, body, trigger,
                confidence, uncertainty, or(project, session.project()), or(cwd, session.cwd()),
                or(gitBranch, session.gitBranch()), or(agent, session.agent()), sourceSessionId, extractorMethod,
                transferable == null || transferable, provenanceOk, provenanceReason, supersedes, null, created,
                updated, sourceEpisodeId, sourceRunId);
    }

    private static String or(String a, String b) {
        return a != null ? a : b;
    }
}
