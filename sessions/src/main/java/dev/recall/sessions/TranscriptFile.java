package dev.recall.sessions;

import java.nio.file.Path;

/**
 * A session source found on disk and the adapter that reads it; for a Claude Code subagent, the session that spawned
 * it. A source no adapter recognises has no agent and says why ({@link #unrecognised()}): sync reports it and reads
 * nothing from it.
 */
public record TranscriptFile(Path path, AgentAdapter agent, boolean subagent, String parentSessionId,
        String unrecognised) {

    public TranscriptFile(Path path, AgentAdapter agent, boolean subagent, String parentSessionId) {
        this(path, agent, subagent, parentSessionId, null);
    }

    static TranscriptFile unrecognised(Path path, String reason) {
        return new TranscriptFile(path, null, false, null, reason);
    }

    public boolean recognised() {
        return agent != null;
    }

    /** The file name without {@code .jsonl} / {@code .jsonl.zst} / {@code .json}. */
    public String stem() {
        String name = path.getFileName().toString();
        if (name.endsWith(".zst")) {
            name = name.substring(0, name.length() - 4);
        }
        for (String ext : new String[] {".jsonl", ".json"}) {
            if (name.endsWith(ext)) {
                return name.substring(0, name.length() - ext.length());
            }
        }
        return name;
    }

    /** The archive's id for the session this file holds; the same file always maps to the same id. */
    String sessionId(String recordSessionId) {
        return ((LineAdapter) agent).sessionId(this, recordSessionId);
    }
}
