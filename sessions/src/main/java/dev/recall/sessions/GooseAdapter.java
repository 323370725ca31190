package dev.recall.sessions;

import dev.recall.store.ForeignSqlite;
import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Goose: {@code ~/.local/share/goose/sessions/} ({@code ~/Library/Application Support/Block/goose/sessions/} on macOS,
 * {@code %APPDATA%\Block\goose\data\sessions\} on Windows). Since 1.10 one SQLite database, {@code sessions.db}:
 * sessions (id, name, description, working_dir, created_at, updated_at, model_config_json) and messages (id,
 * session_id, role, content_json, created_timestamp, metadata_json). Before, one {@code <id>.jsonl} per session: a
 * metadata line ({working_dir, description, ...}), then messages {role, created, content}. Content is a list of
 * {type: text}, {type: toolRequest, id, toolCall: {status, value: {name, arguments}}}, {type: toolResponse, id,
 * toolResult: {status, value: [{type: text, text}] | error}}, thinking. Both generations are read whole.
 */
final class GooseAdapter extends DocumentAdapter {
    @Override
    public String id() {
        return "goose";
    }

    @Override
    public String displayName() {
        return "Goose";
    }

    @Override
    public String envVar() {
        return "RECALL_GOOSE_DIR";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return switch (platform.os()) {
            case MAC -> List.of(platform.home().resolve("Library/Application Support/Block/goose/sessions"),
                    platform.home().resolve(".local/share/goose/sessions"));
            case WINDOWS -> List.of(platform.configHome().resolve("Block/goose/data/sessions"));
            case LINUX -> List.of(platform.dataHome().resolve("goose/sessions"));
        };
    }

    @Override
    public String storage() {
        return "SQLite (sessions.db), many sessions; before 1.10 one JSONL per session; re-read when a file moves";
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return LineAdapter.files(location, p -> p.getFileName().toString().equals("sessions.db")
                || LineAdapter.named(p, ".jsonl")).stream().map(this::file).toList();
    }

    @Override
    public boolean recognises(Probe probe) {
        if (probe.sqlite()) {
            return ForeignSqlite.hasTables(probe.path(), "sessions", "messages")
                    && !ForeignSqlite.hasTables(probe.path(), "source_files"); // recall's own database is not Goose's
        }
        if (!probe.name().endsWith(".jsonl")) {
            return false;
        }
        List<JsonNode> first = probe.firstRecords();
        return !first.isEmpty() && first.get(0).has("working_dir") && !first.get(0).has("type");
    }

    @Override
    List<DocumentSession> read(Path source, MalformedSink malformed) throws IOException, NotThisFormat {
        return new Probe(source).sqlite() ? database(source, malformed) : legacy(source, malformed);
    }

    private List<DocumentSession> database(Path source, MalformedSink malformed) throws IOException, NotThisFormat {
        try (ForeignSqlite db = ForeignSqlite.open(source)) {
            if (!db.hasTable("sessions") || !db.hasTable("messages")) {
                throw new NotThisFormat("a SQLite database without Goose's sessions and messages tables");
            }
            List<DocumentSession> out = new ArrayList<>();
            long[] record = {0};
            try (ForeignSqlite.Cursor rs = db.query(
                    "SELECT id, working_dir, created_at, updated_at, model_config_json FROM sessions ORDER BY id")) {
                while (rs.next()) {
                    TranscriptChunk chunk = new TranscriptChunk();
                    String sid = rs.text(1);
                    chunk.noteCwd(rs.text(2));
                    chunk.seen(sqlTime(rs.text(3)));
                    chunk.seen(sqlTime(rs.text(4)));
                    JsonNode model = JsonDocument.parse(rs.text(5));
                    chunk.noteModel(model == null ? null : text(model, "model_name"));
                    try (ForeignSqlite.Cursor m = db.query("SELECT role, content_json, created_timestamp,"
                            + " metadata_json FROM messages WHERE session_id = ? ORDER BY created_timestamp, id", sid)) {
                        while (m.next()) {
                            record[0]++;
                            JsonNode content = JsonDocument.parse(m.text(2));
                            if (content == null || !content.isArray()) {
                                malformed.malformed(record[0], "a message of session " + sid
                                        + " has content_json that is not a JSON array");
                                continue;
                            }
                            JsonNode meta = JsonDocument.parse(m.text(4));
                            if (meta != null && !meta.path("userVisible").asBoolean(true)) {
                                continue; // hidden from the user: compaction summaries and the like
                            }
                            long ts = m.number(3);
                            message(m.text(1), content, ts > 0 ? Instant.ofEpochSecond(ts) : null, chunk);
                        }
                    }
                    out.add(new DocumentSession(sessionId(sid), chunk));
                }
            }
            return out;
        } catch (ForeignSqlite.Unreadable e) {
            throw new IOException("cannot read Goose's database: " + e.getMessage(), e);
        }
    }

    private List<DocumentSession> legacy(Path source, MalformedSink malformed) throws IOException, NotThisFormat {
        List<String> lines = Files.readAllLines(source);
        TranscriptChunk chunk = new TranscriptChunk();
        boolean sawMeta = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            JsonNode r = JsonDocument.parse(line);
            if (r == null || !r.isObject()) {
                malformed.malformed(i + 1, "malformed JSON line");
                continue;
            }
            if (!sawMeta && r.has("working_dir")) {
                sawMeta = true;
                chunk.noteCwd(text(r, "working_dir"));
                continue;
            }
            if (!r.path("role").isTextual() || !r.path("content").isArray()) {
                malformed.malformed(i + 1, "a line that is neither metadata nor a message");
                continue;
            }
            message(r.path("role").asText(), r.path("content"), JsonDocument.epoch(r.get("created")), chunk);
        }
        if (!sawMeta && chunk.messages.isEmpty()) {
            throw new NotThisFormat("JSONL without Goose's session metadata line or messages");
        }
        String stem = source.getFileName().toString().replaceFirst("\\.jsonl$", "");
        return List.of(new DocumentSession(sessionId(stem), chunk));
    }

    private static void message(String role, JsonNode content, Instant at, TranscriptChunk chunk) {
        List<String> texts = new ArrayList<>();
        for (JsonNode b : content) {
            if ("text".equals(text(b, "type"))) {
                texts.add(b.path("text").asText(""));
            }
        }
        if (role.equals("user")) {
            chunk.user(String.join("\n\n", texts), null, at);
        } else if (role.equals("assistant")) {
            chunk.assistant(String.join("\n\n", texts), null, at);
        }
        for (JsonNode b : content) {
            switch (b.path("type").asText("")) {
                case "toolRequest" -> {
                    JsonNode value = b.path("toolCall").path("value");
                    chunk.call(text(b, "id"), text(value, "name"), ToolSummaries.generic(value.get("arguments")), at);
                }
                case "toolResponse" -> {
                    JsonNode r = b.path("toolResult");
                    String out;
                    if ("error".equals(text(r, "status"))) {
                        out = "[error] " + r.path("error").asText("");
                    } else {
                        JsonNode v = r.path("value").has("content") ? r.path("value").path("content") : r.path("value");
                        List<String> parts = new ArrayList<>();
                        for (JsonNode p : v) {
                            if (p.path("text").isTextual()) {
                                parts.add(p.path("text").asText());
                            }
                        }
                        out = String.join("\n", parts);
                    }
                    chunk.result(text(b, "id"), out, at);
                }
                default -> { } // text is above; thinking and images stay out of the archive
            }
        }
    }

    /** Goose writes SQLite's CURRENT_TIMESTAMP form (UTC, no zone) or RFC 3339. */
    private static Instant sqlTime(String s) {
        if (s == null || s.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(s.contains("T") ? (s.endsWith("Z") || s.contains("+") ? s : s + "Z")
                    : s.replace(' ', 'T') + "Z");
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }
}
