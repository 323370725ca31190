package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/** Recall entries and their evidence. Writes take a connection so callers can group them in one transaction. */
public final class Entries {
    private final Database db;

    public Entries(Database db) {
        this.db = db;
    }

    public Optional<RecallEntry> get(String id) {
        return db.read(c -> get(c, id));
    }

    static Optional<RecallEntry> get(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM recall_entries WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(map(rs)) : Optional.empty();
            }
        }
    }

    /** Entries by id, in no particular order; missing ids are absent from the map. */
    public Map<String, RecallEntry> getAll(Collection<String> ids) {
        Map<String, RecallEntry> out = new LinkedHashMap<>();
        List<String> list = List.copyOf(ids);
        for (int from = 0; from < list.size(); from += 500) {
            List<String> chunk = list.subList(from, Math.min(list.size(), from + 500));
            // a kept statement per padded size: a search reads its candidates with the same few shapes every query
            db.readKept("SELECT * FROM recall_entries WHERE id IN (" + InList.marks(chunk.size()) + ")", ps -> {
                InList.bind(ps, chunk);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        RecallEntry e = map(rs);
                        out.put(e.id(), e);
                    }
                }
                return null;
            });
        }
        return out;
    }

    /** Newest first (updated_at, then id). */
    public List<RecallEntry> list(EntryFilter filter, int limit) {
        return db.read(c -> {
            List<Object> args = new ArrayList<>();
            String sql = "SELECT * FROM recall_entries WHERE " + filter.sql(args)
                    + " ORDER BY updated_at DESC, id LIMIT ?";
            args.add(limit);
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                bind(ps, args);
                List<RecallEntry> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(map(rs));
                    }
                }
                return out;
            }
        });
    }

    /** Streams every entry (any status) in id order: the source of a full index rebuild. */
    public void forEach(Consumer<RecallEntry> consumer) {
        db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT * FROM recall_entries ORDER BY id");
                    ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    consumer.accept(map(rs));
                }
            }
            return null;
        });
    }

    public long count() {
        return db.read(c -> {
            try (var st = c.createStatement(); var rs = st.executeQuery("SELECT count(*) FROM recall_entries")) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    public List<Evidence> evidence(String entryId) {
        return evidence(List.of(entryId)).getOrDefault(entryId, List.of());
    }

    /** Evidence of several entries, grouped by entry id, in anchor order. */
    public Map<String, List<Evidence>> evidence(Collection<String> entryIds) {
        Map<String, List<Evidence>> out = new LinkedHashMap<>();
        List<String> list = List.copyOf(entryIds);
        for (int from = 0; from < list.size(); from += 500) {
            List<String> chunk = list.subList(from, Math.min(list.size(), from + 500));
            db.readKept("SELECT * FROM recall_evidence WHERE entry_id IN (" + InList.marks(chunk.size())
                    + ") ORDER BY entry_id, start_ordinal, id", ps -> {
                        InList.bind(ps, chunk);
                        try (ResultSet rs = ps.executeQuery()) {
                            while (rs.next()) {
                                Evidence ev = evidence(rs);
                                out.computeIfAbsent(ev.entryId(), k -> new ArrayList<>()).add(ev);
                            }
                        }
                        return null;
                    });
        }
        return out;
    }

    /** The evidence anchored in a session, by entry id, then position in the session. */
    public List<Evidence> evidenceInSession(String sessionId) {
        return db.read(c -> {
            List<Evidence> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT * FROM recall_evidence WHERE session_id = ? ORDER BY entry_id, start_ordinal, id")) {
                ps.setString(1, sessionId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(evidence(rs));
                    }
                }
            }
            return out;
        });
    }

    private static Evidence evidence(ResultSet rs) throws SQLException {
        return new Evidence(rs.getLong("id"), rs.getString("entry_id"), rs.getString("session_id"),
                rs.getInt("start_ordinal"), rs.getInt("end_ordinal"), rs.getString("start_source_uuid"),
                rs.getString("end_source_uuid"), rs.getString("tool_use_id"), rs.getString("snippet"),
                rs.getString("content_digest"));
    }

    static void insert(Connection c, RecallEntry e) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO recall_entries (id, type, scope, status, review_state, title, body, trigger, confidence,
                    uncertainty, project, cwd, git_branch, agent, source_session_id, extractor_method, transferable,
                    provenance_ok, provenance_reason, supersedes_entry_id, superseded_by_entry_id, created_at,
                    updated_at, source_episode_id, source_run_id, text_digest)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            int i = 1;
            ps.setString(i++, e.id());
            ps.setString(i++, e.type().label());
            ps.setString(i++, e.scope().label());
            ps.setString(i++, e.status().label());
            ps.setString(i++, e.reviewState().label());
            ps.setString(i++, e.title());
            ps.setString(i++, e.body());
            ps.setString(i++, e.trigger());
            ps.setObject(i++, e.confidence());
            ps.setString(i++, e.uncertainty());
            ps.setString(i++, e.project());
            ps.setString(i++, e.cwd());
            ps.setString(i++, e.gitBranch());
            ps.setString(i++, e.agent());
            ps.setString(i++, e.sourceSessionId());
            ps.setString(i++, e.extractorMethod());
            ps.setInt(i++, e.transferable() ? 1 : 0);
            ps.setInt(i++, e.provenanceOk() ? 1 : 0);
            ps.setString(i++, e.provenanceReason());
            ps.setString(i++, e.supersedesEntryId());
            ps.setString(i++, e.supersededByEntryId());
            ps.setString(i++, Times.format(e.createdAt()));
            ps.setString(i++, Times.format(e.updatedAt()));
            ps.setString(i++, e.sourceEpisodeId());
            ps.setString(i++, e.sourceRunId());
            ps.setString(i, EntryDigests.of(e.title(), e.body(), e.trigger()));
            ps.executeUpdate();
        }
    }

    static void insertEvidence(Connection c, Evidence ev) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO recall_evidence (entry_id, session_id, start_ordinal, end_ordinal, start_source_uuid,
                    end_source_uuid, tool_use_id, snippet, content_digest)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            bind(ps, java.util.Arrays.asList(ev.entryId(), ev.sessionId(), ev.startOrdinal(), ev.endOrdinal(),
                    ev.startSourceUuid(), ev.endSourceUuid(), ev.toolUseId(), ev.snippet(), ev.contentDigest()));
            ps.executeUpdate();
        }
    }

    /** Archives the target and links it to its replacement (both directions are set by the caller's insert). */
    static void markSuperseded(Connection c, String targetId, String replacementId, Instant at)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                UPDATE recall_entries SET status = 'archived', superseded_by_entry_id = ?, updated_at = ?
                WHERE id = ? AND status = 'accepted' AND superseded_by_entry_id IS NULL""")) {
            ps.setString(1, replacementId);
            ps.setString(2, Times.format(at));
            ps.setString(3, targetId);
            if (ps.executeUpdate() != 1) {
                throw new StoreException("entry " + targetId + " cannot be superseded: it is not accepted or"
                        + " already has a successor");
            }
        }
    }

    /**
     * The review path's write (extract module: review import and interactive review), the only way an existing
     * entry becomes human_reviewed. Applies the reviewer's verdict and edits to an entry that no human has
     * reviewed yet; an entry already reviewed is refused, so a verdict is never silently overwritten.
     */
    static void applyReview(Connection c, RecallEntry reviewed) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                UPDATE recall_entries SET review_state = ?, status = ?, title = ?, body = ?, trigger = ?,
                    uncertainty = ?, transferable = ?, supersedes_entry_id = ?, updated_at = ?, text_digest = ?
                WHERE id = ? AND review_state IN ('unreviewed_auto', '')""")) {
            int i = 1;
            ps.setString(i++, reviewed.reviewState().label());
            ps.setString(i++, reviewed.status().label());
            ps.setString(i++, reviewed.title());
            ps.setString(i++, reviewed.body());
            ps.setString(i++, reviewed.trigger());
            ps.setString(i++, reviewed.uncertainty());
            ps.setInt(i++, reviewed.transferable() ? 1 : 0);
            ps.setString(i++, reviewed.supersedesEntryId());
            ps.setString(i++, Times.format(reviewed.updatedAt()));
            ps.setString(i++, EntryDigests.of(reviewed.title(), reviewed.body(), reviewed.trigger()));
            ps.setString(i, reviewed.id());
            if (ps.executeUpdate() != 1) {
                throw new StoreException("entry " + reviewed.id() + " cannot be reviewed: it does not exist or a"
                        + " human has already reviewed it");
            }
        }
    }

    /** Revokes provenance with a reason code. Revocation is sticky: nothing in recall sets it back. */
    static boolean revokeProvenance(Connection c, String entryId, String reason, Instant at)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                UPDATE recall_entries SET provenance_ok = 0, provenance_reason = ?, updated_at = ?
                WHERE id = ? AND provenance_ok = 1""")) {
            ps.setString(1, reason);
            ps.setString(2, Times.format(at));
            ps.setString(3, entryId);
            return ps.executeUpdate() == 1;
        }
    }

    /** Inserts an entry and its evidence (one transaction, or the caller's). */
    public void insert(RecallEntry e, List<Evidence> evidence) {
        db.inTransaction(c -> {
            insert(c, e);
            for (Evidence ev : evidence) {
                insertEvidence(c, ev);
            }
            return null;
        });
    }

    /** See {@link #applyReview(Connection, RecallEntry)}. */
    public void applyReview(RecallEntry reviewed) {
        db.inTransaction(c -> {
            applyReview(c, reviewed);
            return null;
        });
    }

    /** See {@link #markSuperseded(Connection, String, String, Instant)}. */
    public void markSuperseded(String targetId, String replacementId, Instant at) {
        db.inTransaction(c -> {
            markSuperseded(c, targetId, replacementId, at);
            return null;
        });
    }

    /** See {@link #revokeProvenance(Connection, String, String, Instant)}. */
    public boolean revokeProvenance(String entryId, String reason, Instant at) {
        return db.inTransaction(c -> revokeProvenance(c, entryId, reason, at));
    }

    static void bind(PreparedStatement ps, List<Object> args) throws SQLException {
        for (int i = 0; i < args.size(); i++) {
            ps.setObject(i + 1, args.get(i));
        }
    }

    static RecallEntry map(ResultSet rs) throws SQLException {
        String review = rs.getString("review_state");
        Object rawConfidence = rs.getObject("confidence");
        Double confidence = rawConfidence == null ? null : ((Number) rawConfidence).doubleValue();
        return new RecallEntry(rs.getString("id"), Labelled.stored(EntryType.class, "type", rs.getString("type")),
                Labelled.stored(Scope.class, "scope", rs.getString("scope")),
                Labelled.stored(EntryStatus.class, "status", rs.getString("status")),
                review == null || review.isEmpty() ? ReviewState.UNREVIEWED_AUTO
                        : Labelled.stored(ReviewState.class, "review_state", review),
                rs.getString("title"), rs.getString("body"), rs.getString("trigger"),
                confidence, rs.getString("uncertainty"), rs.getString("project"),
                rs.getString("cwd"), rs.getString("git_branch"), rs.getString("agent"),
                rs.getString("source_session_id"), rs.getString("extractor_method"), rs.getInt("transferable") == 1,
                rs.getInt("provenance_ok") == 1, rs.getString("provenance_reason"),
                rs.getString("supersedes_entry_id"), rs.getString("superseded_by_entry_id"),
                Times.parse(rs.getString("created_at")), Times.parse(rs.getString("updated_at")),
                rs.getString("source_episode_id"), rs.getString("source_run_id"));
    }
}
