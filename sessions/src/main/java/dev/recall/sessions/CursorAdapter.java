package dev.recall.sessions;

import dev.recall.store.ForeignSqlite;
import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Cursor's agent and composer history: {@code <Cursor user dir>/globalStorage/state.vscdb}, SQLite with a key-value
 * table cursorDiskKV. {@code composerData:<composer id>} holds a conversation ({createdAt, lastUpdatedAt,
 * modelConfig: {modelName}, fullConversationHeadersOnly: [{bubbleId, type}]}, or the whole conversation inline in
 * older versions); {@code bubbleId:<composer id>:<bubble id>} holds one message ({type: 1 user | 2 assistant, text,
 * createdAt, modelInfo, toolFormerData: {toolCallId, name, rawArgs, params, result, status}}). The workspace a
 * conversation ran in lives in per-workspace databases and is not read; thinking is never archived.
 */
final class CursorAdapter extends DocumentAdapter {
    @Override
    public String id() {
        return "cursor";
    }

    @Override
    public String displayName() {
        return "Cursor";
    }

    @Override
    public String envVar() {
        return "RECALL_CURSOR_DIR";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return List.of(platform.configHome().resolve("Cursor/User/globalStorage"));
    }

    @Override
    public String storage() {
        return "SQLite key-value store (state.vscdb), many conversations; re-read when the database or its WAL moves";
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return LineAdapter.files(location, p -> p.getFileName().toString().equals("state.vscdb")).stream()
                .filter(p -> p.getParent().equals(location)).map(this::file).toList();
    }

    @Override
    public boolean recognises(Probe probe) {
        return probe.sqlite() && ForeignSqlite.hasTables(probe.path(), "cursorDiskKV");
    }

    @Override
    List<DocumentSession> read(Path source, MalformedSink malformed) throws IOException, NotThisFormat {
        try (ForeignSqlite db = ForeignSqlite.open(source)) {
            if (!db.hasTable("cursorDiskKV")) {
                throw new NotThisFormat("a SQLite database without Cursor's cursorDiskKV table");
            }
            long[] record = {0};
            Map<String, JsonNode> bubbles = new HashMap<>();
            Set<String> broken = new HashSet<>();
            try (ForeignSqlite.Cursor rs = db.query(
                    "SELECT key, value FROM cursorDiskKV WHERE key LIKE 'bubbleId:%'")) {
                while (rs.next()) {
                    record[0]++;
                    JsonNode b = JsonDocument.parse(rs.text(2));
                    if (b == null || !b.isObject()) {
                        malformed.malformed(record[0], rs.text(1) + " is not a JSON object");
                        broken.add(rs.text(1));
                        continue;
                    }
                    bubbles.put(rs.text(1), b);
                }
            }
            List<DocumentSession> out = new ArrayList<>();
            try (ForeignSqlite.Cursor rs = db.query(
                    "SELECT key, value FROM cursorDiskKV WHERE key LIKE 'composerData:%' ORDER BY key")) {
                while (rs.next()) {
                    record[0]++;
                    String composerId = rs.text(1).substring("composerData:".length());
                    JsonNode c = JsonDocument.parse(rs.text(2));
                    if (c == null || !c.isObject()) {
                        malformed.malformed(record[0], rs.text(1) + " is not a JSON object");
                        continue;
                    }
                    TranscriptChunk chunk = conversation(composerId, c, bubbles, broken, record, malformed);
                    if (!chunk.messages.isEmpty()) {
                        out.add(new DocumentSession(sessionId(composerId), chunk));
                    }
                }
            }
            return out;
        } catch (ForeignSqlite.Unreadable e) {
            throw new IOException("cannot read Cursor's state.vscdb: " + e.getMessage(), e);
        }
    }

    private static TranscriptChunk conversation(String composerId, JsonNode c, Map<String, JsonNode> bubbles,
            Set<String> broken, long[] record, MalformedSink malformed) {
        TranscriptChunk chunk = new TranscriptChunk();
        chunk.seen(JsonDocument.epoch(c.get("createdAt")));
        chunk.seen(JsonDocument.epoch(c.get("lastUpdatedAt")));
        chunk.noteModel(text(c.path("modelConfig"), "modelName"));
        chunk.noteBranch(text(c, "createdOnBranch"));
        if (c.path("conversation").isArray() && !c.path("conversation").isEmpty()) {
            for (JsonNode b : c.path("conversation")) {
                bubble(b, chunk);
            }
            return chunk;
        }
        for (JsonNode h : c.path("fullConversationHeadersOnly")) {
            String key = "bubbleId:" + composerId + ":" + text(h, "bubbleId");
            JsonNode b = bubbles.get(key);
            if (b == null) {
                if (broken.contains(key)) {
                    continue; // already counted where it was read
                }
                record[0]++;
                malformed.malformed(record[0], key + " is named by its conversation but missing");
                continue;
            }
            bubble(b, chunk);
        }
        return chunk;
    }

    private static void bubble(JsonNode b, TranscriptChunk chunk) {
        Instant at = JsonDocument.time(b, "createdAt");
        String uuid = text(b, "bubbleId");
        int type = b.path("type").asInt(0);
        if (type == 1) {
            chunk.noteModel(text(b.path("modelInfo"), "modelName"));
            chunk.user(text(b, "text"), uuid, at);
            return;
        }
        if (type != 2) {
            return;
        }
        chunk.assistant(text(b, "text"), uuid, at);
        JsonNode tool = b.path("toolFormerData");
        if (tool.isObject() && tool.path("name").isTextual()) {
            String callId = tool.has("toolCallId") ? text(tool, "toolCallId") : uuid;
            JsonNode args = JsonDocument.parse(tool.path("rawArgs").asText(tool.path("params").asText(null)));
            chunk.call(callId, text(tool, "name"), ToolSummaries.generic(args), at);
            if (tool.has("result")) {
                JsonNode r = tool.get("result");
                String out = r.isTextual() ? r.asText() : r.toString();
                chunk.result(callId, "error".equals(text(tool, "status")) ? "[error] " + out : out, at);
            }
        }
    }
}
