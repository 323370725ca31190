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
 * Gemini CLI: {@code ~/.gemini/tmp/<project hash>/chats/session-<time>-<id>.json}, one JSON document per session,
 * rewritten as the session goes: {sessionId, projectHash, startTime, lastUpdated, messages: [{id, timestamp, type:
 * user | gemini | info | error, content, toolCalls: [{id, name, args, result: [{functionResponse: {response:
 * {output}}}]}], thoughts, model}]}. The project hash is one-way; newer versions leave the project's path in
 * {@code .project_root} next to {@code chats/}. Thoughts are never archived.
 */
final class GeminiCliAdapter extends DocumentAdapter {
    @Override
    public String id() {
        return "gemini-cli";
    }

    @Override
    public String displayName() {
        return "Gemini CLI";
    }

    @Override
    public String envVar() {
        return "RECALL_GEMINI_DIR";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return List.of(platform.home().resolve(".gemini/tmp"));
    }

    @Override
    public String storage() {
        return "one JSON document per session, rewritten; re-read when its size or mtime moves";
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return LineAdapter.files(location, GeminiCliAdapter::sessionFile).stream().map(this::file).toList();
    }

    private static boolean sessionFile(Path p) {
        String name = p.getFileName().toString();
        Path parent = p.getParent();
        return name.startsWith("session-") && name.endsWith(".json") && parent != null
                && parent.getFileName().toString().equals("chats");
    }

    @Override
    public boolean recognises(Probe probe) {
        String head = probe.head();
        return probe.name().endsWith(".json") && head.contains("\"sessionId\"") && head.contains("\"messages\"")
                && (head.contains("\"projectHash\"") || head.contains("\"type\": \"gemini\"")
                        || head.contains("\"type\":\"gemini\""));
    }

    @Override
    List<DocumentSession> read(Path source, MalformedSink malformed) throws IOException, NotThisFormat {
        JsonNode root = JsonDocument.read(source, malformed);
        if (root == null) {
            return List.of();
        }
        if (!root.isObject() || !root.path("messages").isArray()) {
            throw new NotThisFormat("JSON without the messages array of a Gemini CLI session");
        }
        String own = text(root, "sessionId");
        TranscriptChunk chunk = new TranscriptChunk();
        chunk.seen(Json.time(root, "startTime"));
        chunk.seen(Json.time(root, "lastUpdated"));
        chunk.noteCwd(projectRoot(source));
        int n = 0;
        for (JsonNode m : root.path("messages")) {
            n++;
            if (!m.isObject()) {
                malformed.malformed(n, "message " + n + " is not a JSON object");
                continue;
            }
            message(m, chunk);
        }
        String stem = source.getFileName().toString().replaceFirst("\\.json$", "");
        return List.of(new DocumentSession(sessionId(own != null ? own : stem), chunk));
    }

    private static void message(JsonNode m, TranscriptChunk chunk) {
        Instant at = Json.time(m, "timestamp");
        String uuid = text(m, "id");
        String type = m.path("type").asText("");
        if (type.equals("user")) {
            chunk.user(content(m.get("content")), uuid, at);
        } else if (type.equals("gemini")) {
            chunk.noteModel(text(m, "model"));
            chunk.assistant(content(m.get("content")), uuid, at);
            for (JsonNode call : m.path("toolCalls")) {
                String id = text(call, "id");
                chunk.call(id, text(call, "name"), ToolSummaries.generic(call.get("args")), at);
                List<String> outputs = new ArrayList<>();
                for (JsonNode r : call.path("result")) {
                    JsonNode out = r.path("functionResponse").path("response").path("output");
                    if (!out.isMissingNode()) {
                        outputs.add(out.isTextual() ? out.asText() : out.toString());
                    }
                }
                if (outputs.isEmpty() && call.has("resultDisplay")) {
                    outputs.add(call.path("resultDisplay").asText(""));
                }
                String status = text(call, "status");
                String output = String.join("\n", outputs);
                chunk.result(id, "error".equals(status) ? "[error] " + output : output, Json.time(call, "timestamp"));
            }
        }
        // info, warning and error messages are the CLI talking to the user, not the conversation
    }

    private static String content(JsonNode c) {
        if (c == null || c.isNull()) {
            return null;
        }
        if (c.isTextual()) {
            return c.asText();
        }
        List<String> texts = new ArrayList<>();
        for (JsonNode part : c) {
            if (part.path("text").isTextual() && !part.path("thought").asBoolean(false)) {
                texts.add(part.path("text").asText());
            }
        }
        return String.join("\n", texts);
    }

    /** The project's path, where the CLI recorded it next to the chats directory. */
    private static String projectRoot(Path source) {
        Path chats = source.getParent();
        Path marker = chats == null || chats.getParent() == null ? null : chats.getParent().resolve(".project_root");
        try {
            return marker != null && Files.isRegularFile(marker) ? Files.readString(marker).strip() : null;
        } catch (IOException e) {
            return null;
        }
    }
}
