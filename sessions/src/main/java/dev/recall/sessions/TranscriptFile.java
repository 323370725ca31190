package dev.recall.sessions;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A transcript file found on disk: whose it is, and for a Claude Code subagent the session that spawned it.
 * One file is one archived session; the session id is derived here so the same file always maps to the same id.
 */
public record TranscriptFile(Path path, Agent agent, boolean subagent, String parentSessionId) {
    private static final Pattern UUID_SUFFIX =
            Pattern.compile("([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$");

    /** The file name without {@code .jsonl} / {@code .jsonl.zst}. */
    public String stem() {
        String name = path.getFileName().toString();
        if (name.endsWith(".zst")) {
            name = name.substring(0, name.length() - 4);
        }
        return name.endsWith(".jsonl") ? name.substring(0, name.length() - 6) : name;
    }

    /**
     * Claude Code names a transcript after its session; a subagent's file is qualified by its parent session
     * (agent ids are short and repeat across sessions). Codex's id comes from session_meta, else the file name.
     */
    String sessionId(String recordSessionId) {
        String stem = stem();
        if (agent == Agent.CLAUDE_CODE) {
            if (!subagent) {
                return stem;
            }
            String parent = parentSessionId != null ? parentSessionId : recordSessionId;
            return parent == null ? stem : parent + ":" + stem;
        }
        if (recordSessionId != null && !recordSessionId.isBlank()) {
            return recordSessionId;
        }
        Matcher m = UUID_SUFFIX.matcher(stem);
        return m.find() ? m.group(1) : stem;
    }
}
