package dev.recall.sessions;

import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * GitHub Copilot CLI: {@code ~/.copilot/session-state/<session id>.jsonl} (newer versions:
 * {@code <session id>/events.jsonl}), one event a line: {id, timestamp, parentId, type, data}. Types read:
 * session.start (sessionId, context.cwd, context.branch), session.model_change (newModel), user.message (content),
 * assistant.message (content, toolRequests: [{toolCallId, name, arguments}]), tool.execution_complete (toolCallId,
 * success, result). Reasoning (assistant.reasoning, reasoningText) is never archived.
 */
final class CopilotCliAdapter extends LineAdapter {
    @Override
    public String id() {
        return "copilot-cli";
    }

    @Override
    public String displayName() {
        return "GitHub Copilot CLI";
    }

    @Override
    public String envVar() {
        return "RECALL_COPILOT_DIR";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return List.of(platform.home().resolve(".copilot/session-state"));
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return files(location, p -> named(p, ".jsonl")).stream().map(this::file).toList();
    }

    @Override
    public boolean recognises(Probe probe) {
        if (!probe.name().endsWith(".jsonl")) {
            return false;
        }
        for (JsonNode r : probe.firstRecords()) {
            String type = r.path("type").asText("");
            if (r.path("data").isObject() && (type.startsWith("session.") || type.startsWith("user.")
                    || type.startsWith("assistant.") || type.startsWith("tool."))) {
                return true;
            }
        }
        return false;
    }

    @Override
    String sessionId(TranscriptFile file, String recordSessionId) {
        if (recordSessionId == null && file.path().getFileName().toString().equals("events.jsonl")) {
            return id() + ":" + file.path().getParent().getFileName();
        }
        return super.sessionId(file, recordSessionId);
    }

    @Override
    TranscriptFormat format(TranscriptFile file) {
        return CopilotCliAdapter::read;
    }

    private static boolean read(JsonNode r, TranscriptChunk chunk) {
        String type = text(r, "type");
        JsonNode data = r.get("data");
        if (type == null || data == null || !data.isObject()) {
            return false;
        }
        Instant at = Json.time(r, "timestamp");
        chunk.seen(at);
        String uuid = text(r, "id");
        switch (type) {
            case "session.start", "session.resume" -> {
                chunk.noteSessionId(text(data, "sessionId"));
                chunk.noteCwd(text(data.path("context"), "cwd"));
                chunk.noteBranch(text(data.path("context"), "branch"));
                chunk.noteModel(text(data, "selectedModel"));
            }
            case "session.model_change" -> chunk.noteModel(text(data, "newModel"));
            case "user.message" -> chunk.user(text(data, "content"), uuid, at);
            case "assistant.message" -> {
                chunk.assistant(text(data, "content"), uuid, at);
                for (JsonNode req : data.path("toolRequests")) {
                    chunk.call(text(req, "toolCallId"), text(req, "name"), ToolSummaries.generic(req.get("arguments")),
                            at);
                }
            }
            case "tool.execution_complete" -> {
                JsonNode result = data.path("result");
                String out = result.isTextual() ? result.asText()
                        : result.has("content") ? result.path("content").asText("")
                        : result.isMissingNode() ? "" : result.toString();
                if (data.has("error")) {
                    out = "[error] " + data.path("error").path("message").asText(data.path("error").asText(""));
                }
                chunk.noteModel(text(data, "model"));
                chunk.result(text(data, "toolCallId"), out, at);
            }
            default -> { } // reasoning, turn markers, shutdown metrics and events not yet invented
        }
        return true;
    }
}
