package dev.recall.sessions;

import java.util.List;
import java.util.Optional;

/** Every agent recall reads, in the order a file named on the command line is offered to them. */
public final class Agents {
    private static final List<AgentAdapter> ALL = List.of(
            new ClaudeCodeAdapter(),
            new CodexAdapter(),
            new GeminiCliAdapter(),
            new QwenCodeAdapter(),
            new CopilotCliAdapter(),
            new KiroAdapter(),
            new GptmeAdapter(),
            new AmpAdapter(),
            ClineAdapter.cline(),
            ClineAdapter.rooCode(),
            new AiderAdapter(),
            new OpenCodeAdapter(),
            new GooseAdapter(),
            new CursorAdapter(),
            new ZedAdapter());

    private Agents() {}

    public static List<AgentAdapter> all() {
        return ALL;
    }

    public static Optional<AgentAdapter> byId(String id) {
        return ALL.stream().filter(a -> a.id().equals(id)).findFirst();
    }

    static AgentAdapter claudeCode() {
        return byId(ClaudeCodeAdapter.ID).orElseThrow();
    }

    static AgentAdapter codex() {
        return byId(CodexAdapter.ID).orElseThrow();
    }
}
