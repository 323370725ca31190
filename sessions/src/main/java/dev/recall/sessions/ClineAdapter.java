package dev.recall.sessions;

import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cline and its fork Roo Code, VS Code extensions: {@code <editor user dir>/globalStorage/<extension id>/tasks/
 * <task id>/api_conversation_history.json}, the task's conversation as sent to the model, rewritten each turn: an
 * array of {role, content: string | [{type: text}, {type: tool_use, id, name, input}, {type: tool_result,
 * tool_use_id, content}, {type: image}], ts, modelInfo}}. Older versions call tools in XML inside the assistant's
 * text (kept as text). The extension appends {@code <environment_details>} to user turns; it is dropped, after the
 * working directory is read from it. Timestamps exist only in newer versions ({@code ts}).
 */
final class ClineAdapter extends DocumentAdapter {
    static final String HISTORY = "api_conversation_history.json";
    private static final List<String> EDITORS = List.of("Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf");
    private static final Pattern ENVIRONMENT = Pattern.compile("(?s)<environment_details>.*?</environment_details>");
    private static final Pattern CWD = Pattern.compile("Current Working Directory \\(([^)\\n]+)\\)");

    private final String id;
    private final String name;
    private final String extension;
    private final String envVar;

    private ClineAdapter(String id, String name, String extension, String envVar) {
        this.id = id;
        this.name = name;
        this.extension = extension;
        this.envVar = envVar;
    }

    static ClineAdapter cline() {
        return new ClineAdapter("cline", "Cline", "saoudrizwan.claude-dev", "RECALL_CLINE_DIR");
    }

    static ClineAdapter rooCode() {
        return new ClineAdapter("roo-code", "Roo Code", "rooveterinaryinc.roo-cline", "RECALL_ROO_DIR");
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String displayName() {
        return name;
    }

    @Override
    public String envVar() {
        return envVar;
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        List<Path> out = new ArrayList<>();
        for (String editor : EDITORS) {
            out.add(platform.configHome().resolve(editor).resolve("User/globalStorage").resolve(extension)
                    .resolve("tasks"));
        }
        return out;
    }

    @Override
    public String storage() {
        return "one JSON array per task, rewritten each turn; re-read when its size or mtime moves";
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return LineAdapter.files(location, p -> p.getFileName().toString().equals(HISTORY)).stream()
                .map(this::file).toList();
    }

    /** Both extensions write the same file; the extension's directory tells them apart, Cline when there is none. */
    @Override
    public boolean recognises(Probe probe) {
        if (!probe.name().equals(HISTORY)) {
            return false;
        }
        boolean roo = probe.path().toAbsolutePath().toString().contains("roo-cline");
        return id.equals("roo-code") == roo;
    }

    @Override
    public boolean companion(Path file) {
        String n = file.getFileName().toString();
        return (n.equals("ui_messages.json") || n.equals("task_metadata.json"))
                && Files.exists(file.resolveSibling(HISTORY));
    }

    @Override
    List<DocumentSession> read(Path source, MalformedSink malformed) throws IOException, NotThisFormat {
        JsonNode root = JsonDocument.read(source, malformed);
        if (root == null) {
            return List.of();
        }
        if (!root.isArray()) {
            throw new NotThisFormat("not the JSON array of a " + name + " task's conversation");
        }
        TranscriptChunk chunk = new TranscriptChunk();
        int n = 0;
        for (JsonNode m : root) {
            n++;
            String role = text(m, "role");
            if (role == null || !(m.path("content").isArray() || m.path("content").isTextual())) {
                malformed.malformed(n, "message " + n + " has no role or content");
                continue;
            }
            Instant at = JsonDocument.time(m, "ts");
            chunk.seen(at);
            chunk.noteModel(text(m.path("modelInfo"), "modelId"));
            List<String> texts = new ArrayList<>();
            JsonNode content = m.path("content");
            if (content.isTextual()) {
                texts.add(content.asText());
            }
            for (JsonNode b : content) {
                switch (b.path("type").asText("")) {
                    case "text" -> texts.add(b.path("text").asText(""));
                    case "tool_use" -> chunk.call(text(b, "id"), text(b, "name"),
                            ToolSummaries.generic(b.get("input")), at);
                    case "tool_result" -> chunk.result(text(b, "tool_use_id"), resultText(b.path("content"), chunk),
                            at);
                    default -> { } // images and thinking are not archived
                }
            }
            String text = String.join("\n\n", texts);
            if (role.equals("user")) {
                chunk.user(strip(text, chunk), null, at);
            } else if (role.equals("assistant")) {
                chunk.assistant(text, null, at);
            }
        }
        String task = source.getParent() == null ? source.toString() : source.getParent().getFileName().toString();
        return List.of(new DocumentSession(sessionId(task), chunk));
    }

    private static String resultText(JsonNode c, TranscriptChunk chunk) {
        if (c.isTextual()) {
            return strip(c.asText(), chunk);
        }
        List<String> out = new ArrayList<>();
        for (JsonNode b : c) {
            if (b.path("text").isTextual()) {
                out.add(b.path("text").asText());
            }
        }
        return strip(String.join("\n", out), chunk);
    }

    /** Drops the environment the extension appends to a turn, noting the working directory it names. */
    private static String strip(String text, TranscriptChunk chunk) {
        Matcher env = ENVIRONMENT.matcher(text);
        while (env.find()) {
            Matcher cwd = CWD.matcher(env.group());
            if (cwd.find()) {
                chunk.noteCwd(cwd.group(1).strip());
            }
        }
        return ENVIRONMENT.matcher(text).replaceAll("").strip();
    }
}
