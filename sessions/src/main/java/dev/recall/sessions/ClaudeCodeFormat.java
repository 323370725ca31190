package dev.recall.sessions;

import static dev.recall.sessions.Json.flag;
import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Claude Code's transcript: one record a line, {@code type} user / assistant / summary / system / progress / ...
 * User and assistant records carry an API message whose content is a string or a list of parts (text, thinking,
 * tool_use, tool_result, image). Thinking is never archived. In a main transcript, sidechain records belong to a
 * subagent and are skipped; in a subagent's own file every record is a sidechain and all are kept.
 */
final class ClaudeCodeFormat implements TranscriptFormat {
    private final boolean subagent;

    ClaudeCodeFormat(boolean subagent) {
        this.subagent = subagent;
    }

    @Override
    public boolean read(JsonNode r, TranscriptChunk chunk) {
        String type = text(r, "type");
        if (type == null) {
            return false;
        }
        chunk.noteSessionId(text(r, "sessionId"));
        chunk.noteCwd(text(r, "cwd"));
        chunk.noteBranch(text(r, "gitBranch"));
        Instant at = Json.time(r, "timestamp");
        if (!type.equals("user") && !type.equals("assistant")) {
            return true; // summary, system, progress, file-history-snapshot and types not yet invented
        }
        if ((flag(r, "isSidechain") && !subagent) || flag(r, "isMeta") || flag(r, "isCompactSummary")
                || flag(r, "isVisibleInTranscriptOnly") || flag(r, "isApiErrorMessage")) {
            return true;
        }
        chunk.seen(at);
        JsonNode message = r.path("message");
        String uuid = text(r, "uuid");
        if (type.equals("user")) {
            user(message.path("content"), uuid, at, chunk);
        } else if (!"<synthetic>".equals(text(message, "model"))) {
            chunk.noteModel(text(message, "model"));
            assistant(message.path("content"), uuid, at, chunk);
        }
        return true;
    }

    private static void user(JsonNode content, String uuid, Instant at, TranscriptChunk chunk) {
        if (content.isTextual()) {
            String text = Noise.claudeUser(content.asText());
            if (text != null) {
                chunk.add(new ParsedMessage(ParsedMessage.USER, text, null, null, uuid, at));
            }
            return;
        }
        List<String> texts = new ArrayList<>();
        for (JsonNode part : content) {
            switch (part.path("type").asText("")) {
                case "text" -> {
                    String text = Noise.claudeUser(part.path("text").asText(null));
                    if (text != null) {
                        texts.add(text);
                    }
                }
                case "tool_result" -> {
                    TranscriptChunk.ToolCall call = chunk.toolResult(text(part, "tool_use_id"));
                    String output = Noise.stripReminders(resultText(part.path("content")));
                    if (flag(part, "is_error")) {
                        output = "[error] " + output;
                    }
                    chunk.add(new ParsedMessage(ParsedMessage.TOOL, output, call == null ? null : call.name(),
                            call == null ? null : call.summary(), uuid, at));
                }
                default -> { } // images and documents are not archived
            }
        }
        if (!texts.isEmpty()) {
            chunk.add(new ParsedMessage(ParsedMessage.USER, String.join("\n\n", texts), null, null, uuid, at));
        }
    }

    private static void assistant(JsonNode content, String uuid, Instant at, TranscriptChunk chunk) {
        if (content.isTextual()) {
            if (!content.asText().isBlank()) {
                chunk.add(new ParsedMessage(ParsedMessage.ASSISTANT, content.asText().strip(), null, null, uuid, at));
            }
            return;
        }
        for (JsonNode part : content) {
            switch (part.path("type").asText("")) {
                case "text" -> {
                    String text = part.path("text").asText("");
                    if (!text.isBlank()) {
                        chunk.add(new ParsedMessage(ParsedMessage.ASSISTANT, text.strip(), null, null, uuid, at));
                    }
                }
                case "tool_use", "server_tool_use" -> {
                    String name = text(part, "name");
                    String summary = ToolSummaries.claude(name, part.path("input"));
                    chunk.toolCall(text(part, "id"), name, summary);
                    chunk.add(new ParsedMessage(ParsedMessage.ASSISTANT, "", name, summary, uuid, at));
                }
                default -> { } // thinking and redacted_thinking stay out of the archive
            }
        }
    }

    /** A tool_result's content: a string, or a list of text (and image) parts. */
    private static String resultText(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        List<String> texts = new ArrayList<>();
        for (JsonNode part : content) {
            if (part.isTextual()) {
                texts.add(part.asText());
            } else if ("text".equals(text(part, "type"))) {
                texts.add(part.path("text").asText(""));
            }
        }
        return String.join("\n", texts);
    }
}
