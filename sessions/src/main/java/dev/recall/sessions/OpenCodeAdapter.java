package dev.recall.sessions;

import dev.recall.store.ForeignSqlite;
import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * OpenCode: {@code ~/.local/share/opencode/opencode.db} (XDG data dir on every OS), SQLite. Tables: project (id,
 * worktree), session (id, project_id, parent_id, title, directory, time_created, time_updated), message (id,
 * session_id, time_created, data: JSON {role, modelID, path: {cwd}}), part (id, message_id, session_id, time_created,
 * data: JSON {type: text | reasoning | tool | step-start | ..., text, tool, callID, state: {status, input, output}}).
 * Reasoning is never archived. Versions before the database kept the same records as JSON files under
 * {@code storage/}; those are not read.
 */
final class OpenCodeAdapter extends DocumentAdapter {
    @Override
    public String id() {
        return "opencode";
    }

    @Override
    public String displayName() {
        return "OpenCode";
    }

    @Override
    public String envVar() {
        return "RECALL_OPENCODE_DIR";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        String xdg = platform.env().get("XDG_DATA_HOME");
        Path data = xdg != null && !xdg.isBlank() ? Path.of(xdg) : platform.home().resolve(".local/share");
        return List.of(data.resolve("opencode"));
    }

    @Override
    public String storage() {
        return "SQLite (opencode.db), many sessions; re-read when the database or its WAL moves";
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return LineAdapter.files(location, p -> p.getFileName().toString().equals("opencode.db")).stream()
                .filter(p -> p.getParent().equals(location)).map(this::file).toList();
    }

    @Override
    public boolean recognises(Probe probe) {
        return probe.sqlite() && ForeignSqlite.hasTables(probe.path(), "session", "message", "part", "project");
    }

    @Override
    List<DocumentSession> read(Path source, MalformedSink malformed) throws IOException, NotThisFormat {
        try (ForeignSqlite db = ForeignSqlite.open(source)) {
            if (!db.hasTable("session") || !db.hasTable("message") || !db.hasTable("part")) {
                throw new NotThisFormat("a SQLite database without OpenCode's session, message and part tables");
            }
            Map<String, String> worktrees = new HashMap<>();
            if (db.hasTable("project")) {
                try (ForeignSqlite.Cursor rs = db.query("SELECT id, worktree FROM project")) {
                    while (rs.next()) {
                        worktrees.put(rs.text(1), rs.text(2));
                    }
                }
            }
            boolean directory = db.hasColumn("session", "directory");
            List<DocumentSession> out = new ArrayList<>();
            long[] record = {0};
            try (ForeignSqlite.Cursor rs = db.query("SELECT id, project_id, time_created,"
                    + " time_updated" + (directory ? ", directory" : ", NULL") + " FROM session ORDER BY time_created, id")) {
                while (rs.next()) {
                    TranscriptChunk chunk = new TranscriptChunk();
                    String sid = rs.text(1);
                    chunk.noteCwd(rs.text(5));
                    chunk.noteCwd(chunk.cwd == null ? worktrees.get(rs.text(2)) : null);
                    chunk.seen(millis(rs.number(3)));
                    chunk.seen(millis(rs.number(4)));
                    messages(db, sid, chunk, record, malformed);
                    out.add(new DocumentSession(sessionId(sid), chunk));
                }
            }
            return out;
        } catch (ForeignSqlite.Unreadable e) {
            throw new IOException("cannot read OpenCode's database: " + e.getMessage(), e);
        }
    }

    private static void messages(ForeignSqlite db, String sessionId, TranscriptChunk chunk, long[] record,
            MalformedSink malformed) throws ForeignSqlite.Unreadable {
        Map<String, List<JsonNode>> parts = new HashMap<>();
        try (ForeignSqlite.Cursor rs = db.query(
                "SELECT message_id, data FROM part WHERE session_id = ? ORDER BY time_created, id", sessionId)) {
            while (rs.next()) {
                record[0]++;
                JsonNode d = JsonDocument.parse(rs.text(2));
                if (d == null || !d.isObject()) {
                    malformed.malformed(record[0], "part of session " + sessionId + " is not a JSON object");
                    continue;
                }
                parts.computeIfAbsent(rs.text(1), k -> new ArrayList<>()).add(d);
            }
        }
        try (ForeignSqlite.Cursor rs = db.query(
                "SELECT id, time_created, data FROM message WHERE session_id = ? ORDER BY time_created, id", sessionId)) {
            while (rs.next()) {
                record[0]++;
                String mid = rs.text(1);
                Instant at = millis(rs.number(2));
                JsonNode d = JsonDocument.parse(rs.text(3));
                if (d == null || !d.path("role").isTextual()) {
                    malformed.malformed(record[0], "message " + mid + " has no readable role");
                    continue;
                }
                chunk.noteCwd(chunk.cwd == null ? text(d.path("path"), "cwd") : null);
                chunk.noteModel(text(d, "modelID"));
                message(d.path("role").asText(), mid, at, parts.getOrDefault(mid, List.of()), chunk);
            }
        }
    }

    private static void message(String role, String mid, Instant at, List<JsonNode> parts, TranscriptChunk chunk) {
        List<String> texts = new ArrayList<>();
        for (JsonNode p : parts) {
            if ("text".equals(text(p, "type")) && !p.path("synthetic").asBoolean(false)) {
                texts.add(p.path("text").asText(""));
            }
        }
        if (role.equals("user")) {
            chunk.user(String.join("\n\n", texts), mid, at);
        } else if (role.equals("assistant")) {
            chunk.assistant(String.join("\n\n", texts), mid, at);
        }
        for (JsonNode p : parts) {
            if ("tool".equals(text(p, "type"))) {
                JsonNode state = p.path("state");
                String callId = text(p, "callID");
                chunk.call(callId, text(p, "tool"), ToolSummaries.generic(state.get("input")), at);
                String status = state.path("status").asText("");
                if (status.equals("completed") || status.equals("error")) {
                    String output = status.equals("error") ? "[error] " + state.path("error").asText("")
                            : state.path("output").asText("");
                    chunk.result(callId, output, at);
                }
            }
        }
    }

    private static Instant millis(long ms) {
        return ms <= 0 ? null : Instant.ofEpochMilli(ms);
    }
}
