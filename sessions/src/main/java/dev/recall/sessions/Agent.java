package dev.recall.sessions;

/** The coding agents whose transcripts recall reads; {@link #id()} is what the archive stores. */
public enum Agent {
    CLAUDE_CODE("claude-code"),
    CODEX("codex");

    private final String id;

    Agent(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Agent fromId(String id) {
        for (Agent a : values()) {
            if (a.id.equals(id)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown agent '" + id + "' (known: claude-code, codex)");
    }
}
