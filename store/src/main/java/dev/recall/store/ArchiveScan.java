package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads the archive for the derived session indexes: every searchable session (not trashed, not automated) with its
 * messages, streamed in one pass for a rebuild or fetched by id for an incremental sync; and the evidence that
 * cites sessions, which links passages to entries.
 */
public final class ArchiveScan {
    private static final String VISIBLE = "s.trashed = 0 AND s.automated = 0";
    private static final int CHUNK = 500;

    private final Database db;

    public ArchiveScan(Database db) {
        this.db = db;
    }

    /** Every searchable session with its messages, one at a time, in session id order. */
    public void forEachSession(Consumer<SessionMessages> consumer) {
        db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT s.* FROM sessions s WHERE " + VISIBLE
                    + " ORDER BY s.id"); ResultSet rs = ps.executeQuery()) {
                List<Session> batch = new ArrayList<>(CHUNK);
                while (rs.next()) {
                    batch.add(Sessions.map(rs));
                    if (batch.size() == CHUNK) {
                        emit(c, batch, consumer);
                        batch.clear();
                    }
                }
                emit(c, batch, consumer);
            }
            return null;
        });
    }

    /** The searchable sessions among ids with their messages; trashed, automated and missing ones are absent. */
    public Map<String, SessionMessages> sessions(Collection<String> ids) {
        Map<String, SessionMessages> out = new LinkedHashMap<>();
        db.read(c -> {
            List<String> list = List.copyOf(ids);
            for (int from = 0; from < list.size(); from += CHUNK) {
                List<String> chunk = list.subList(from, Math.min(list.size(), from + CHUNK));
                List<Session> sessions = new ArrayList<>();
                try (PreparedStatement ps = c.prepareStatement("SELECT s.* FROM sessions s WHERE " + VISIBLE
                        + " AND s.id IN (" + marks(chunk.size()) + ") ORDER BY s.id")) {
                    bind(ps, chunk);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            sessions.add(Sessions.map(rs));
                        }
                    }
                }
                emit(c, sessions, s -> out.put(s.session().id(), s));
            }
            return null;
        });
        return out;
    }

    /** Sessions by id (searchable or not): the passages of a result page carry their session's attributes. */
    public Map<String, Session> sessionsById(Collection<String> ids) {
        Map<String, Session> out = new LinkedHashMap<>();
        db.read(c -> {
            List<String> list = List.copyOf(ids);
            for (int from = 0; from < list.size(); from += CHUNK) {
                List<String> chunk = list.subList(from, Math.min(list.size(), from + CHUNK));
                try (PreparedStatement ps = c.prepareStatement("SELECT * FROM sessions WHERE id IN ("
                        + marks(chunk.size()) + ")")) {
                    bind(ps, chunk);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            Session s = Sessions.map(rs);
                            out.put(s.id(), s);
                        }
                    }
                }
            }
            return null;
        });
        return out;
    }

    /** The evidence anchored in these sessions, by session, in entry then ordinal order. */
    public Map<String, List<Evidence>> evidenceBySession(Collection<String> sessionIds) {
        Map<String, List<Evidence>> out = new LinkedHashMap<>();
        db.read(c -> {
            List<String> list = List.copyOf(sessionIds);
            for (int from = 0; from < list.size(); from += CHUNK) {
                List<String> chunk = list.subList(from, Math.min(list.size(), from + CHUNK));
                try (PreparedStatement ps = c.prepareStatement("SELECT * FROM recall_evidence WHERE session_id IN ("
                        + marks(chunk.size()) + ") ORDER BY session_id, entry_id, start_ordinal")) {
                    bind(ps, chunk);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            out.computeIfAbsent(rs.getString("session_id"), k -> new ArrayList<>()).add(new Evidence(
                                    rs.getLong("id"), rs.getString("entry_id"), rs.getString("session_id"),
                                    rs.getInt("start_ordinal"), rs.getInt("end_ordinal"),
                                    rs.getString("start_source_uuid"), rs.getString("end_source_uuid"),
                                    rs.getString("tool_use_id"), rs.getString("snippet"),
                                    rs.getString("content_digest")));
                        }
                    }
                }
            }
            return null;
        });
        return out;
    }

    private static void emit(Connection c, List<Session> sessions, Consumer<SessionMessages> consumer)
            throws SQLException {
        if (sessions.isEmpty()) {
            return;
        }
        Map<String, List<Message>> messages = new LinkedHashMap<>();
        sessions.forEach(s -> messages.put(s.id(), new ArrayList<>()));
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM messages WHERE session_id IN ("
                + marks(sessions.size()) + ") ORDER BY session_id, ordinal")) {
            bind(ps, sessions.stream().map(Session::id).toList());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    messages.get(rs.getString("session_id")).add(Sessions.message(rs));
                }
            }
        }
        for (Session s : sessions) {
            consumer.accept(new SessionMessages(s, messages.get(s.id())));
        }
    }

    private static String marks(int n) {
        return String.join(",", Collections.nCopies(n, "?"));
    }

    private static void bind(PreparedStatement ps, List<String> values) throws SQLException {
        for (int i = 0; i < values.size(); i++) {
            ps.setString(i + 1, values.get(i));
        }
    }
}
