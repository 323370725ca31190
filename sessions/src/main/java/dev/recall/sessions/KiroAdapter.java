package dev.recall.sessions;

import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Kiro CLI: {@code ~/.kiro/sessions/cli/<session id>.jsonl} with a companion {@code <session id>.json} ({session_id,
 * cwd, title, created_at, updated_at}). Records are {kind: Prompt | AssistantMessage | ToolResults, data: {content:
 * [{kind: text, data}, {kind: toolUse, data: {toolUseId, name, input}}, {kind: toolResult, data: {toolUseId,
 * content}}]}}; newer builds write {timestamp, payload: {type: user | assistant | tool_call | tool_result, content,
 * toolName, toolCallId, args}}. Both are read. Prompts carry no timestamp in the older shape.
 */
final class KiroAdapter extends LineAdapter {
    @Override
    public String id() {
        return "kiro";
    }

    @Override
    public String displayName() {
        return "Kiro";
    }

    @Override
    public String envVar() {
        return "RECALL_KIRO_DIR";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return List.of(platform.home().resolve(".kiro/sessions"));
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return files(location, p -> named(p, ".jsonl")).stream().map(this::file).toList();
    }

    @Override
    public boolean companion(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".json") && Files.exists(file.resolveSibling(name.replaceFirst("\\.json$", ".jsonl")))
                && meta(file.resolveSibling(name.replaceFirst("\\.json$", ".jsonl"))) != null;
    }

    @Override
    public boolean recognises(Probe probe) {
        if (!probe.name().endsWith(".jsonl")) {
            return false;
        }
        for (JsonNode r : probe.firstRecords()) {
            String kind = r.path("kind").asText("");
            if ((r.path("data").isObject() && (kind.equals("Prompt") || kind.equals("AssistantMessage")
                    || kind.equals("ToolResults"))) || r.path("payload").has("toolCallId")
                    || (r.path("payload").path("type").isTextual() && r.has("timestamp") && !r.has("type"))) {
                return true;
            }
        }
        return false;
    }

    @Override
    TranscriptFormat format(TranscriptFile file) {
        JsonNode meta = meta(file.path());
        return (r, chunk) -> {
            if (meta != null) {
                chunk.noteSessionId(text(meta, "session_id"));
                chunk.noteCwd(text(meta, "cwd"));
                chunk.seen(Json.time(meta, "created_at"));
                chunk.seen(Json.time(meta, "updated_at"));
            }
            return r.has("kind") ? legacy(r, chunk) : current(r, chunk);
        };
    }

    /** The companion metadata of a session file, or null. */
    private static JsonNode meta(Path jsonl) {
        Path json = jsonl.resolveSibling(jsonl.getFileName().toString().replaceFirst("\\.jsonl$", ".json"));
        try {
            JsonNode n = Files.isRegularFile(json) ? JsonDocument.parse(Files.readString(json)) : null;
            return n != null && n.has("session_id") ? n : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static boolean legacy(JsonNode r, TranscriptChunk chunk) {
        String kind = text(r, "kind");
        JsonNode content = r.path("data").path("content");
        Instant at = Json.time(r, "timestamp");
        switch (kind == null ? "" : kind) {
            case "Prompt" -> chunk.user(texts(content), null, at);
            case "AssistantMessage" -> {
                chunk.assistant(texts(content), null, at);
                for (JsonNode b : content) {
                    if ("toolUse".equals(text(b, "kind"))) {
                        JsonNode d = b.path("data");
                        chunk.call(text(d, "toolUseId"), text(d, "name"), ToolSummaries.generic(d.get("input")), at);
                    }
                }
            }
            case "ToolResults" -> {
                for (JsonNode b : content) {
                    if ("toolResult".equals(text(b, "kind"))) {
                        JsonNode d = b.path("data");
                        chunk.result(text(d, "toolUseId"), resultText(d.path("content")), at);
                    }
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private static boolean current(JsonNode r, TranscriptChunk chunk) {
        JsonNode p = r.get("payload");
        if (p == null || !p.path("type").isTextual()) {
            return false;
        }
        Instant at = JsonDocument.time(r, "timestamp");
        chunk.seen(at);
        switch (p.path("type").asText()) {
            case "user" -> chunk.user(text(p, "content"), text(p, "id"), at);
            case "assistant" -> {
                chunk.noteModel(text(p, "reasoningModelId"));
                chunk.assistant(text(p, "content"), text(p, "id"), at);
            }
            case "tool_call" -> chunk.call(text(p, "toolCallId"), text(p, "toolName"),
                    ToolSummaries.generic(p.get("args")), at);
            case "tool_result" -> chunk.result(text(p, "toolCallId"), resultText(p.path("content")), at);
            default -> { }
        }
        return true;
    }

    private static String texts(JsonNode content) {
        List<String> out = new ArrayList<>();
        for (JsonNode b : content) {
            if ("text".equals(text(b, "kind")) && b.path("data").isTextual()) {
                out.add(b.path("data").asText());
            }
        }
        return String.join("\n\n", out);
    }

    private static String resultText(JsonNode c) {
        if (c.isTextual()) {
            return c.asText();
        }
        if (c.isArray()) {
            List<String> out = new ArrayList<>();
            for (JsonNode b : c) {
                JsonNode d = b.has("data") ? b.get("data") : b.path("text");
                out.add(d.isTextual() ? d.asText() : d.toString());
            }
            return String.join("\n", out);
        }
        return c.isMissingNode() ? "" : c.toString();
    }
}
