package dev.recall.sessions;

import com.fasterxml.jackson.databind.JsonNode;

/** Turns one transcript record into messages and session metadata; unknown record types are ignored. */
interface TranscriptFormat {
    void read(JsonNode record, TranscriptChunk chunk);

    static TranscriptFormat of(TranscriptFile file) {
        return switch (file.agent()) {
            case CLAUDE_CODE -> new ClaudeCodeFormat(file.subagent());
            case CODEX -> new CodexFormat();
        };
    }
}
