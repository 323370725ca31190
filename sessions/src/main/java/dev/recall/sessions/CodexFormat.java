package dev.recall.sessions;

import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Codex's rollout: {@code {timestamp, type, payload}} a line, type session_meta / response_item / event_msg /
 * turn_context / compacted. Messages are recorded twice (a response item and a user_message or agent_message
 * event); the twins are paired so each message is archived once. Reasoning is never archived. Rollouts from before
 * the payload envelope (a bare meta line, then bare response items) are read too.
 */
final class CodexFormat implements TranscriptFormat {
    private static final Set<String> RESPONSE_TYPES = Set.of("message", "function_call", "function_call_output",
            "custom_tool_call", "custom_tool_call_output", "local_shell_call", "web_search_call", "reasoning");
    private static final String FROM_RESPONSE = "response";
    private static final String FROM_EVENT = "event";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public boolean read(JsonNode r, TranscriptChunk chunk) {
        String type = text(r, "type");
        Instant at = Json.time(r, "timestamp");
        JsonNode payload = r.get("payload");
        if (payload == null || !payload.isObject()) {
            return legacy(r, type, at, chunk);
        }
        switch (type == null ? "" : type) {
            case "session_meta" -> {
                chunk.noteSessionId(text(payload, "id"));
                chunk.noteCwd(text(payload, "cwd"));
                chunk.noteBranch(text(payload.path("git"), "branch"));
                chunk.seen(at != null ? at : Json.time(payload, "timestamp"));
            }
            case "turn_context" -> {
                chunk.noteCwd(text(payload, "cwd"));
                chunk.noteModel(text(payload, "model"));
            }
            case "response_item" -> response(payload, at, chunk);
            case "event_msg" -> event(payload, at, chunk);
            default -> { } // compacted and types not yet invented
        }
        return true;
    }

    private boolean legacy(JsonNode r, String type, Instant at, TranscriptChunk chunk) {
        if (type == null && r.has("id") && r.has("timestamp")) {
            chunk.noteSessionId(text(r, "id"));
            chunk.noteBranch(text(r.path("git"), "branch"));
            chunk.seen(at);
            return true;
        }
        if (type != null && RESPONSE_TYPES.contains(type)) {
            response(r, at, chunk);
            return true;
        }
        return r.has("record_type"); // the legacy state line
    }

    private void response(JsonNode p, Instant at, TranscriptChunk chunk) {
        chunk.seen(at);
        String callId = text(p, "call_id");
        switch (p.path("type").asText("")) {
            case "message" -> message(p, at, chunk);
            case "function_call" -> {
                String name = text(p, "name");
                String summary = ToolSummaries.codex(name, arguments(p.path("arguments")), null);
                call(chunk, callId, name, summary, at);
            }
            case "custom_tool_call" -> {
                String name = text(p, "name");
                call(chunk, callId, name, ToolSummaries.codex(name, null, text(p, "input")), at);
            }
            case "local_shell_call" -> call(chunk, callId, "local_shell",
                    ToolSummaries.command(p.path("action").path("command")), at);
            case "web_search_call" -> call(chunk, callId, "web_search",
                    text(p.path("action"), "query"), at);
            case "function_call_output", "custom_tool_call_output" -> {
                TranscriptChunk.ToolCall c = chunk.toolResult(callId);
                chunk.add(new ParsedMessage(ParsedMessage.TOOL, output(p.get("output")), c == null ? null : c.name(),
                        c == null ? null : c.summary(), callId == null ? null : callId + ":output", at));
            }
            default -> { } // reasoning stays out of the archive
        }
    }

    private static void call(TranscriptChunk chunk, String callId, String name, String summary, Instant at) {
        chunk.toolCall(callId, name, summary);
        chunk.add(new ParsedMessage(ParsedMessage.ASSISTANT, "", name, summary, callId, at));
    }

    private static void message(JsonNode p, Instant at, TranscriptChunk chunk) {
        String role = p.path("role").asText("");
        if (!role.equals("user") && !role.equals("assistant")) {
            return; // developer and system prompts are configuration, not conversation
        }
        List<String> texts = new ArrayList<>();
        for (JsonNode part : p.path("content")) {
            String t = part.path("text").asText(null);
            if (t == null) {
                continue;
            }
            t = role.equals("user") ? Noise.codexUser(t) : t.strip();
            if (t != null && !t.isEmpty()) {
                texts.add(t);
            }
        }
        if (!texts.isEmpty()) {
            keep(chunk, role, String.join("\n\n", texts), FROM_RESPONSE, at);
        }
    }

    private static void event(JsonNode p, Instant at, TranscriptChunk chunk) {
        String kind = p.path("type").asText("");
        String role = kind.equals("user_message") ? ParsedMessage.USER
                : kind.equals("agent_message") ? ParsedMessage.ASSISTANT : null;
        if (role == null) {
            return; // token counts, reasoning, exec events: not conversation
        }
        chunk.seen(at);
        String t = text(p, "message");
        t = t == null ? null : role.equals(ParsedMessage.USER) ? Noise.codexUser(t) : t.strip();
        if (t != null && !t.isEmpty()) {
            keep(chunk, role, t, FROM_EVENT, at);
        }
    }

    private static void keep(TranscriptChunk chunk, String role, String text, String source, Instant at) {
        if (!chunk.isTwin(role, text, source)) {
            chunk.add(new ParsedMessage(role, text, null, null, null, at));
        }
    }

    /** function_call arguments are a JSON document inside a string. */
    private static JsonNode arguments(JsonNode raw) {
        if (raw.isObject()) {
            return raw;
        }
        if (raw.isTextual()) {
            try {
                return JSON.readTree(raw.asText());
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return raw;
            }
        }
        return null;
    }

    /** A tool output: plain text, or a JSON string {output, metadata: {exit_code}}. */
    private static String output(JsonNode raw) {
        if (raw == null || raw.isNull()) {
            return "";
        }
        JsonNode doc = raw;
        if (raw.isTextual()) {
            String s = raw.asText();
            if (!s.startsWith("{")) {
                return s;
            }
            try {
                doc = JSON.readTree(s);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return s;
            }
        }
        if (doc.isObject() && doc.has("output")) {
            String out = doc.path("output").asText("");
            int exit = doc.path("metadata").path("exit_code").asInt(0);
            return exit == 0 ? out : "[exit " + exit + "] " + out;
        }
        if (doc.isArray()) {
            List<String> texts = new ArrayList<>();
            doc.forEach(part -> texts.add(part.path("text").asText(part.isTextual() ? part.asText() : "")));
            return String.join("\n", texts);
        }
        return doc.isTextual() ? doc.asText() : doc.toString();
    }
}
