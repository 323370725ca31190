package dev.recall.sessions;

import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Qwen Code: {@code ~/.qwen/projects/<sanitised cwd>/chats/<session id>.jsonl}, one record a line: {uuid, parentUuid,
 * sessionId, timestamp, type: user | assistant | tool_result | system, cwd, gitBranch, model, message: {role: user |
 * model, parts: [{text, thought}, {functionCall: {id, name, args}}, {functionResponse: {id, name, response:
 * {output}}}]}}. Thoughts are never archived.
 */
final class QwenCodeAdapter extends LineAdapter {
    @Override
    public String id() {
        return "qwen-code";
    }

    @Override
    public String displayName() {
        return "Qwen Code";
    }

    @Override
    public String envVar() {
        return "RECALL_QWEN_DIR";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return List.of(platform.home().resolve(".qwen/projects"));
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return files(location, p -> named(p, ".jsonl") && p.getParent() != null
                && p.getParent().getFileName().toString().equals("chats")).stream().map(this::file).toList();
    }

    @Override
    public boolean recognises(Probe probe) {
        if (!probe.name().endsWith(".jsonl")) {
            return false;
        }
        for (JsonNode r : probe.firstRecords()) {
            if (r.has("sessionId") && r.path("message").has("parts")) {
                return true;
            }
        }
        return false;
    }

    @Override
    TranscriptFormat format(TranscriptFile file) {
        return QwenCodeAdapter::read;
    }

    private static boolean read(JsonNode r, TranscriptChunk chunk) {
        String type = text(r, "type");
        if (type == null || !r.has("sessionId")) {
            return false;
        }
        chunk.noteSessionId(text(r, "sessionId"));
        chunk.noteCwd(text(r, "cwd"));
        chunk.noteBranch(text(r, "gitBranch"));
        Instant at = Json.time(r, "timestamp");
        chunk.seen(at);
        String uuid = text(r, "uuid");
        JsonNode parts = r.path("message").path("parts");
        switch (type) {
            case "user", "tool_result" -> {
                List<String> texts = new ArrayList<>();
                for (JsonNode p : parts) {
                    JsonNode fr = p.get("functionResponse");
                    if (fr != null) {
                        JsonNode out = fr.path("response").has("output") ? fr.path("response").path("output")
                                : fr.path("response");
                        chunk.result(text(fr, "id"), out.isTextual() ? out.asText() : out.toString(), at);
                    } else if (p.path("text").isTextual() && !p.path("thought").asBoolean(false)) {
                        texts.add(p.path("text").asText());
                    }
                }
                if (type.equals("user")) {
                    chunk.user(String.join("\n", texts), uuid, at);
                }
            }
            case "assistant" -> {
                chunk.noteModel(text(r, "model"));
                List<String> texts = new ArrayList<>();
                List<JsonNode> calls = new ArrayList<>();
                for (JsonNode p : parts) {
                    if (p.has("functionCall")) {
                        calls.add(p.get("functionCall"));
                    } else if (p.path("text").isTextual() && !p.path("thought").asBoolean(false)) {
                        texts.add(p.path("text").asText());
                    }
                }
                chunk.assistant(String.join("\n", texts), uuid, at);
                for (JsonNode fc : calls) {
                    chunk.call(text(fc, "id"), text(fc, "name"), ToolSummaries.generic(fc.get("args")), at);
                }
            }
            default -> { } // system records (compression checkpoints, telemetry) are not conversation
        }
        return true;
    }
}
