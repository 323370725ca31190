package dev.recall.extract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.store.Entries;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.ReviewState;
import dev.recall.store.Scope;
import dev.recall.store.StoreException;
import dev.recall.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * SQL over the extraction tables (V3): generations, per-session state, the candidates a building generation
 * holds, and the extraction_fingerprint column of recall_entries. Every method runs on the caller's connection,
 * so the caller decides what is one transaction.
 */
final class GenerationStore {
    enum State {
        BUILDING, ACTIVE, RETIRED;

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        static State parse(String s) {
            return valueOf(s.toUpperCase(java.util.Locale.ROOT));
        }
    }

    /** Per-session outcome under one generation. */
    enum SessionStatus {
        DONE, FAILED, INELIGIBLE;

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    record Generation(String fingerprint, String method, String config, State state, Instant createdAt,
            Instant activatedAt, Instant retiredAt) {}

    record SessionState(String sessionId, String status, String reason, int entryCount, long transcriptRevision,
            Instant updatedAt) {}

    private final ObjectMapper json = new ObjectMapper();

    // ---- generations ------------------------------------------------------------------------------------------

    Optional<Generation> get(Connection c, String fingerprint) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM extraction_generations WHERE fingerprint = ?")) {
            ps.setString(1, fingerprint);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(map(rs)) : Optional.empty();
            }
        }
    }

    /** A fingerprint given by its first characters, as status prints it; ambiguity is an error. */
    Optional<Generation> find(Connection c, String prefix) throws SQLException {
        List<Generation> matches = new ArrayList<>();
        for (Generation g : list(c)) {
            if (g.fingerprint().startsWith(prefix)) {
                matches.add(g);
            }
        }
        if (matches.size() > 1) {
            throw new IllegalArgumentException("fingerprint prefix '" + prefix + "' matches " + matches.size()
                    + " generations; give more characters");
        }
        return matches.stream().findFirst();
    }

    Optional<Generation> active(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM extraction_generations WHERE state = 'active'");
                ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(map(rs)) : Optional.empty();
        }
    }

    List<Generation> list(Connection c) throws SQLException {
        List<Generation> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT * FROM extraction_generations ORDER BY created_at, fingerprint");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(map(rs));
            }
        }
        return out;
    }

    /** The generation of this configuration, created as building when it is new. */
    Generation ensure(Connection c, Fingerprint fp, Instant now) throws SQLException {
        Optional<Generation> existing = get(c, fp.value());
        if (existing.isPresent()) {
            return existing.get();
        }
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO extraction_generations (fingerprint, method, config, state, created_at, updated_at)
                VALUES (?, ?, ?, 'building', ?, ?)""")) {
            ps.setString(1, fp.value());
            ps.setString(2, fp.method());
            ps.setString(3, fp.canonicalConfig());
            ps.setString(4, Times.format(now));
            ps.setString(5, Times.format(now));
            ps.executeUpdate();
        }
        return get(c, fp.value()).orElseThrow();
    }

    void setState(Connection c, String fingerprint, State state, Instant now) throws SQLException {
        String stamp = switch (state) {
            case ACTIVE -> ", activated_at = ?, retired_at = NULL";
            case RETIRED -> ", retired_at = ?";
            case BUILDING -> "";
        };
        try (PreparedStatement ps = c.prepareStatement("UPDATE extraction_generations SET state = ?, updated_at = ?"
                + stamp + " WHERE fingerprint = ?")) {
            int i = 1;
            ps.setString(i++, state.label());
            ps.setString(i++, Times.format(now));
            if (state != State.BUILDING) {
                ps.setString(i++, Times.format(now));
            }
            ps.setString(i, fingerprint);
            ps.executeUpdate();
        }
    }

    private static Generation map(ResultSet rs) throws SQLException {
        return new Generation(rs.getString("fingerprint"), rs.getString("method"), rs.getString("config"),
                State.parse(rs.getString("state")), Times.parse(rs.getString("created_at")),
                Times.parse(rs.getString("activated_at")), Times.parse(rs.getString("retired_at")));
    }

    // ---- per-session state ------------------------------------------------------------------------------------

    /** Sessions to extract under a generation: new ones, changed ones, and failed or ineligible ones (retried). */
    List<String> pending(Connection c, String fingerprint, String sessionId, boolean full, int limit)
            throws SQLException {
        String sql = """
                SELECT s.id FROM sessions s
                LEFT JOIN extraction_sessions e ON e.session_id = s.id AND e.fingerprint = ?
                WHERE (? = 1 OR e.session_id IS NULL OR e.status <> 'done'
                       OR e.transcript_revision < s.transcript_revision)"""
                + (sessionId == null ? "" : " AND s.id = ?")
                + " ORDER BY coalesce(s.started_at, s.created_at), s.id LIMIT ?";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            ps.setString(i++, fingerprint);
            ps.setInt(i++, full ? 1 : 0);
            if (sessionId != null) {
                ps.setString(i++, sessionId);
            }
            ps.setInt(i, limit);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        }
    }

    void record(Connection c, String fingerprint, String sessionId, SessionStatus status, String reason,
            int entryCount, long revision, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO extraction_sessions (fingerprint, session_id, status, reason, entry_count,
                                                 transcript_revision, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (fingerprint, session_id) DO UPDATE SET status = excluded.status,
                  reason = excluded.reason, entry_count = excluded.entry_count,
                  transcript_revision = excluded.transcript_revision, updated_at = excluded.updated_at""")) {
            ps.setString(1, fingerprint);
            ps.setString(2, sessionId);
            ps.setString(3, status.label());
            ps.setString(4, reason);
            ps.setInt(5, entryCount);
            ps.setLong(6, revision);
            ps.setString(7, Times.format(now));
            ps.executeUpdate();
        }
    }

    /** The state of every session under a generation; sessions never looked at are absent. */
    Map<String, SessionState> states(Connection c, String fingerprint) throws SQLException {
        Map<String, SessionState> out = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT e.*, s.transcript_revision AS current_revision FROM extraction_sessions e
                JOIN sessions s ON s.id = e.session_id WHERE e.fingerprint = ? ORDER BY e.session_id""")) {
            ps.setString(1, fingerprint);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    boolean stale = rs.getLong("transcript_revision") < rs.getLong("current_revision");
                    out.put(rs.getString("session_id"), new SessionState(rs.getString("session_id"),
                            stale ? "pending" : rs.getString("status"), rs.getString("reason"),
                            rs.getInt("entry_count"), rs.getLong("transcript_revision"),
                            Times.parse(rs.getString("updated_at"))));
                }
            }
        }
        return out;
    }

    long sessionCount(Connection c) throws SQLException {
        return count(c, "SELECT count(*) FROM sessions", null);
    }

    // ---- entries and candidates -------------------------------------------------------------------------------

    boolean exists(Connection c, String id) throws SQLException {
        return count(c, "SELECT (SELECT count(*) FROM recall_entries WHERE id = ?1)"
                + " + (SELECT count(*) FROM extraction_candidates WHERE id = ?1)", id) > 0;
    }

    /** Writes an entry the active generation serves: the entry, its evidence, and which generation made it. */
    void insertServed(Connection c, Anchoring.Planned p, String fingerprint) throws SQLException {
        Entries.insert(c, p.entry());
        for (Evidence ev : p.evidence()) {
            Entries.insertEvidence(c, ev);
        }
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE recall_entries SET extraction_fingerprint = ? WHERE id = ?")) {
            ps.setString(1, fingerprint);
            ps.setString(2, p.entry().id());
            ps.executeUpdate();
        }
    }

    void insertCandidate(Connection c, Anchoring.Planned p, String fingerprint) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO extraction_candidates (id, fingerprint, session_id, type, title, entry, evidence, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)""")) {
            RecallEntry e = p.entry();
            ps.setString(1, e.id());
            ps.setString(2, fingerprint);
            ps.setString(3, e.sourceSessionId());
            ps.setString(4, e.type().label());
            ps.setString(5, e.title());
            ps.setString(6, write(entryJson(e)));
            ps.setString(7, write(evidenceJson(p.evidence())));
            ps.setString(8, Times.format(e.createdAt()));
            ps.executeUpdate();
        }
    }

    List<Anchoring.Planned> candidates(Connection c, String fingerprint) throws SQLException {
        List<Anchoring.Planned> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT entry, evidence FROM extraction_candidates WHERE fingerprint = ? ORDER BY session_id, id")) {
            ps.setString(1, fingerprint);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    RecallEntry e = entry(read(rs.getString(1)));
                    out.add(new Anchoring.Planned(e, evidence(e, read(rs.getString(2)))));
                }
            }
        }
        return out;
    }

    void deleteCandidate(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM extraction_candidates WHERE id = ?")) {
            ps.setString(1, id);
            ps.executeUpdate();
        }
    }

    long candidateCount(Connection c, String fingerprint) throws SQLException {
        return count(c, "SELECT count(*) FROM extraction_candidates WHERE fingerprint = ?", fingerprint);
    }

    long servedCount(Connection c, String fingerprint) throws SQLException {
        return count(c, "SELECT count(*) FROM recall_entries WHERE extraction_fingerprint = ? AND status = 'accepted'",
                fingerprint);
    }

    /** Retiring: entries nobody reviewed stop being served. Reviewed ones stay; a person vouched for them. */
    int archiveUnreviewed(Connection c, String fingerprint, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                UPDATE recall_entries SET status = 'archived', updated_at = ?
                WHERE extraction_fingerprint = ? AND status = 'accepted'
                  AND review_state IN ('unreviewed_auto', '')""")) {
            ps.setString(1, Times.format(now));
            ps.setString(2, fingerprint);
            return ps.executeUpdate();
        }
    }

    /** Reactivating a retired generation serves again what retiring archived (not what a reviewer rejected). */
    int restoreUnreviewed(Connection c, String fingerprint, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                UPDATE recall_entries SET status = 'accepted', updated_at = ?
                WHERE extraction_fingerprint = ? AND status = 'archived' AND superseded_by_entry_id IS NULL
                  AND review_state IN ('unreviewed_auto', '')""")) {
            ps.setString(1, Times.format(now));
            ps.setString(2, fingerprint);
            return ps.executeUpdate();
        }
    }

    /** Type and title keys of the session's human-reviewed entries: a new proposal repeating one is noise. */
    List<String> reviewedKeys(Connection c, String sessionId) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT type, title FROM recall_entries
                WHERE source_session_id = ? AND review_state = 'human_reviewed'""")) {
            ps.setString(1, sessionId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1) + "\n" + Texts.titleKey(rs.getString(2)));
                }
            }
        }
        return out;
    }

    private static long count(Connection c, String sql, String arg) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (arg != null) {
                ps.setString(1, arg);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    // ---- candidate JSON ---------------------------------------------------------------------------------------

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
        return new RecallEntry(n.get("id").asText(), EntryType.parse(n.get("type").asText()),
                Scope.parse(n.get("scope").asText()), EntryStatus.ACCEPTED, ReviewState.UNREVIEWED_AUTO,
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
