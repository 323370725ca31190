package dev.recall.sessions;

import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Amp: {@code ~/.local/share/amp/threads/T-<id>.json}, one JSON document per thread, rewritten as it goes: {id,
 * created (epoch ms), title, env: {initial: {trees: [{uri, displayName}]}}, messages: [{role, content: [{type: text},
 * {type: thinking}, {type: tool_use, id, name, input}, {type: tool_result, toolUseID, run: {status, result}}], meta:
 * {sentAt}, usage: {model}}]}. Thinking is never archived.
 */
final class AmpAdapter extends DocumentAdapter {
    @Override
    public String id() {
        return "amp";
    }

    @Override
    public String displayName() {
        return "Amp";
    }

    @Override
    public String envVar() {
        return "RECALL_AMP_DIR";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return List.of(platform.home().resolve(".local/share/amp/threads"));
    }

    @Override
    public String storage() {
        return "one JSON document per thread, rewritten; re-read when its size or mtime moves";
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return LineAdapter.files(location, p -> p.getFileName().toString().matches("T-[A-Za-z0-9-]+\\.json"))
                .stream().map(this::file).toList();
    }

    @Override
    public boolean recognises(Probe probe) {
        String head = probe.head();
        return probe.name().endsWith(".json") && head.contains("\"messages\"")
                && (probe.name().startsWith("T-") || head.contains("\"id\":\"T-") || head.contains("\"id\": \"T-"));
    }

    @Override
    List<DocumentSession> read(Path source, MalformedSink malformed) throws IOException, NotThisFormat {
        JsonNode root = JsonDocument.read(source, malformed);
        if (root == null) {
            return List.of();
        }
        if (!root.isObject() || !root.path("messages").isArray()) {
            throw new NotThisFormat("JSON without the messages array of an Amp thread");
        }
        TranscriptChunk chunk = new TranscriptChunk();
        Instant created = JsonDocument.epoch(root.get("created"));
        chunk.seen(created);
        chunk.noteCwd(cwd(root.path("env").path("initial").path("trees").path(0).path("uri").asText(null)));
        int n = 0;
        for (JsonNode m : root.path("messages")) {
            n++;
            if (!m.isObject() || !m.path("content").isArray()) {
                malformed.malformed(n, "message " + n + " has no content array");
                continue;
            }
            Instant at = JsonDocument.epoch(m.path("meta").get("sentAt"));
            if (at == null) {
                at = Json.time(m.path("usage"), "timestamp");
            }
            chunk.noteModel(text(m.path("usage"), "model"));
            String uuid = text(m, "messageId");
            List<String> texts = new ArrayList<>();
            for (JsonNode b : m.path("content")) {
                if ("text".equals(text(b, "type"))) {
                    texts.add(b.path("text").asText(""));
                }
            }
            if ("user".equals(text(m, "role"))) {
                chunk.user(String.join("\n\n", texts), uuid, at);
            } else if ("assistant".equals(text(m, "role"))) {
                chunk.assistant(String.join("\n\n", texts), uuid, at);
            }
            for (JsonNode b : m.path("content")) {
                switch (b.path("type").asText("")) {
                    case "tool_use" -> chunk.call(text(b, "id"), text(b, "name"),
                            ToolSummaries.generic(b.get("input")), at);
                    case "tool_result" -> chunk.result(b.has("toolUseID") ? text(b, "toolUseID")
                            : text(b, "tool_use_id"), result(b), at);
                    default -> { } // text is above; thinking stays out of the archive
                }
            }
        }
        String own = text(root, "id");
        String stem = source.getFileName().toString().replaceFirst("\\.json$", "");
        return List.of(new DocumentSession(sessionId(own != null ? own : stem), chunk));
    }

    private static String result(JsonNode block) {
        JsonNode run = block.path("run");
        String status = run.path("status").asText("");
        JsonNode r = run.path("result");
        String out;
        if (r.isTextual()) {
            out = r.asText();
        } else if (r.has("output")) {
            out = r.path("output").asText(r.path("output").toString());
        } else if (r.has("content")) {
            out = r.path("content").asText(r.path("content").toString());
        } else if (r.isMissingNode() || r.isNull()) {
            out = run.path("error").path("message").asText("");
        } else {
            out = r.toString();
        }
        return status.equals("error") ? "[error] " + out : status.equals("cancelled") ? "[cancelled] " + out : out;
    }

    private static String cwd(String uri) {
        if (uri == null || !uri.startsWith("file:")) {
            return null;
        }
        try {
            return Path.of(URI.create(uri)).toString();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
