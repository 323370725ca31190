package dev.recall.sessions;

import static dev.recall.sessions.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * gptme: {@code ~/.local/share/gptme/logs/<conversation>/conversation.jsonl}, one message a line: {role: system |
 * user | assistant, content, timestamp, files, pinned, hide, quiet}. Tools run from code blocks inside the
 * assistant's text; their output comes back as system messages, archived as tool results (the pinned system prompt
 * and hidden messages are configuration and are not). The conversation's directory holds a
 * {@code workspace} link to the working directory.
 */
final class GptmeAdapter extends LineAdapter {
    @Override
    public String id() {
        return "gptme";
    }

    @Override
    public String displayName() {
        return "gptme";
    }

    @Override
    public String envVar() {
        return "RECALL_GPTME_DIR";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return List.of(platform.dataHome().resolve("gptme/logs"));
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        return files(location, p -> p.getFileName().toString().equals("conversation.jsonl")).stream()
                .map(this::file).toList();
    }

    @Override
    public boolean recognises(Probe probe) {
        if (!probe.name().endsWith(".jsonl")) {
            return false;
        }
        for (JsonNode r : probe.firstRecords()) {
            if (r.path("role").isTextual() && r.path("content").isTextual() && r.has("timestamp")
                    && !r.has("type") && !r.has("sessionId")) {
                return true;
            }
        }
        return false;
    }

    /** The conversation's directory names it. */
    @Override
    String sessionId(TranscriptFile file, String recordSessionId) {
        Path dir = file.path().getParent();
        return id() + ":" + (dir == null || dir.getFileName() == null ? file.stem() : dir.getFileName());
    }

    @Override
    TranscriptFormat format(TranscriptFile file) {
        String cwd = workspace(file.path());
        return (r, chunk) -> {
            chunk.noteCwd(cwd);
            String role = text(r, "role");
            if (role == null || !r.path("content").isTextual()) {
                return false;
            }
            Instant at = Json.time(r, "timestamp");
            chunk.seen(at);
            if (r.path("hide").asBoolean(false)) {
                return true;
            }
            String content = r.path("content").asText();
            switch (role) {
                case "user" -> chunk.user(content, null, at);
                case "assistant" -> chunk.assistant(content, null, at);
                case "system" -> {
                    // the system prompt (pinned, "You are gptme...") is configuration; the rest is tool output
                    if (!r.path("pinned").asBoolean(false) && !content.startsWith("You are")) {
                        chunk.result(null, content, at);
                    }
                }
                default -> { }
            }
            return true;
        };
    }

    private static String workspace(Path conversation) {
        Path link = conversation.resolveSibling("workspace");
        try {
            return Files.isSymbolicLink(link) ? link.resolveSibling(Files.readSymbolicLink(link)).normalize().toString()
                    : null;
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
