package dev.recall.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Proposals of a generation that is not active yet (V3): they wait here, entry and evidence as JSON, until
 * activation moves them verbatim into recall_entries.
 */
public final class ExtractionCandidates {
    private final Database db;
    private final ObjectMapper json = new ObjectMapper();

    public ExtractionCandidates(Database db) {
        this.db = db;
    }

    /** Whether an entry or a waiting candidate already has this id. */
    public boolean taken(String id) {
        return db.read(c -> Rows.count(c, "SELECT (SELECT count(*) FROM recall_entries WHERE id = ?1)"
                + " + (SELECT count(*) FROM extraction_candidates WHERE id = ?1)", id) > 0);
    }

    public void insert(ProposedEntry p, String fingerprint) {
        RecallEntry e = p.entry();
        db.inTransaction(c -> Rows.update(c, """
                INSERT INTO extraction_candidates (id, fingerprint, session_id, type, title, entry, evidence, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)""", e.id(), fingerprint, e.sourceSessionId(), e.type().label(),
                e.title(), write(entryJson(e)), write(evidenceJson(p.evidence())), Times.format(e.createdAt())));
    }

    /** A generation's candidates by session, then id. */
    public List<ProposedEntry> list(String fingerprint) {
        return db.read(c -> {
            List<ProposedEntry> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT entry, evidence FROM extraction_candidates"
                    + " WHERE fingerprint = ? ORDER BY session_id, id")) {
                ps.setString(1, fingerprint);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        RecallEntry e = entry(read(rs.getString(1)));
                        out.add(new ProposedEntry(e, evidence(e, read(rs.getString(2)))));
                    }
                }
            }
            return out;
        });
    }

    public void delete(String id) {
        db.inTransaction(c -> Rows.update(c, "DELETE FROM extraction_candidates WHERE id = ?", id));
    }

    public long count(String fingerprint) {
        return db.read(c -> Rows.count(c, "SELECT count(*) FROM extraction_candidates WHERE fingerprint = ?",
                fingerprint));
    }

    private ObjectNode entryJson(RecallEntry e) {
        ObjectNode n = json.createObjectNode();
        n.put("id", e.id());
        n.put("type", e.type().label());
        n.put("scope", e.scope().label());
        n.put("title", e.title());
        n.put("body", e.body());
        n.put("trigger", e.trigger());
        n.put("confidence", e.confidence());
        n.put("project", e.project());
        n.put("cwd", e.cwd());
        n.put("git_branch", e.gitBranch());
        n.put("agent", e.agent());
        n.put("source_session_id", e.sourceSessionId());
        n.put("extractor_method", e.extractorMethod());
        n.put("created_at", Times.format(e.createdAt()));
        return n;
    }

    private static RecallEntry entry(JsonNode n) {
        Instant created = Times.parse(n.get("created_at").asText());
        return new RecallEntry(n.get("id").asText(), Labelled.stored(EntryType.class, "type", n.get("type").asText()),
                Labelled.stored(Scope.class, "scope", n.get("scope").asText()), EntryStatus.ACCEPTED,
                ReviewState.UNREVIEWED_AUTO,
                n.get("title").asText(), n.get("body").asText(), text(n, "trigger"),
                n.get("confidence").isNull() ? null : n.get("confidence").doubleValue(), null, text(n, "project"),
                text(n, "cwd"), text(n, "git_branch"), text(n, "agent"), n.get("source_session_id").asText(),
                text(n, "extractor_method"), true, true, null, null, null, created, created);
    }

    private ArrayNode evidenceJson(List<Evidence> evidence) {
        ArrayNode a = json.createArrayNode();
        for (Evidence ev : evidence) {
            ObjectNode n = a.addObject();
            n.put("start_ordinal", ev.startOrdinal());
            n.put("end_ordinal", ev.endOrdinal());
            n.put("start_source_uuid", ev.startSourceUuid());
            n.put("end_source_uuid", ev.endSourceUuid());
            n.put("snippet", ev.snippet());
            n.put("content_digest", ev.contentDigest());
        }
        return a;
    }

    private static List<Evidence> evidence(RecallEntry e, JsonNode a) {
        List<Evidence> out = new ArrayList<>();
        for (JsonNode n : a) {
            out.add(new Evidence(0, e.id(), e.sourceSessionId(), n.get("start_ordinal").intValue(),
                    n.get("end_ordinal").intValue(), text(n, "start_source_uuid"), text(n, "end_source_uuid"), null,
                    text(n, "snippet"), text(n, "content_digest")));
        }
        return out;
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private String write(JsonNode n) {
        try {
            return json.writeValueAsString(n);
        } catch (JsonProcessingException e) {
            throw new StoreException("cannot serialise a candidate", e);
        }
    }

    private JsonNode read(String s) {
        try {
            return json.readTree(s);
        } catch (JsonProcessingException e) {
            throw new StoreException("a stored candidate is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }
}
