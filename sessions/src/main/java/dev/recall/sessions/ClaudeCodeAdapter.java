package dev.recall.sessions;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;

/**
 * Claude Code: {@code $CLAUDE_CONFIG_DIR/projects} (else {@code ~/.claude/projects} on every OS), one directory per
 * sanitised cwd holding {@code <session>.jsonl} and {@code <session>/subagents/agent-*.jsonl}.
 */
final class ClaudeCodeAdapter extends LineAdapter {
    static final String ID = "claude-code";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String displayName() {
        return "Claude Code";
    }

    @Override
    public String envVar() {
        return "CLAUDE_CONFIG_DIR";
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return List.of(platform.home().resolve(".claude/projects"));
    }

    @Override
    public List<Path> locationsFrom(String envValue) {
        return List.of(Path.of(envValue).resolve("projects"));
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        // a compaction agent's internal file is not a transcript
        return files(location, p -> named(p, ".jsonl") && !p.getFileName().toString().startsWith("agent-acompact"))
                .stream().map(this::file).toList();
    }

    @Override
    public boolean recognises(Probe probe) {
        if (!probe.name().endsWith(".jsonl")) {
            return false;
        }
        for (JsonNode r : probe.firstRecords()) {
            if (r.has("payload") || r.path("message").has("parts")) {
                return false; // Codex's envelope; Qwen Code's Gemini-style messages
            }
            if (r.path("type").isTextual() && (r.has("sessionId") || r.has("uuid") || r.has("leafUuid")
                    || r.has("messageId"))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public TranscriptFile file(Path p) {
        Path parent = p.getParent();
        boolean inSubagents = parent != null && parent.getFileName() != null
                && parent.getFileName().toString().equals("subagents");
        boolean subagent = inSubagents || p.getFileName().toString().startsWith("agent-");
        String parentSession = inSubagents && parent.getParent() != null
                ? parent.getParent().getFileName().toString() : null;
        return new TranscriptFile(p, this, subagent, parentSession);
    }

    @Override
    TranscriptFormat format(TranscriptFile file) {
        return new ClaudeCodeFormat(file.subagent());
    }

    /**
     * Claude Code names a transcript after its session; a subagent's file is qualified by its parent session (agent
     * ids are short and repeat across sessions).
     */
    @Override
    String sessionId(TranscriptFile file, String recordSessionId) {
        String stem = file.stem();
        if (!file.subagent()) {
            return stem;
        }
        String parent = file.parentSessionId() != null ? file.parentSessionId() : recordSessionId;
        return parent == null ? stem : parent + ":" + stem;
    }
}
