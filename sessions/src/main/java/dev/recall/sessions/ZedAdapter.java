package dev.recall.sessions;

import dev.recall.store.ForeignSqlite;
import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Zed's agent threads: {@code ~/.local/share/zed/threads/threads.db} ({@code ~/Library/Application Support/Zed/...}
 * on macOS, {@code %LOCALAPPDATA%\Zed\...} on Windows), SQLite: threads (id, summary, updated_at, data_type: zstd |
 * json, data, and in newer versions folder_paths, created_at, parent_id). A thread's data is a JSON document
 * {messages: [{User: {id, content: [{Text}, {Mention}, ...]}} | {Agent: {content: [{Text}, {Thinking}, {ToolUse: {id,
 * name, input}}], tool_results: {id: {tool_use_id, is_error, content: {Text}}}}}], model: {provider, model}}.
 * Thinking is never archived; per-message timestamps are not recorded.
 */
final class ZedAdapter extends DocumentAdapter {
    @Override
    public String id() {
        return "zed";
    }

    @Override
    public String displayName() {
        return "Zed (agent threads)";
    }

    @Override
    public String envVar() {
        return "RECALL_ZED_DIR";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return List.of(platform.dataHome().resolve(platform.os() == Platform.Os.LINUX ? "zed" : "Zed")
                .resolve("threads"));
    }

    @Override
    public String storage() {
        return "SQLite (threads.db), zstd-compressed JSON per thread; re-read when the database or its WAL moves";
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return LineAdapter.files(location, p -> p.getFileName().toString().equals("threads.db")).stream()
                .map(this::file).toList();
    }

    @Override
    public boolean recognises(Probe probe) {
        return probe.sqlite() && ForeignSqlite.hasTables(probe.path(), "threads");
    }

    @Override
    List<DocumentSession> read(Path source, MalformedSink malformed) throws IOException, NotThisFormat {
        try (ForeignSqlite db = ForeignSqlite.open(source)) {
            if (!db.hasTable("threads") || !db.hasColumn("threads", "data")) {
                throw new NotThisFormat("a SQLite database without Zed's threads table");
            }
            boolean folders = db.hasColumn("threads", "folder_paths");
            boolean created = db.hasColumn("threads", "created_at");
            List<DocumentSession> out = new ArrayList<>();
            long record = 0;
            try (ForeignSqlite.Cursor rs = db.query("SELECT id, updated_at, data_type, data, "
                    + (folders ? "folder_paths" : "NULL") + ", " + (created ? "created_at" : "NULL")
                    + " FROM threads ORDER BY id")) {
                while (rs.next()) {
                    record++;
                    String tid = rs.text(1);
                    JsonNode doc = decode(rs.text(3), rs.bytes(4));
                    if (doc == null || !doc.path("messages").isArray()) {
                        malformed.malformed(record, "thread " + tid + ": data is not a readable thread document");
                        continue;
                    }
                    TranscriptChunk chunk = new TranscriptChunk();
                    chunk.seen(Json.instant(rs.text(6)));
                    chunk.seen(Json.instant(rs.text(2)));
                    chunk.noteCwd(firstFolder(rs.text(5)));
                    chunk.noteModel(text(doc.path("model"), "model"));
                    Instant at = chunk.last;
                    for (JsonNode m : doc.path("messages")) {
                        message(m, at, chunk);
                    }
                    out.add(new DocumentSession(sessionId(tid), chunk));
                }
            }
            return out;
        } catch (ForeignSqlite.Unreadable e) {
            throw new IOException("cannot read Zed's threads.db: " + e.getMessage(), e);
        }
    }

    private static JsonNode decode(String type, byte[] data) {
        if (data == null) {
            return null;
        }
        try {
            byte[] json = "zstd".equalsIgnoreCase(type)
                    ? Zstd.decompress(data, (int) Math.min(Zstd.getFrameContentSize(data), 256L << 20)) : data;
            return JsonDocument.parse(new String(json, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            return null; // a corrupt frame is one malformed thread, not a failed sync
        }
    }

    private static void message(JsonNode m, Instant at, TranscriptChunk chunk) {
        if (m.has("User")) {
            JsonNode u = m.get("User");
            chunk.user(texts(u.path("content")), text(u, "id"), at);
            return;
        }
        JsonNode a = m.get("Agent");
        if (a == null) {
            return;
        }
        chunk.assistant(texts(a.path("content")), null, at);
        for (JsonNode c : a.path("content")) {
            JsonNode use = c.get("ToolUse");
            if (use != null) {
                chunk.call(text(use, "id"), text(use, "name"), ToolSummaries.generic(use.get("input")), at);
            }
        }
        Iterator<Map.Entry<String, JsonNode>> results = a.path("tool_results").properties().iterator();
        while (results.hasNext()) {
            JsonNode r = results.next().getValue();
            JsonNode content = r.path("content");
            String out = content.path("Text").isTextual() ? content.path("Text").asText()
                    : content.isTextual() ? content.asText() : r.path("output").toString();
            chunk.result(text(r, "tool_use_id"), r.path("is_error").asBoolean(false) ? "[error] " + out : out, at);
        }
    }

    private static String texts(JsonNode content) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : content) {
            if (c.path("Text").isTextual()) {
                out.add(c.path("Text").asText());
            }
        }
        return String.join("\n\n", out);
    }

    private static String firstFolder(String folders) {
        if (folders == null || folders.isBlank()) {
            return null;
        }
        JsonNode list = JsonDocument.parse(folders);
        if (list != null && list.isArray() && !list.isEmpty()) {
            return list.get(0).asText(null);
        }
        return folders.lines().filter(l -> !l.isBlank()).findFirst().orElse(null);
    }
}
